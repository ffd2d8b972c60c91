import type { Request, Response } from 'express';
import type { StoredMedia } from '@atende/events';

/**
 * Types a browser may show in the page. Anything else a customer sent (HTML, SVG, scripts…) could
 * run in our origin if shown, so it goes out as bytes to download.
 */
const INLINE =
  /^(image\/(jpeg|png|webp|gif|heic|heif)|audio\/[a-z0-9.+-]+|video\/[a-z0-9.+-]+|application\/pdf|text\/(plain|csv))$/;

/** The type a stored media is served as: its own when safe to show (parameters dropped), else a download. */
export function servedType(contentType: string): { contentType: string; download: boolean } {
  const base = contentType.split(';')[0]!.trim().toLowerCase();
  return INLINE.test(base)
    ? { contentType: base, download: false }
    : { contentType: 'application/octet-stream', download: true };
}

/**
 * Sends a media's bytes: private caching, ETag (a 304 when unchanged), and one byte range, which
 * players need to seek in audio and video (Safari plays nothing without it).
 */
export function sendMedia(req: Request, res: Response, media: StoredMedia): void {
  const { contentType, download } = servedType(media.contentType);
  res.set({
    'content-type': contentType,
    'cache-control': 'private, max-age=86400',
    'x-content-type-options': 'nosniff',
    'accept-ranges': 'bytes',
    ...(download ? { 'content-disposition': 'attachment' } : {}),
  });
  const size = media.bytes.length;
  const ranges = req.headers.range ? req.range(size, { combine: true }) : undefined;
  if (ranges === -1) {
    res.status(416).set('content-range', `bytes */${size}`).end();
    return;
  }
  // Several ranges (multipart answers) or a malformed header: the whole file, as the spec allows.
  if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1) {
    const { start, end } = ranges[0]!;
    res
      .status(206)
      .set('content-range', `bytes ${start}-${end}/${size}`)
      .end(media.bytes.subarray(start, end + 1));
    return;
  }
  res.status(200).send(media.bytes);
}
