import type { Pool } from 'pg';
import type { SessionLeaseStore } from '@atende/events';
import { schemaOnce } from './ensure-schema.js';
import { assertSchemaName } from './names.js';
import { openPool } from './open-pool.js';

export interface PostgresSessionLeaseStoreOptions {
  /** e.g. `postgres://user:password@host:5432/database` (the event log's database will do). */
  connectionString: string;
  /** PostgreSQL schema of the `session_leases` table; default `atende_leases`. */
  schema?: string;
  /** Connections of the pool; default 2. */
  maxConnections?: number;
  /** A query unanswered this long fails (a renewal must not hang); default 2 s. */
  queryTimeoutMs?: number;
}

/**
 * Session leases in a PostgreSQL table: a row per session with its owner and expiry, both judged by
 * the server's clock, so the workers' clocks never matter. A worker that dies stops renewing and its
 * rows expire; an expired row is taken over in place by the next claim.
 */
export class PostgresSessionLeaseStore implements SessionLeaseStore {
  private readonly pool: Pool;
  private readonly table: string;
  /** Creates the table at the first use. */
  private readonly ready: () => Promise<void>;

  constructor(options: PostgresSessionLeaseStoreOptions) {
    const schema = options.schema ?? 'atende_leases';
    assertSchemaName(schema);
    this.table = `"${schema}".session_leases`;
    this.pool = openPool({
      connectionString: options.connectionString,
      max: options.maxConnections ?? 2,
      application_name: 'atende-session-leases',
      query_timeout: options.queryTimeoutMs ?? 2000,
    });
    const ddl = `CREATE SCHEMA IF NOT EXISTS "${schema}";
      CREATE TABLE IF NOT EXISTS ${this.table} (
        session_id TEXT PRIMARY KEY, owner TEXT NOT NULL, expires_at TIMESTAMPTZ NOT NULL)`;
    this.ready = schemaOnce(this.pool, schema, 'session_leases', ddl);
  }

  async claim(sessionId: string, owner: string, ttlMs: number): Promise<boolean> {
    await this.ready();
    // clock_timestamp(), not now(): the time of this statement, not of a transaction's start.
    const { rowCount } = await this.pool.query(
      `INSERT INTO ${this.table} AS l (session_id, owner, expires_at)
       VALUES ($1, $2, clock_timestamp() + $3 * interval '1 millisecond')
       ON CONFLICT (session_id) DO UPDATE SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at
       WHERE l.owner = EXCLUDED.owner OR l.expires_at <= clock_timestamp()`,
      [sessionId, owner, ttlMs],
    );
    return rowCount === 1;
  }

  async renew(sessionIds: readonly string[], owner: string, ttlMs: number): Promise<string[]> {
    if (sessionIds.length === 0) return [];
    await this.ready();
    const { rows } = await this.pool.query<{ session_id: string }>(
      `UPDATE ${this.table} SET expires_at = clock_timestamp() + $3 * interval '1 millisecond'
       WHERE session_id = ANY($1) AND owner = $2 AND expires_at > clock_timestamp()
       RETURNING session_id`,
      [sessionIds, owner, ttlMs],
    );
    return rows.map((r) => r.session_id);
  }

  async release(sessionIds: readonly string[], owner: string): Promise<void> {
    if (sessionIds.length === 0) return;
    await this.ready();
    await this.pool.query(`DELETE FROM ${this.table} WHERE session_id = ANY($1) AND owner = $2`, [
      sessionIds,
      owner,
    ]);
  }

  async owners(sessionIds: readonly string[]): Promise<Map<string, string>> {
    if (sessionIds.length === 0) return new Map();
    await this.ready();
    const { rows } = await this.pool.query<{ session_id: string; owner: string }>(
      `SELECT session_id, owner FROM ${this.table}
       WHERE session_id = ANY($1) AND expires_at > clock_timestamp()`,
      [sessionIds],
    );
    return new Map(rows.map((r) => [r.session_id, r.owner]));
  }

  async close(): Promise<void> {
    await this.pool.end().catch(() => undefined);
  }
}
