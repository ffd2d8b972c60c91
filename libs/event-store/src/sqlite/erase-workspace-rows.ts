/**
 * A workspace's erasure in the SQLite event store's file: its events and snapshots deleted in one transaction,
 * with secure_delete on. Apart from the class (sqlite-event-store.ts), which writes pending appends
 * first, and afterwards forgets the recent events and checkpoints the WAL.
 */
import type Database from 'better-sqlite3';
import type { EraseWorkspaceOptions } from '@atende/events';

/**
 * Deletes the workspace's events in one transaction (a failure erases nothing), with SQLite's
 * secure_delete on so the freed pages are zeroed; returns how many were deleted.
 */
export function deleteWorkspaceRows(
  db: Database.Database,
  workspaceId: string,
  options: EraseWorkspaceOptions,
): number {
  const keep = JSON.stringify([...options.keepTypes]);
  const keepStreams = JSON.stringify([...(options.keepStreams ?? [])]);
  const erase = db.transaction((): number => {
    const streams = db
      .prepare<[string, string, string], { stream_id: string }>(
        `DELETE FROM events WHERE workspace_id = ? AND type NOT IN (SELECT value FROM json_each(?))
         AND stream_id NOT IN (SELECT value FROM json_each(?))
         RETURNING stream_id`,
      )
      .all(workspaceId, keep, keepStreams);
    const emptied = db.prepare<[string, string]>(
      'DELETE FROM streams WHERE stream_id = ? AND NOT EXISTS (SELECT 1 FROM events WHERE stream_id = ?)',
    );
    for (const stream of new Set(streams.map((row) => row.stream_id))) emptied.run(stream, stream);
    // A snapshot outliving its events would bring the erased state back on the next load.
    db.prepare<[string]>('DELETE FROM snapshots WHERE workspace_id = ?').run(workspaceId);
    return streams.length;
  });
  db.pragma('secure_delete = ON');
  let erased: number;
  try {
    erased = erase.immediate();
  } finally {
    db.pragma('secure_delete = OFF');
  }
  return erased;
}
