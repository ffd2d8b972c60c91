import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { DataKey, KeyStore, MasterKeyLike } from '@atende/events';
import { BatchSoon } from './batch-soon.js';

interface KeyRow {
  key_id: string;
  wrapped: string | null;
}

/**
 * Data keys in their own SQLite file (embedded mode: DATA_DIR/keys.db, never the event log's file),
 * wrapped by the master key. A destroyed key keeps its row without the key (a tombstone), so its
 * generation is never handed out again; its bytes are overwritten on disk (secure_delete).
 */
export class SqliteKeyStore implements KeyStore {
  private readonly db: Database.Database;
  private readonly stmt: {
    current: Database.Statement<[string], { generation: number; key_id: string; wrapped: string | null }>;
    byId: Database.Statement<[string], KeyRow>;
    insert: Database.Statement<[string, string, number, string, string]>;
    destroy: Database.Statement<[string]>;
    destroyPrefix: Database.Statement<[string, string]>;
    live: Database.Statement<[], KeyRow>;
    rewrap: Database.Statement<[string, string, string]>;
  };
  /** Unwrapped keys: unwrapping on every read would cost an AES operation per field. */
  private readonly cache = new Map<string, Buffer>();

  constructor(
    filename: string,
    private master: MasterKeyLike,
    /** As the event log's (SQLITE_SYNCHRONOUS): a key is as durable as the events it seals. */
    synchronous: 'full' | 'normal' = 'full',
  ) {
    if (filename !== ':memory:') mkdirSync(path.dirname(path.resolve(filename)), { recursive: true });
    this.db = new Database(filename);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('secure_delete = ON');
    this.db.pragma(`synchronous = ${synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
    // Every process of a deployment on one machine shares the file (distributed mode without a shared disk-less store).
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`CREATE TABLE IF NOT EXISTS data_keys (
      key_id TEXT PRIMARY KEY, subject TEXT NOT NULL, generation INTEGER NOT NULL,
      wrapped TEXT, master_id TEXT NOT NULL, UNIQUE (subject, generation)) WITHOUT ROWID;`);
    this.stmt = {
      current: this.db.prepare(
        'SELECT generation, key_id, wrapped FROM data_keys WHERE subject = ? ORDER BY generation DESC LIMIT 1',
      ),
      byId: this.db.prepare('SELECT key_id, wrapped FROM data_keys WHERE key_id = ?'),
      insert: this.db.prepare('INSERT INTO data_keys VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING'),
      destroy: this.db.prepare(
        'UPDATE data_keys SET wrapped = NULL WHERE subject = ? AND wrapped IS NOT NULL',
      ),
      destroyPrefix: this.db.prepare(
        'UPDATE data_keys SET wrapped = NULL WHERE substr(subject, 1, length(?)) = ? AND wrapped IS NOT NULL',
      ),
      live: this.db.prepare('SELECT key_id, wrapped FROM data_keys WHERE wrapped IS NOT NULL'),
      rewrap: this.db.prepare('UPDATE data_keys SET wrapped = ?, master_id = ? WHERE key_id = ?'),
    };
  }

  private unwrap(row: KeyRow): Buffer | undefined {
    if (row.wrapped === null) return undefined;
    let key = this.cache.get(row.key_id);
    if (!key) this.cache.set(row.key_id, (key = this.master.unwrap(row.wrapped)));
    return key;
  }

  async activeKey(subject: string): Promise<DataKey> {
    const current = this.stmt.current.get(subject);
    const live = current ? this.unwrap(current) : undefined;
    if (current && live) return { keyId: current.key_id, key: live };
    return await this.toMake.ask(subject, subject);
  }

  /**
   * New keys asked for together (a burst of new customers) are made in one transaction at the next
   * turn of the event loop: one commit instead of one per key. Asking twice for a subject waits once.
   */
  private readonly toMake = new BatchSoon<string, DataKey>((subjects) =>
    // Immediate: the write lock is taken at once (another process may be making keys too).
    this.db.transaction(() => subjects.map((subject) => this.currentOrNew(subject))).immediate(),
  );

  private currentOrNew(subject: string): DataKey {
    for (;;) {
      const current = this.stmt.current.get(subject);
      const live = current ? this.unwrap(current) : undefined;
      if (current && live) return { keyId: current.key_id, key: live };
      const generation = (current?.generation ?? 0) + 1;
      const keyId = `${subject}#${generation}`;
      const key = randomBytes(32);
      // Another writer may make the same generation at once: then its key is the one (read again).
      if (
        this.stmt.insert.run(keyId, subject, generation, this.master.wrap(key), this.master.id).changes === 1
      ) {
        this.cache.set(keyId, key);
        return { keyId, key };
      }
    }
  }

  async keyById(keyId: string): Promise<Buffer | undefined> {
    // Always asks the file (another process may have destroyed it); the cache only spares the unwrap.
    const row = this.stmt.byId.get(keyId);
    if (!row || row.wrapped === null) this.cache.delete(keyId);
    return row ? this.unwrap(row) : undefined;
  }

  private forget(matches: (keyId: string) => boolean): void {
    for (const keyId of this.cache.keys()) if (matches(keyId)) this.cache.delete(keyId);
  }

  async destroySubject(subject: string): Promise<number> {
    const destroyed = this.stmt.destroy.run(subject).changes;
    this.forget((keyId) => keyId.slice(0, keyId.lastIndexOf('#')) === subject);
    return destroyed;
  }

  async destroySubjectsWithPrefix(prefix: string): Promise<number> {
    const destroyed = this.stmt.destroyPrefix.run(prefix, prefix).changes;
    this.forget((keyId) => keyId.startsWith(prefix));
    return destroyed;
  }

  async rewrap(next: MasterKeyLike): Promise<number> {
    const rows = this.stmt.live.all();
    const rewrapAll = this.db.transaction(() => {
      for (const row of rows) {
        this.stmt.rewrap.run(next.wrap(this.master.unwrap(row.wrapped!)), next.id, row.key_id);
      }
    });
    rewrapAll.immediate();
    this.master = next;
    return rows.length;
  }

  async close(): Promise<void> {
    await this.toMake.flush(); // keys asked for just before closing are still made
    this.cache.clear();
    this.db.close();
  }
}
