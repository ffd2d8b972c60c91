import Database from 'better-sqlite3';
import { assertPosition, type CheckpointStore } from '@atende/events';

/** Checkpoints of log consumers in a SQLite file (embedded mode keeps it next to the event log). */
export class SqliteCheckpointStore implements CheckpointStore {
  private readonly db: Database.Database;
  private readonly selectStmt: Database.Statement<[string], { position: number }>;
  private readonly upsertStmt: Database.Statement<[string, number]>;

  constructor(filename: string) {
    this.db = new Database(filename);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`CREATE TABLE IF NOT EXISTS consumer_checkpoints (
      consumer TEXT PRIMARY KEY,
      position INTEGER NOT NULL
    ) WITHOUT ROWID`);
    this.selectStmt = this.db.prepare('SELECT position FROM consumer_checkpoints WHERE consumer = ?');
    this.upsertStmt = this.db.prepare(
      `INSERT INTO consumer_checkpoints (consumer, position) VALUES (?, ?)
       ON CONFLICT (consumer) DO UPDATE SET position = excluded.position`,
    );
  }

  async load(consumer: string): Promise<number | undefined> {
    return this.selectStmt.get(consumer)?.position;
  }

  async save(consumer: string, position: number): Promise<void> {
    assertPosition(position);
    this.upsertStmt.run(consumer, position);
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
