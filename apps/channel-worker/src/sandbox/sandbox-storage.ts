import Database from 'better-sqlite3';
import type { SandboxOutboxMedia, SandboxOutboxMessage } from './sandbox-channel.js';

/**
 * What the sandbox phone remembers across restarts, as a real phone would (and, with several channel
 * workers, across hosts: the phone is not any worker's, as WhatsApp's servers are not).
 */
export interface SandboxStorage {
  pairedSessions(): Promise<string[]>;
  setPaired(sessionId: string, paired: boolean): Promise<void>;
  /** Messages agents sent to the session's phone, oldest first. */
  outbox(sessionId: string): Promise<SandboxOutboxMessage[]>;
  /** Keeps one message and answers the one kept: the same message id twice is kept once (the first). */
  addToOutbox(sessionId: string, message: SandboxOutboxMessage): Promise<SandboxOutboxMessage>;
  close(): Promise<void>;
}

interface OutboxRow {
  provider_message_id: string;
  message_id: string;
  chat_id: string;
  content: string;
  type: string;
  sent_at: string;
  /** JSON of SandboxOutboxMedia; null for a text. */
  media: string | null;
}

function messageOfRow(r: OutboxRow): SandboxOutboxMessage {
  return {
    providerMessageId: r.provider_message_id,
    messageId: r.message_id,
    chatId: r.chat_id,
    content: r.content,
    type: r.type,
    sentAt: r.sent_at,
    ...(r.media ? { media: JSON.parse(r.media) as SandboxOutboxMedia } : {}),
  };
}

/** The sandbox phone's memory in a SQLite file (embedded mode: DATA_DIR/sandbox.db). */
export class SqliteSandboxStorage implements SandboxStorage {
  private readonly db: Database.Database;

  constructor(filename: string) {
    this.db = new Database(filename);
    this.db.pragma('journal_mode = WAL');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS paired_sessions (session_id TEXT PRIMARY KEY) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS outbox (
        seq                 INTEGER PRIMARY KEY AUTOINCREMENT,
        session_id          TEXT NOT NULL,
        message_id          TEXT NOT NULL,
        provider_message_id TEXT NOT NULL,
        chat_id             TEXT NOT NULL,
        content             TEXT NOT NULL,
        type                TEXT NOT NULL,
        sent_at             TEXT NOT NULL,
        media               TEXT,
        UNIQUE (session_id, message_id)
      );`);
    // A phone kept by an older version has no media column yet.
    const columns = this.db.prepare<[], { name: string }>('PRAGMA table_info(outbox)').all();
    if (!columns.some((c) => c.name === 'media')) this.db.exec('ALTER TABLE outbox ADD COLUMN media TEXT');
  }

  async pairedSessions(): Promise<string[]> {
    return this.db
      .prepare<[], { session_id: string }>('SELECT session_id FROM paired_sessions')
      .all()
      .map((r) => r.session_id);
  }

  async setPaired(sessionId: string, paired: boolean): Promise<void> {
    this.db
      .prepare(
        paired
          ? 'INSERT OR IGNORE INTO paired_sessions (session_id) VALUES (?)'
          : 'DELETE FROM paired_sessions WHERE session_id = ?',
      )
      .run(sessionId);
  }

  async outbox(sessionId: string): Promise<SandboxOutboxMessage[]> {
    return this.db
      .prepare<[string], OutboxRow>('SELECT * FROM outbox WHERE session_id = ? ORDER BY seq')
      .all(sessionId)
      .map(messageOfRow);
  }

  async addToOutbox(sessionId: string, m: SandboxOutboxMessage): Promise<SandboxOutboxMessage> {
    this.db
      .prepare(
        `INSERT OR IGNORE INTO outbox (session_id, message_id, provider_message_id, chat_id, content, type, sent_at, media)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        sessionId,
        m.messageId,
        m.providerMessageId,
        m.chatId,
        m.content,
        m.type,
        m.sentAt,
        m.media ? JSON.stringify(m.media) : null,
      );
    const kept = this.db
      .prepare<[string, string], OutboxRow>('SELECT * FROM outbox WHERE session_id = ? AND message_id = ?')
      .get(sessionId, m.messageId)!;
    return messageOfRow(kept);
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
