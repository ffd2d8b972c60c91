import { OUTBOUND_CONTENT_MAX, type MessageType } from './messages.js';

// What an agent may send, as plain data: the gateway and the domain enforce it, the web client reads
// the same rules (`@atende/events/outbound-media`, no runtime dependency) to refuse before uploading.

/** A file's caption is its message's text: the same limit. */
export const OUTBOUND_CAPTION_MAX = OUTBOUND_CONTENT_MAX;

/** The largest file an agent may send (WhatsApp's own limit for media). */
export const OUTBOUND_MEDIA_MAX_BYTES = 16 * 1024 * 1024;

export const MEDIA_TOO_LARGE_MESSAGE = 'Arquivo maior que 16 MB';
export const MEDIA_TYPE_NOT_ALLOWED_MESSAGE =
  'Tipo de arquivo não permitido. Envie imagem, PDF, documento ou áudio.';
export const MEDIA_MISSING_MESSAGE = 'Selecione um arquivo';

const OOXML = 'application/vnd.openxmlformats-officedocument';
const OPENDOCUMENT = 'application/vnd.oasis.opendocument';

/**
 * The MIME types an agent may send, as detected from the bytes (never the name or the browser's
 * word), and the kind of message each makes. Anything else (scripts, HTML, SVG, archives,
 * executables) is refused: the customer's phone would open it.
 */
export const OUTBOUND_MEDIA_TYPES: Readonly<Record<string, MessageType>> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/webp': 'image',
  'image/gif': 'image',
  'video/mp4': 'video',
  'audio/ogg': 'audio',
  'audio/opus': 'audio',
  'audio/mpeg': 'audio',
  'audio/mp4': 'audio',
  'audio/aac': 'audio',
  'audio/x-m4a': 'audio',
  'audio/amr': 'audio',
  'audio/wav': 'audio',
  'audio/webm': 'audio',
  'application/pdf': 'document',
  [`${OOXML}.wordprocessingml.document`]: 'document',
  [`${OOXML}.spreadsheetml.sheet`]: 'document',
  [`${OOXML}.presentationml.presentation`]: 'document',
  [`${OPENDOCUMENT}.text`]: 'document',
  [`${OPENDOCUMENT}.spreadsheet`]: 'document',
  [`${OPENDOCUMENT}.presentation`]: 'document',
  'application/msword': 'document',
  'application/vnd.ms-excel': 'document',
  'application/vnd.ms-powerpoint': 'document',
  // Old Office files (CFB containers) are detected as this; they are Word/Excel/PowerPoint files.
  'application/x-cfb': 'document',
};

/** The kind of message a detected MIME type makes, or undefined when it may not be sent. */
export function outboundMediaKind(mimeType: string | undefined): MessageType | undefined {
  return mimeType === undefined ? undefined : OUTBOUND_MEDIA_TYPES[mimeType.toLowerCase()];
}
