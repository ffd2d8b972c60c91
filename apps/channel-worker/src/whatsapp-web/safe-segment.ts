import { createHash } from 'node:crypto';

const SAFE = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * An id usable as one path segment and as a whatsapp-web.js LocalAuth `clientId` (letters, digits,
 * `_` and `-` only): the id itself when it already is, else `h-` and a hash of it.
 */
export function safeSegment(id: string): string {
  if (SAFE.test(id)) return id;
  return `h-${createHash('sha256').update(id).digest('hex').slice(0, 40)}`;
}
