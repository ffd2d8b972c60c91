import type { Pool } from 'pg';
import { MediaIdTakenError, mediaIdSchema, type MediaStore, type StoredMedia } from '@atende/events';
import { schemaOnce } from '../postgres/ensure-schema.js';
import { assertSchemaName } from '../postgres/names.js';
import { openPool } from '../postgres/open-pool.js';

export interface PostgresMediaStoreOptions {
  /** e.g. `postgres://user:password@host:5432/database` (the event log's database will do). */
  connectionString: string;
  /** PostgreSQL schema of the `media` table; default `atende_media` (apart from the event log's). */
  schema?: string;
  /** Connections of the pool; default 4. */
  maxConnections?: number;
}

/**
 * Media in a PostgreSQL table (processes on several machines, no shared disk): one row per id, its
 * bytes in a bytea column, owned by the workspace that first stored it. Like the rest of a
 * database, a deleted row's bytes stay until VACUUM reuses their space, and in the WAL and backups
 * as long as those are kept. Bytes are kept as given: the deployment wraps this store in
 * SealedMediaStore, so what the table, the WAL and backups hold is sealed with the customer's key.
 */
export class PostgresMediaStore implements MediaStore {
  private readonly pool: Pool;
  private readonly schema: string;
  private readonly table: string;
  /** Creates the table at the first use. */
  private readonly ready: () => Promise<void>;

  constructor(options: PostgresMediaStoreOptions) {
    this.schema = options.schema ?? 'atende_media';
    assertSchemaName(this.schema);
    this.table = `"${this.schema}".media`;
    this.pool = openPool({
      connectionString: options.connectionString,
      max: options.maxConnections ?? 4,
      application_name: 'atende-media-store',
    });
    // Media is compressed already: EXTERNAL keeps it out of line without trying to compress it again.
    const ddl = `CREATE SCHEMA IF NOT EXISTS "${this.schema}";
      CREATE TABLE IF NOT EXISTS ${this.table} (
        media_id TEXT PRIMARY KEY, workspace_id TEXT NOT NULL, content_type TEXT NOT NULL,
        bytes BYTEA NOT NULL, stored_at TIMESTAMPTZ NOT NULL DEFAULT now());
      ALTER TABLE ${this.table} ALTER COLUMN bytes SET STORAGE EXTERNAL`;
    this.ready = schemaOnce(this.pool, this.schema, 'media', ddl);
  }

  async put(workspaceId: string, mediaId: string, bytes: Buffer, contentType: string): Promise<void> {
    mediaIdSchema.parse(mediaId);
    if (!workspaceId) throw new TypeError('workspaceId is required');
    await this.ready();
    // Another workspace's row is left as it is: no row written means the id is taken.
    const written = await this.pool.query(
      `INSERT INTO ${this.table} AS m (media_id, workspace_id, content_type, bytes) VALUES ($1, $2, $3, $4)
       ON CONFLICT (media_id) DO UPDATE SET content_type = EXCLUDED.content_type, bytes = EXCLUDED.bytes,
         stored_at = now()
       WHERE m.workspace_id = EXCLUDED.workspace_id`,
      [mediaId, workspaceId, contentType, bytes],
    );
    if (written.rowCount !== 1) throw new MediaIdTakenError(mediaId);
  }

  async get(workspaceId: string, mediaId: string): Promise<StoredMedia | undefined> {
    if (!mediaIdSchema.safeParse(mediaId).success) return undefined;
    await this.ready();
    const result = await this.pool.query<{ content_type: string; bytes: Buffer }>(
      `SELECT content_type, bytes FROM ${this.table} WHERE media_id = $1 AND workspace_id = $2`,
      [mediaId, workspaceId],
    );
    const row = result.rows[0];
    return row ? { bytes: row.bytes, contentType: row.content_type } : undefined;
  }

  async delete(workspaceId: string, mediaId: string): Promise<void> {
    if (!mediaIdSchema.safeParse(mediaId).success) return;
    await this.ready();
    await this.pool.query(`DELETE FROM ${this.table} WHERE media_id = $1 AND workspace_id = $2`, [
      mediaId,
      workspaceId,
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
