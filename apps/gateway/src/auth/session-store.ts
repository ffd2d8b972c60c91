import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export interface SessionRecord {
  userId: string;
  workspaceId: string;
  createdAt: number;
  expiresAt: number;
}

/** Sessions that just ended: one (logout, a switch), or a user's (in one workspace, or everywhere). */
export type SessionEnding = { tokenHash: string } | { userId: string; workspaceId?: string };

/**
 * Who to tell when sessions end in this process (the sockets of those sessions close at once; with
 * a shared Socket.IO adapter, on every gateway).
 */
export class SessionEndListeners {
  private readonly listeners = new Set<(ending: SessionEnding) => void>();

  onEnded(listener: (ending: SessionEnding) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify(ending: SessionEnding): void {
    for (const listener of this.listeners) listener(ending);
  }
}

/** Server-side sessions: the cookie holds a random token, the store only its SHA-256. */
export interface SessionStore {
  /** Calls `listener` after every delete / deleteAllOfUser of this store object; returns the unsubscribe. */
  onEnded(listener: (ending: SessionEnding) => void): () => void;
  /** Creates a session and returns the token to put in the cookie. */
  create(record: SessionRecord): Promise<string>;
  /** The live session of a token hash, or undefined (unknown or expired). */
  get(tokenHash: string, now: number): Promise<SessionRecord | undefined>;
  extend(tokenHash: string, expiresAt: number): Promise<void>;
  delete(tokenHash: string): Promise<void>;
  /** Ends every session of a user; with `workspaceId`, only those opened in that workspace. */
  deleteAllOfUser(userId: string, workspaceId?: string): Promise<void>;
  close(): Promise<void>;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Sessions in a small SQLite file next to the event store (embedded mode). */
interface SessionRow {
  user_id: string;
  workspace_id: string;
  created_at: number;
  expires_at: number;
}

export class SqliteSessionStore implements SessionStore {
  private readonly ended = new SessionEndListeners();
  private readonly db: Database.Database;
  private readonly stmt: {
    insert: Database.Statement<[string, string, string, number, number]>;
    purge: Database.Statement<[number]>;
    get: Database.Statement<[string], SessionRow>;
    extend: Database.Statement<[number, string]>;
    delete: Database.Statement<[string]>;
    deleteUser: Database.Statement<[string]>;
    deleteUserIn: Database.Statement<[string, string]>;
  };

  constructor(filename: string) {
    if (filename !== ':memory:') mkdirSync(path.dirname(path.resolve(filename)), { recursive: true });
    this.db = new Database(filename);
    this.db.pragma('journal_mode = WAL');
    this.db.exec(`CREATE TABLE IF NOT EXISTS sessions (
      token_hash TEXT PRIMARY KEY, user_id TEXT NOT NULL, workspace_id TEXT NOT NULL,
      created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS sessions_user ON sessions (user_id);`);
    this.stmt = {
      insert: this.db.prepare('INSERT INTO sessions VALUES (?, ?, ?, ?, ?)'),
      purge: this.db.prepare('DELETE FROM sessions WHERE expires_at < ?'),
      get: this.db.prepare(
        'SELECT user_id, workspace_id, created_at, expires_at FROM sessions WHERE token_hash = ?',
      ),
      extend: this.db.prepare('UPDATE sessions SET expires_at = ? WHERE token_hash = ?'),
      delete: this.db.prepare('DELETE FROM sessions WHERE token_hash = ?'),
      deleteUser: this.db.prepare('DELETE FROM sessions WHERE user_id = ?'),
      deleteUserIn: this.db.prepare('DELETE FROM sessions WHERE user_id = ? AND workspace_id = ?'),
    };
  }

  async create(record: SessionRecord): Promise<string> {
    const token = newToken();
    this.stmt.insert.run(
      hashToken(token),
      record.userId,
      record.workspaceId,
      record.createdAt,
      record.expiresAt,
    );
    // Expired sessions are removed as new ones are made; nothing else needs a timer.
    this.stmt.purge.run(record.createdAt);
    return token;
  }

  async get(tokenHash: string, now: number): Promise<SessionRecord | undefined> {
    const row = this.stmt.get.get(tokenHash);
    if (!row || row.expires_at <= now) return undefined;
    return {
      userId: row.user_id,
      workspaceId: row.workspace_id,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
    };
  }

  async extend(tokenHash: string, expiresAt: number): Promise<void> {
    this.stmt.extend.run(expiresAt, tokenHash);
  }

  async delete(tokenHash: string): Promise<void> {
    this.stmt.delete.run(tokenHash);
    this.ended.notify({ tokenHash });
  }

  async deleteAllOfUser(userId: string, workspaceId?: string): Promise<void> {
    if (workspaceId === undefined) this.stmt.deleteUser.run(userId);
    else this.stmt.deleteUserIn.run(userId, workspaceId);
    this.ended.notify(workspaceId === undefined ? { userId } : { userId, workspaceId });
  }

  onEnded(listener: (ending: SessionEnding) => void): () => void {
    return this.ended.onEnded(listener);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
