import { createRequire } from 'node:module';
import type * as IORedis from 'ioredis';
import type { Redis, RedisOptions } from 'ioredis';

/**
 * A Redis client. ioredis is loaded when the first one is made, not when this package is imported:
 * the embedded product (SQLite read models) never loads it.
 */
export function newRedis(url: string, options: RedisOptions): Redis {
  const driver = createRequire(import.meta.url)('ioredis') as typeof IORedis;
  return new driver.Redis(url, options);
}
