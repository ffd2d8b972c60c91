/** The extension stored media gets for each MIME type the channels deliver. */
export const MEDIA_EXTENSIONS: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'video/quicktime': 'mov',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/amr': 'amr',
  'application/pdf': 'pdf',
  'application/zip': 'zip',
  'application/msword': 'doc',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'text/plain': 'txt',
  'text/csv': 'csv',
};

/**
 * Extensions a driver also writes (from a subtype or a file name) whose type is worth knowing. Types
 * a browser would run (html, svg, js) are left out on purpose: they are served as bytes to download.
 */
const OTHER_TYPES: Readonly<Record<string, string>> = {
  jpeg: 'image/jpeg',
  heic: 'image/heic',
  heif: 'image/heif',
  opus: 'audio/ogg',
  wav: 'audio/wav',
  webm: 'video/webm',
  m4v: 'video/mp4',
};

const BY_EXTENSION: ReadonlyMap<string, string> = new Map([
  ...Object.entries(MEDIA_EXTENSIONS).map(([type, extension]) => [extension, type] as const),
  ...Object.entries(OTHER_TYPES),
]);

/**
 * The MIME type of a stored file, from its name's extension (files keep no other record of it);
 * default `application/octet-stream`.
 */
export function contentTypeOfName(name: string): string {
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  return BY_EXTENSION.get(extension) ?? 'application/octet-stream';
}
