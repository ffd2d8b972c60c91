import type { PoolClient } from 'pg';
import type { EraseWorkspaceOptions } from '@atende/events';
import type { EventStoreSql } from './schema.js';

/**
 * Deletes the workspace's events (but those of `keepTypes` and of `keepStreams`) inside the caller's
 * write transaction, and forgets the streams left empty, so they start again at position 0, as in
 * the SQLite store. Answers how many events went.
 *
 * PostgreSQL keeps the deleted rows' bytes on disk until VACUUM reuses their space, and in its WAL
 * and backups: what makes an erasure final there is crypto-shredding (EncryptedEventStore).
 */
export async function eraseWorkspaceEvents(
  client: PoolClient,
  sql: EventStoreSql,
  workspaceId: string,
  options: EraseWorkspaceOptions,
): Promise<number> {
  const erased = await client.query<{ stream_id: string }>(sql.eraseEvents, [
    workspaceId,
    [...options.keepTypes],
    [...(options.keepStreams ?? [])],
  ]);
  if (erased.rows.length > 0) {
    await client.query(sql.dropEmptiedStreams, [[...new Set(erased.rows.map((row) => row.stream_id))]]);
  }
  return erased.rows.length;
}
