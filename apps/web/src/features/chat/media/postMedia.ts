import type { SendAnswer } from '@atende/api-contract';
import { ApiError } from '../../../api/api-error';
import { apiUrl, NETWORK_ERROR_TEXT, TIMEOUT_TEXT } from '../../../api/client';
import { SEND_ERROR_TEXT } from '../texts';
import { MEDIA_TOO_LARGE_TEXT } from './mediaTexts';

/** POST /api/whatsapp/send-media's answer: the same as POST /api/whatsapp/send's (the contract's). */
export type MediaSendAnswer = SendAnswer;

export interface MediaUpload {
  conversationId: string;
  /** '' for none (then not sent). */
  caption: string;
  /** The idempotency key: a retry with the same one never makes a second message. */
  clientMessageId: string;
  file: File;
}

/** 16 MB on a slow line takes minutes; past this the upload counts as lost (a retry is idempotent). */
export const UPLOAD_TIMEOUT_MS = 5 * 60_000;

/** The answer's body, or the ApiError of a refusal (the server's pt-BR text, shown as it is). */
function answerOf(status: number, text: string): MediaSendAnswer {
  let body: unknown = null;
  try {
    body = text === '' ? {} : JSON.parse(text);
  } catch {
    // Not JSON: a proxy's page (its 413 is still 'too large').
  }
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : null;
  if (status >= 200 && status < 300 && record && record.success !== false) return record as MediaSendAnswer;
  const serverText = typeof record?.error === 'string' && record.error ? record.error : null;
  const message = serverText ?? (status === 413 ? MEDIA_TOO_LARGE_TEXT : SEND_ERROR_TEXT);
  const code = typeof record?.code === 'string' ? record.code : `HTTP_${status}`;
  throw new ApiError(message, status, code);
}

/**
 * POST /api/whatsapp/send-media as multipart/form-data, the file last (the server reads the fields
 * before the bytes). XMLHttpRequest rather than fetch: only it reports upload progress, given here
 * in whole percent. Rejects with an ApiError, like `apiRequest`: the server's text, 'Erro de
 * conexão' without an answer, or the timeout text.
 */
export function postMedia(
  upload: MediaUpload,
  onProgress: (percent: number) => void,
): Promise<MediaSendAnswer> {
  const form = new FormData();
  form.append('conversationId', upload.conversationId);
  if (upload.caption) form.append('caption', upload.caption);
  form.append('clientMessageId', upload.clientMessageId);
  form.append('file', upload.file, upload.file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('/api/whatsapp/send-media'));
    xhr.setRequestHeader('Accept', 'application/json');
    // The server refuses state changes without it (same-site forgery guard); cookies go same-origin.
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      try {
        resolve(answerOf(xhr.status, xhr.responseText));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR_TEXT, 0, 'NETWORK_ERROR'));
    xhr.onabort = xhr.onerror;
    xhr.ontimeout = () => reject(new ApiError(TIMEOUT_TEXT, 0, 'TIMEOUT'));
    xhr.send(form);
  });
}
