import type { Request, Response } from 'express';
import multer from 'multer';
import { HttpError } from './errors.js';
import { isMultipart, problemIn } from './request-guards.js';

/** One uploaded file, held in memory (uploads are bounded by `maxBytes`). */
export interface UploadedFile {
  bytes: Buffer;
  /** The name the browser gave (never trusted for the type). */
  originalName: string;
}

export interface Upload {
  /** The text parts, by name (a name sent twice keeps its last value). */
  fields: Record<string, string>;
  file: UploadedFile | undefined;
}

export interface UploadLimits {
  /** The one file part's name. */
  fileField: string;
  maxBytes: number;
  /** Answer for a file over `maxBytes` (413). */
  tooLarge: () => HttpError;
}

/** Room for the text parts and multipart framing around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
const MALFORMED_MESSAGE = 'Envio do arquivo inválido. Tente novamente.';
export const MULTIPART_REQUIRED_MESSAGE = 'Envie o arquivo como multipart/form-data';

/**
 * Reads a multipart/form-data request (after the caller was authorised: nobody else's bytes are
 * read): text parts and at most one file of at most `maxBytes`. A body announced as larger is
 * refused before any byte is read.
 */
export async function receiveUpload(req: Request, res: Response, limits: UploadLimits): Promise<Upload> {
  if (!isMultipart(req)) {
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', MULTIPART_REQUIRED_MESSAGE);
  }
  const announced = Number(req.headers['content-length'] ?? 0);
  if (announced > limits.maxBytes + FORM_OVERHEAD_BYTES) throw limits.tooLarge();
  const parse = multer({
    storage: multer.memoryStorage(),
    // Browsers send file names as UTF-8 ("março.pdf"), not Latin-1.
    defParamCharset: 'utf8',
    limits: { fileSize: limits.maxBytes, files: 1, fields: 10, fieldSize: 32 * 1024, parts: 12 },
  }).single(limits.fileField);
  await new Promise<void>((resolve, reject) => {
    parse(req, res, (error: unknown) => (error ? reject(uploadError(error, limits)) : resolve()));
  });
  // Multipart text is read here, after the JSON body guard ran: the same rules apply to it.
  const problem = problemIn(req.body) ?? problemIn(req.file?.originalname);
  if (problem) throw problem;
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries((req.body ?? {}) as Record<string, unknown>)) {
    const last: unknown = Array.isArray(value) ? value[value.length - 1] : value;
    if (typeof last === 'string') fields[name] = last;
  }
  const file = req.file ? { bytes: req.file.buffer, originalName: req.file.originalname } : undefined;
  return { fields, file };
}

function uploadError(error: unknown, limits: UploadLimits): HttpError {
  if (error instanceof multer.MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') return limits.tooLarge();
    if (error.code === 'LIMIT_UNEXPECTED_FILE' || error.code === 'LIMIT_FILE_COUNT') {
      return new HttpError(400, 'UPLOAD_INVALID', `Envie um único arquivo no campo ${limits.fileField}`);
    }
  }
  return new HttpError(400, 'UPLOAD_INVALID', MALFORMED_MESSAGE);
}
