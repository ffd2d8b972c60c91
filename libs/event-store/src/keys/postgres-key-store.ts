import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import type { DataKey, KeyStore, MasterKeyLike } from '@atende/events';
import { schemaOnce } from '../postgres/ensure-schema.js';
import { BatchSoon } from './batch-soon.js';
import { assertSchemaName } from '../postgres/names.js';
import { openPool } from '../postgres/open-pool.js';

export interface PostgresKeyStoreOptions {
  /** e.g. `postgres://user:password@host:5432/database`; best another database than the event log's. */
  connectionString: string;
  /** PostgreSQL schema of the `data_keys` table; default `atende_keys` (apart from the event log's). */
  schema?: string;
  /** Connections of the pool; default 4. */
  maxConnections?: number;
}

interface KeyRow {
  key_id: string;
  wrapped: string | null;
}

/**
 * Data keys in PostgreSQL (processes that share a database but no disk), wrapped by the master key,
 * in the table of the SQLite key store: a destroyed key keeps its row without the key (a tombstone),
 * so its generation is never handed out again. PostgreSQL keeps a destroyed key's bytes until VACUUM
 * reuses their space, and in its WAL and backups as long as those are kept; they are wrapped, so
 * rotating the master key (rewrap) and discarding the old one puts them out of reach.
 */
export class PostgresKeyStore implements KeyStore {
  private readonly pool: Pool;
  private readonly table: string;
  /** Creates the table at the first use. */
  private readonly ready: () => Promise<void>;
  /** Unwrapped keys: unwrapping on every read would cost an AES operation per field. */
  private readonly cache = new Map<string, Buffer>();

  constructor(
    private readonly options: PostgresKeyStoreOptions,
    private master: MasterKeyLike,
  ) {
    const schema = options.schema ?? 'atende_keys';
    assertSchemaName(schema);
    this.table = `"${schema}".data_keys`;
    this.pool = openPool({
      connectionString: options.connectionString,
      max: options.maxConnections ?? 4,
      application_name: 'atende-key-store',
    });
    const ddl = `CREATE SCHEMA IF NOT EXISTS "${schema}";
      CREATE TABLE IF NOT EXISTS ${this.table} (
        key_id TEXT PRIMARY KEY, subject TEXT NOT NULL, generation INTEGER NOT NULL,
        wrapped TEXT, master_id TEXT NOT NULL, UNIQUE (subject, generation))`;
    this.ready = schemaOnce(this.pool, schema, 'data_keys', ddl);
  }

  private unwrap(row: KeyRow): Buffer | undefined {
    if (row.wrapped === null) return undefined;
    let key = this.cache.get(row.key_id);
    if (!key) this.cache.set(row.key_id, (key = this.master.unwrap(row.wrapped)));
    return key;
  }

  async activeKey(subject: string): Promise<DataKey> {
    await this.ready();
    for (;;) {
      const row = await this.current.ask(subject, subject);
      const live = row ? this.unwrap(row) : undefined;
      if (row && live) return { keyId: row.key_id, key: live };
      // Another writer made the same generation at once: its key is the one (read again).
      const generation = (row?.generation ?? 0) + 1;
      const made = await this.toMake.ask(subject, { subject, generation });
      if (made) return made;
    }
  }

  /**
   * Subjects' current keys asked for together (the first messages of many customers) are read in
   * one query: one round trip instead of one per subject.
   */
  private readonly current = new BatchSoon<string, (KeyRow & { generation: number }) | undefined>(
    async (subjects) => {
      const result = await this.pool.query<KeyRow & { generation: number; subject: string }>(
        `SELECT DISTINCT ON (subject) subject, generation, key_id, wrapped FROM ${this.table}
         WHERE subject = ANY($1::text[]) ORDER BY subject, generation DESC`,
        [subjects],
      );
      const bySubject = new Map(result.rows.map((row) => [row.subject, row]));
      return subjects.map((subject) => bySubject.get(subject));
    },
  );

  /** Keys read by id together (a batch of events to open) come in one query, as current keys do. */
  private readonly byId = new BatchSoon<string, KeyRow | undefined>(async (keyIds) => {
    const result = await this.pool.query<KeyRow>(
      `SELECT key_id, wrapped FROM ${this.table} WHERE key_id = ANY($1::text[])`,
      [keyIds],
    );
    const rows = new Map(result.rows.map((row) => [row.key_id, row]));
    return keyIds.map((keyId) => rows.get(keyId));
  });

  /**
   * New keys asked for together (a burst of new customers) are inserted in one statement at the next
   * turn of the event loop: one commit, one WAL flush, instead of one per key. Undefined for a key
   * whose generation another writer took first.
   */
  private readonly toMake = new BatchSoon<{ subject: string; generation: number }, DataKey | undefined>(
    async (asked) => {
      const keys = asked.map(() => randomBytes(32));
      const keyIds = asked.map(({ subject, generation }) => `${subject}#${generation}`);
      const inserted = await this.pool.query<{ key_id: string }>(
        `INSERT INTO ${this.table}
         SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[])
         ON CONFLICT DO NOTHING RETURNING key_id`,
        [
          keyIds,
          asked.map((a) => a.subject),
          asked.map((a) => a.generation),
          keys.map((key) => this.master.wrap(key)),
          asked.map(() => this.master.id),
        ],
      );
      const made = new Set(inserted.rows.map((row) => row.key_id));
      return keyIds.map((keyId, i) => {
        if (!made.has(keyId)) return undefined;
        this.cache.set(keyId, keys[i]!);
        return { keyId, key: keys[i]! };
      });
    },
  );

  async keyById(keyId: string): Promise<Buffer | undefined> {
    await this.ready();
    // Always asks the database (another process may have destroyed it); the cache only spares the unwrap.
    const row = await this.byId.ask(keyId, keyId);
    if (!row || row.wrapped === null) this.cache.delete(keyId);
    return row ? this.unwrap(row) : undefined;
  }

  private forget(matches: (keyId: string) => boolean): void {
    for (const keyId of this.cache.keys()) if (matches(keyId)) this.cache.delete(keyId);
  }

  async destroySubject(subject: string): Promise<number> {
    await this.ready();
    const result = await this.pool.query(
      `UPDATE ${this.table} SET wrapped = NULL WHERE subject = $1 AND wrapped IS NOT NULL`,
      [subject],
    );
    this.forget((keyId) => keyId.slice(0, keyId.lastIndexOf('#')) === subject);
    return result.rowCount ?? 0;
  }

  async destroySubjectsWithPrefix(prefix: string): Promise<number> {
    await this.ready();
    const result = await this.pool.query(
      `UPDATE ${this.table} SET wrapped = NULL WHERE starts_with(subject, $1) AND wrapped IS NOT NULL`,
      [prefix],
    );
    this.forget((keyId) => keyId.startsWith(prefix));
    return result.rowCount ?? 0;
  }

  /** In one transaction, the live keys locked: a key destroyed meanwhile waits, and stays destroyed. */
  async rewrap(next: MasterKeyLike): Promise<number> {
    await this.ready();
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const live = await client.query<KeyRow>(
        `SELECT key_id, wrapped FROM ${this.table} WHERE wrapped IS NOT NULL FOR UPDATE`,
      );
      const ids = live.rows.map((row) => row.key_id);
      const rewrapped = live.rows.map((row) => next.wrap(this.master.unwrap(row.wrapped!)));
      await client.query(
        `UPDATE ${this.table} AS k SET wrapped = r.wrapped, master_id = $3
         FROM unnest($1::text[], $2::text[]) AS r(key_id, wrapped) WHERE k.key_id = r.key_id`,
        [ids, rewrapped, next.id],
      );
      await client.query('COMMIT');
      this.master = next;
      return ids.length;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    } finally {
      client.release(broken);
    }
  }

  async close(): Promise<void> {
    // What was asked for just before closing is still answered (keys made, keys read).
    await Promise.all([this.current.flush(), this.byId.flush()]);
    await this.toMake.flush();
    this.cache.clear();
    if (!this.pool.ending) await this.pool.end();
  }
}
