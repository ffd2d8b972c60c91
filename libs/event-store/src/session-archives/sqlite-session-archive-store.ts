import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { SessionArchiveStore } from '@atende/events';

/** The file of the embedded mode's saved WhatsApp logins, in DATA_DIR. */
export const SESSION_ARCHIVES_FILE = 'wwebjs-sessions.db';

/**
 * Saved WhatsApp logins in a SQLite file of their own (embedded mode, or processes on one machine):
 * one row per workspace and session. `secure_delete` zeroes a deleted archive's pages, and a
 * workspace's deletion truncates the WAL, so its bytes do not linger in the file.
 */
export class SqliteSessionArchiveStore implements SessionArchiveStore {
  private readonly db: Database.Database;
  private readonly stmt: {
    put: Database.Statement<[string, string, Buffer, number]>;
    get: Database.Statement<[string, string], { bytes: Buffer }>;
    delete: Database.Statement<[string, string]>;
    deleteWorkspace: Database.Statement<[string]>;
  };

  /** `filename`: e.g. `DATA_DIR/wwebjs-sessions.db` (`SESSION_ARCHIVES_FILE`), or `:memory:`. */
  constructor(private readonly filename: string) {
    if (filename !== ':memory:') mkdirSync(path.dirname(path.resolve(filename)), { recursive: true });
    this.db = new Database(filename);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('secure_delete = ON');
    // Several processes of one machine may share the file (each channel worker saves its sessions).
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`CREATE TABLE IF NOT EXISTS session_archives (
      workspace_id TEXT NOT NULL, session_id TEXT NOT NULL, bytes BLOB NOT NULL,
      saved_at INTEGER NOT NULL, PRIMARY KEY (workspace_id, session_id))`);
    this.stmt = {
      put: this.db.prepare(
        `INSERT INTO session_archives (workspace_id, session_id, bytes, saved_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (workspace_id, session_id) DO UPDATE SET bytes = excluded.bytes, saved_at = excluded.saved_at`,
      ),
      get: this.db.prepare('SELECT bytes FROM session_archives WHERE workspace_id = ? AND session_id = ?'),
      delete: this.db.prepare('DELETE FROM session_archives WHERE workspace_id = ? AND session_id = ?'),
      deleteWorkspace: this.db.prepare('DELETE FROM session_archives WHERE workspace_id = ?'),
    };
  }

  async put(workspaceId: string, sessionId: string, bytes: Buffer): Promise<void> {
    if (!workspaceId || !sessionId) throw new TypeError('workspaceId and sessionId are required');
    this.stmt.put.run(workspaceId, sessionId, bytes, Date.now());
  }

  async get(workspaceId: string, sessionId: string): Promise<Buffer | undefined> {
    return this.stmt.get.get(workspaceId, sessionId)?.bytes;
  }

  async delete(workspaceId: string, sessionId: string): Promise<void> {
    this.stmt.delete.run(workspaceId, sessionId);
  }

  async deleteWorkspace(workspaceId: string): Promise<void> {
    const { changes } = this.stmt.deleteWorkspace.run(workspaceId);
    // The deleted rows' pages may still be in the WAL: write them back (zeroed) and empty it.
    if (changes > 0 && this.filename !== ':memory:') this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
