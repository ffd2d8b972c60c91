import type { Redis } from 'ioredis';
import { RedisStore } from 'rate-limit-redis';
import type { RateLimitStoreFactory } from '../http/member-rate-limit.js';

/**
 * Rate-limit counters in Redis (sign-in throttle, sign-ups, expensive calls): every gateway of a
 * deployment counts together, so spreading attempts over gateways gains nothing.
 */
export function redisRateLimitStores(redis: Redis, keyPrefix: string): RateLimitStoreFactory {
  return (prefix) =>
    new RedisStore({
      prefix: `${keyPrefix}${prefix}`,
      sendCommand: (command: string, ...args: string[]) =>
        redis.call(command, ...args) as Promise<number | string | (number | string)[]>,
    });
}
