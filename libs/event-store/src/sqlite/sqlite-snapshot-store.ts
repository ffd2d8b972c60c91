import type Database from 'better-sqlite3';
import type { SnapshotStore, StoredSnapshot } from '@atende/events';

/** Snapshots in the event log's own file (its `snapshots` table), beside the events they fold. */
export class SqliteSnapshotStore implements SnapshotStore {
  private readonly select: Database.Statement<[string], StoredSnapshot>;
  private readonly upsert: Database.Statement<[string, string, number, number, string, string, number]>;

  constructor(db: Database.Database) {
    this.select = db.prepare('SELECT version, schema, state FROM snapshots WHERE stream_id = ?');
    this.upsert = db.prepare(
      `INSERT INTO snapshots (stream_id, workspace_id, version, schema, state)
       SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM events WHERE stream_id = ? AND stream_position = ?)
       ON CONFLICT(stream_id) DO UPDATE SET workspace_id = excluded.workspace_id, version = excluded.version,
         schema = excluded.schema, state = excluded.state
       WHERE excluded.version >= snapshots.version`,
    );
  }

  async read(streamId: string): Promise<StoredSnapshot | undefined> {
    return this.select.get(streamId);
  }

  /** Kept only while the event it was folded up to is stored: never for a stream erased meanwhile. */
  async write(streamId: string, workspaceId: string, snapshot: StoredSnapshot): Promise<void> {
    const { version, schema, state } = snapshot;
    this.upsert.run(streamId, workspaceId, version, schema, state, streamId, version);
  }
}
