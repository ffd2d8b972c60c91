import { createRequire } from 'node:module';

/**
 * The `pg` driver, loaded when a PostgreSQL store first connects rather than when this package is
 * imported: the embedded product (SQLite) never loads it.
 */
export function pgDriver(): typeof import('pg') {
  return createRequire(import.meta.url)('pg') as typeof import('pg');
}
