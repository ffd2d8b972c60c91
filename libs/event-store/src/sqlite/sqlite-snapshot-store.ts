import type Database from 'better-sqlite3';
import type { SnapshotStore, StoredSnapshot } from '@atende/events';

/** Snapshots in the event log's own file (its `snapshots` table), beside the events they fold. */
export class SqliteSnapshotStore implements SnapshotStore {
  private readonly select: Database.Statement<[string], StoredSnapshot>;
  private readonly upsert: Database.Statement<[string, string, number, number, string]>;

  constructor(db: Database.Database) {
    this.select = db.prepare('SELECT version, schema, state FROM snapshots WHERE stream_id = ?');
    this.upsert = db.prepare(
      `INSERT INTO snapshots (stream_id, workspace_id, version, schema, state) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(stream_id) DO UPDATE SET workspace_id = excluded.workspace_id, version = excluded.version,
         schema = excluded.schema, state = excluded.state
       WHERE excluded.version >= snapshots.version`,
    );
  }

  async read(streamId: string): Promise<StoredSnapshot | undefined> {
    return this.select.get(streamId);
  }

  async write(streamId: string, workspaceId: string, snapshot: StoredSnapshot): Promise<void> {
    this.upsert.run(streamId, workspaceId, snapshot.version, snapshot.schema, snapshot.state);
  }
}
