import { DomainError } from '../core/errors.js';
import type { MessageType } from './messages.js';
import {
  MEDIA_TOO_LARGE_MESSAGE,
  MEDIA_TYPE_NOT_ALLOWED_MESSAGE,
  OUTBOUND_MEDIA_MAX_BYTES,
  outboundMediaKind,
} from './outbound-media-rules.js';

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
