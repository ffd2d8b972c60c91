import type { ChatMessage } from '../../messages/messages-endpoints';
import {
  OUTBOUND_CAPTION_MAX,
  OUTBOUND_MEDIA_MAX_BYTES,
  OUTBOUND_MEDIA_TYPES,
  outboundMediaKind,
} from '@atende/events/outbound-media';
import { CAPTION_TOO_LONG_TEXT, MEDIA_TOO_LARGE_TEXT, MEDIA_TYPE_NOT_ALLOWED_TEXT } from './mediaTexts';

export type MediaKind = Exclude<ChatMessage['type'], 'text'>;

/** The server's limits (shared rules): checked here too, before any byte is uploaded. */
export const MEDIA_MAX_BYTES = OUTBOUND_MEDIA_MAX_BYTES;
export const CAPTION_MAX_LENGTH = OUTBOUND_CAPTION_MAX;

/**
 * The usual extensions of the allowed types: browsers report no type, or another name, for some
 * files (.wav, .m4a, .docx without Office), so the name decides then.
 */
const EXTENSION_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  amr: 'audio/amr',
  wav: 'audio/wav',
  weba: 'audio/webm',
  pdf: 'application/pdf',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
};

/** The file input's `accept`: the types and the extensions above. */
export const MEDIA_ACCEPT = [
  ...Object.keys(OUTBOUND_MEDIA_TYPES),
  ...Object.keys(EXTENSION_TYPES).map((extension) => `.${extension}`),
].join(',');

/** The kind of message a file makes (by its type, else its extension), or undefined when not allowed. */
export function mediaKindOf(file: File): MediaKind | undefined {
  const byType = outboundMediaKind(file.type.split(';')[0]!.trim());
  if (byType && byType !== 'text') return byType;
  const dot = file.name.lastIndexOf('.');
  const byName =
    dot > 0 ? outboundMediaKind(EXTENSION_TYPES[file.name.slice(dot + 1).toLowerCase()]) : undefined;
  return byName && byName !== 'text' ? byName : undefined;
}

/** A file checked before any upload: its kind, or the pt-BR reason it may not be sent. */
export type MediaCheck = { kind: MediaKind; error?: undefined } | { kind?: undefined; error: string };

export function checkMedia(file: File): MediaCheck {
  const kind = mediaKindOf(file);
  if (!kind) return { error: MEDIA_TYPE_NOT_ALLOWED_TEXT };
  if (file.size > MEDIA_MAX_BYTES) return { error: MEDIA_TOO_LARGE_TEXT };
  return { kind };
}

/** Why a caption may not go with a file, or null. */
export const captionRefusal = (caption: string): string | null =>
  caption.length > CAPTION_MAX_LENGTH ? CAPTION_TOO_LONG_TEXT : null;
