import type { Pool } from 'pg';
import type { SessionArchiveStore } from '@atende/events';
import { schemaOnce } from '../postgres/ensure-schema.js';
import { assertSchemaName } from '../postgres/names.js';
import { openPool } from '../postgres/open-pool.js';

export interface PostgresSessionArchiveStoreOptions {
  /** e.g. `postgres://user:password@host:5432/database` (the event log's database). */
  connectionString: string;
  /** PostgreSQL schema of the `session_archives` table; default `atende_whatsapp`. */
  schema?: string;
  /** Connections of the pool; default 2 (a backup every few minutes per session). */
  maxConnections?: number;
}

/**
 * Saved WhatsApp logins in a PostgreSQL table, reachable by every channel worker (one takes over a
 * dead one's sessions from here): one row per workspace and session, its bytes in a bytea column.
 * A deleted row's bytes stay until VACUUM reuses their space, and in the WAL and backups as long as
 * those are kept — which is why what is stored here is sealed with the workspace's key.
 */
export class PostgresSessionArchiveStore implements SessionArchiveStore {
  private readonly pool: Pool;
  private readonly table: string;
  /** Creates the table at the first use. */
  private readonly ready: () => Promise<void>;

  constructor(options: PostgresSessionArchiveStoreOptions) {
    const schema = options.schema ?? 'atende_whatsapp';
    assertSchemaName(schema);
    this.table = `"${schema}".session_archives`;
    this.pool = openPool({
      connectionString: options.connectionString,
      max: options.maxConnections ?? 2,
      application_name: 'atende-session-archives',
    });
    // Zipped and sealed: EXTERNAL keeps it out of line without trying to compress it again.
    const ddl = `CREATE SCHEMA IF NOT EXISTS "${schema}";
      CREATE TABLE IF NOT EXISTS ${this.table} (
        workspace_id TEXT NOT NULL, session_id TEXT NOT NULL, bytes BYTEA NOT NULL,
        saved_at TIMESTAMPTZ NOT NULL DEFAULT now(), PRIMARY KEY (workspace_id, session_id));
      ALTER TABLE ${this.table} ALTER COLUMN bytes SET STORAGE EXTERNAL`;
    this.ready = schemaOnce(this.pool, schema, 'session_archives', ddl);
  }

  async put(workspaceId: string, sessionId: string, bytes: Buffer): Promise<void> {
    if (!workspaceId || !sessionId) throw new TypeError('workspaceId and sessionId are required');
    await this.ready();
    await this.pool.query(
      `INSERT INTO ${this.table} (workspace_id, session_id, bytes) VALUES ($1, $2, $3)
       ON CONFLICT (workspace_id, session_id) DO UPDATE SET bytes = EXCLUDED.bytes, saved_at = now()`,
      [workspaceId, sessionId, bytes],
    );
  }

  async get(workspaceId: string, sessionId: string): Promise<Buffer | undefined> {
    await this.ready();
    const result = await this.pool.query<{ bytes: Buffer }>(
      `SELECT bytes FROM ${this.table} WHERE workspace_id = $1 AND session_id = $2`,
      [workspaceId, sessionId],
    );
    return result.rows[0]?.bytes;
  }

  async delete(workspaceId: string, sessionId: string): Promise<void> {
    await this.ready();
    await this.pool.query(`DELETE FROM ${this.table} WHERE workspace_id = $1 AND session_id = $2`, [
      workspaceId,
      sessionId,
    ]);
  }

  async deleteWorkspace(workspaceId: string): Promise<void> {
    await this.ready();
    await this.pool.query(`DELETE FROM ${this.table} WHERE workspace_id = $1`, [workspaceId]);
  }

  async close(): Promise<void> {
    if (!this.pool.ending) await this.pool.end();
  }
}
