import type { Pool } from 'pg';
import { ddlLockKey } from './names.js';

/**
 * Creates the schema's tables on first use: `ddl` runs (once, in one transaction, under an advisory
 * lock so that processes starting together do not trip over each other) unless `probeTable` exists
 * already, so a role without the CREATE privilege can use tables made by another.
 */
/**
 * ensureSchema for one store: run at its first use, then remembered; tried again after a failure
 * (e.g. the server was down).
 */
export function schemaOnce(pool: Pool, schema: string, probeTable: string, ddl: string): () => Promise<void> {
  let ready: Promise<void> | undefined;
  return () =>
    (ready ??= ensureSchema(pool, schema, probeTable, ddl).catch((error: unknown) => {
      ready = undefined;
      throw error;
    }));
}

export async function ensureSchema(
  pool: Pool,
  schema: string,
  probeTable: string,
  ddl: string,
): Promise<void> {
  const probe = await pool.query<{ found: string | null }>('SELECT to_regclass($1) AS found', [
    `"${schema}"."${probeTable}"`,
  ]);
  if (probe.rows[0]?.found) return;
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query(`BEGIN; SELECT pg_advisory_xact_lock(${ddlLockKey(schema)}); ${ddl}; COMMIT`);
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
    throw error;
  } finally {
    client.release(broken);
  }
}
