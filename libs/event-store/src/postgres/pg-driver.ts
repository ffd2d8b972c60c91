import { createRequire } from 'node:module';
import type * as Pg from 'pg';

/**
 * The `pg` driver, loaded when a PostgreSQL store first connects rather than when this package is
 * imported: the embedded product (SQLite) never loads it.
 */
export function pgDriver(): typeof Pg {
  return createRequire(import.meta.url)('pg') as typeof Pg;
}
