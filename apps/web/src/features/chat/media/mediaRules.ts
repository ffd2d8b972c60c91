import type { ChatMessage } from '../../messages/messagesSlice';
import { CAPTION_TOO_LONG_TEXT, MEDIA_TOO_LARGE_TEXT, MEDIA_TYPE_NOT_ALLOWED_TEXT } from './mediaTexts';

export type MediaKind = Exclude<ChatMessage['type'], 'text'>;

/** WhatsApp's limit for a file (16 MB); the server checks it again. */
export const MEDIA_MAX_BYTES = 16 * 1024 * 1024;
/** WhatsApp's limit for a caption. */
export const CAPTION_MAX_LENGTH = 4096;

const OOXML = 'application/vnd.openxmlformats-officedocument';
const ODF = 'application/vnd.oasis.opendocument';

/**
 * What an agent may send: MIME type → kind of message and the extensions that stand for it
 * (browsers report no type, or another name, for some files: .wav, .m4a, .docx without Office).
 * The server's list, which decides from the bytes, is the same.
 */
const MEDIA_TYPES: Record<string, readonly [MediaKind, string]> = {
  'image/jpeg': ['image', 'jpg jpeg'],
  'image/png': ['image', 'png'],
  'image/webp': ['image', 'webp'],
  'image/gif': ['image', 'gif'],
  'video/mp4': ['video', 'mp4'],
  'audio/ogg': ['audio', 'ogg oga opus'],
  'audio/opus': ['audio', ''],
  'audio/mpeg': ['audio', 'mp3'],
  'audio/mp4': ['audio', 'm4a'],
  'audio/x-m4a': ['audio', ''],
  'audio/aac': ['audio', 'aac'],
  'audio/amr': ['audio', 'amr'],
  'audio/wav': ['audio', 'wav'],
  'audio/webm': ['audio', 'weba'],
  'application/pdf': ['document', 'pdf'],
  'application/msword': ['document', 'doc'],
  'application/vnd.ms-excel': ['document', 'xls'],
  'application/vnd.ms-powerpoint': ['document', 'ppt'],
  [`${OOXML}.wordprocessingml.document`]: ['document', 'docx'],
  [`${OOXML}.spreadsheetml.sheet`]: ['document', 'xlsx'],
  [`${OOXML}.presentationml.presentation`]: ['document', 'pptx'],
  [`${ODF}.text`]: ['document', 'odt'],
  [`${ODF}.spreadsheet`]: ['document', 'ods'],
  [`${ODF}.presentation`]: ['document', 'odp'],
};

const BY_EXTENSION = new Map<string, MediaKind>(
  Object.values(MEDIA_TYPES).flatMap(([kind, extensions]) =>
    extensions ? extensions.split(' ').map((extension) => [extension, kind] as const) : [],
  ),
);

/** The file input's `accept`: the types and the extensions above. */
export const MEDIA_ACCEPT = [
  ...Object.keys(MEDIA_TYPES),
  ...[...BY_EXTENSION.keys()].map((extension) => `.${extension}`),
].join(',');

/** The kind of message a file makes (by its type, else its extension), or undefined when not allowed. */
export function mediaKindOf(file: File): MediaKind | undefined {
  const type = file.type.split(';')[0]!.trim().toLowerCase();
  const byType = MEDIA_TYPES[type]?.[0];
  if (byType) return byType;
  const dot = file.name.lastIndexOf('.');
  return dot > 0 ? BY_EXTENSION.get(file.name.slice(dot + 1).toLowerCase()) : undefined;
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
