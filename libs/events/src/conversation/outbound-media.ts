import { DomainError } from '../core/errors.js';
import type { MessageType } from './messages.js';

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

/** A file an agent attached, as stored before the message is requested. */
export interface OutboundMedia {
  /** `/api/media/<id>`: where the stored bytes are served (and fetched by the channel worker). */
  mediaUrl: string;
  /** Detected from the bytes; one of OUTBOUND_MEDIA_TYPES. */
  mimeType: string;
  /** The name the customer sees (documents), made safe. */
  fileName: string;
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
}

const FILE_NAME_MAX = 200;

/**
 * A name safe to show and to hand to WhatsApp: the last path segment, without control characters,
 * at most 200 characters; `arquivo` when nothing is left.
 */
export function safeFileName(raw: string | undefined): string {
  const last = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = last.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return cleaned.slice(0, FILE_NAME_MAX) || 'arquivo';
}

/** The media's type, checked again where the message is decided (a caller may not skip the gateway's check). */
export function requireOutboundMedia(media: OutboundMedia): MessageType {
  const kind = outboundMediaKind(media.mimeType);
  if (!kind) throw new DomainError('MEDIA_TYPE_NOT_ALLOWED', MEDIA_TYPE_NOT_ALLOWED_MESSAGE);
  if (media.size > OUTBOUND_MEDIA_MAX_BYTES)
    throw new DomainError('MEDIA_TOO_LARGE', MEDIA_TOO_LARGE_MESSAGE);
  return kind;
}
