import { createHash } from 'node:crypto';

/** The schema every table of Atende lives in unless told otherwise. */
export const DEFAULT_SCHEMA = 'atende';

/**
 * Schema names are spliced into SQL (identifiers cannot be query parameters) and into the NOTIFY
 * channel (at most 63 bytes), so only plain lower-case names are accepted.
 */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,39}$/;

export function assertSchemaName(schema: string): void {
  if (!SCHEMA_NAME.test(schema)) {
    throw new TypeError(
      `Invalid PostgreSQL schema name ${JSON.stringify(schema)}: use 1-40 of a-z, 0-9 and _, not starting with a digit`,
    );
  }
}

/**
 * A 64-bit advisory lock key for one purpose in one schema, as a SQL literal. Keyed by schema so that
 * deployments (or test runs) sharing a database do not wait on each other.
 */
export function advisoryLockKey(purpose: string, schema: string): string {
  const digest = createHash('sha256').update(`atende:${purpose}:${schema}`).digest();
  return digest.readBigInt64BE(0).toString();
}

/** Serializes `CREATE … IF NOT EXISTS` of every store in the schema (concurrent DDL can fail). */
export const ddlLockKey = (schema: string): string => advisoryLockKey('ddl', schema);
