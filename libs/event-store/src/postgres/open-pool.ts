import type { Pool, PoolConfig } from 'pg';
import { pgDriver } from './pg-driver.js';

/**
 * A connection pool of one of Atende's PostgreSQL stores, named in `pg_stat_activity` by
 * `application_name`. An idle connection the server drops is discarded by the pool and replaced
 * when needed: its 'error' event is expected and must not crash the process.
 */
export function openPool(
  config: Pick<PoolConfig, 'connectionString' | 'max' | 'query_timeout'> & { application_name: string },
): Pool {
  const pool = new (pgDriver().Pool)(config);
  pool.on('error', () => {});
  return pool;
}
