import type Database from 'better-sqlite3';
import type { FieldCipher } from './field-cipher.js';
import { mediaIdOf } from '@atende/events';
import { opened, type MediaResealer } from './legacy-conversations.js';

/** The events that name a customer's media file (its `/api/media/…` URL, a sealed field). */
const MEDIA_EVENT_TYPES = ['InboundMessageReceived', 'MessageMediaStored'];

/**
 * Seals with their customer's key the media files stored before media sealing (part of `npm run
 * events -- encrypt`): every media the log names, once each; those sealed already are left as they
 * are. Answers how many were sealed. Media whose events' key is gone (an erased customer) are not
 * read: their files went with the erasure.
 */
export async function sealPlainMedia(
  db: Database.Database,
  cipher: FieldCipher,
  media: MediaResealer,
): Promise<number> {
  const rows = db
    .prepare<string[], { s: string; w: string; d: string }>(
      `SELECT stream_id AS s, workspace_id AS w, data AS d FROM events
       WHERE type IN (${MEDIA_EVENT_TYPES.map(() => '?').join(', ')}) ORDER BY global_position`,
    )
    .all(...MEDIA_EVENT_TYPES);
  const seen = new Set<string>();
  let sealed = 0;
  for (const row of rows) {
    const data = await opened(cipher, JSON.parse(row.d) as Record<string, unknown>);
    const mediaId = mediaIdOf(data?.mediaUrl);
    if (!mediaId || seen.has(`${row.w}\u0000${mediaId}`)) continue;
    seen.add(`${row.w}\u0000${mediaId}`);
    if (await media.reseal(row.w, mediaId, { conversationStreamId: row.s })) sealed += 1;
  }
  return sealed;
}
