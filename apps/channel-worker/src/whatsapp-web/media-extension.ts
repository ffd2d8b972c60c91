const BY_MIME: Readonly<Record<string, string>> = {
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

const SHORT = /^[a-z0-9]{1,8}$/;

/**
 * File extension for stored media: from the MIME type (parameters such as `; codecs=opus`
 * ignored), else the original file name's, else the MIME subtype when short; default `bin`.
 */
export function extensionFor(mimetype: string | null | undefined, filename?: string | null): string {
  const mime = (mimetype ?? '').split(';')[0]!.trim().toLowerCase();
  const known = BY_MIME[mime];
  if (known) return known;
  const fromName = filename?.includes('.') ? filename.split('.').pop()!.toLowerCase() : '';
  if (SHORT.test(fromName)) return fromName;
  const subtype = mime.split('/')[1] ?? '';
  return SHORT.test(subtype) ? subtype : 'bin';
}
