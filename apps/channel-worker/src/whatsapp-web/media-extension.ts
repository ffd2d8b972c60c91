import { MEDIA_EXTENSIONS } from '@atende/event-store';

const SHORT = /^[a-z0-9]{1,8}$/;

/**
 * File extension for stored media: from the MIME type (parameters such as `; codecs=opus`
 * ignored), else the original file name's, else the MIME subtype when short; default `bin`.
 */
export function extensionFor(mimetype: string | null | undefined, filename?: string | null): string {
  const mime = (mimetype ?? '').split(';')[0]!.trim().toLowerCase();
  const known = MEDIA_EXTENSIONS[mime];
  if (known) return known;
  const fromName = filename?.includes('.') ? filename.split('.').pop()!.toLowerCase() : '';
  if (SHORT.test(fromName)) return fromName;
  const subtype = mime.split('/')[1] ?? '';
  return SHORT.test(subtype) ? subtype : 'bin';
}
