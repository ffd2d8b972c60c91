/**
 * Tests that need a server ask here. With REQUIRE_INFRA=1 (CI) a missing server fails the run;
 * otherwise the suite is skipped and says so. The Jest global setup probes once and exports the result.
 */
export function redisAvailable(): boolean {
  return process.env.ATENDE_TEST_REDIS === '1';
}

export const testRedisUrl = (): string => process.env.ATENDE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** `describe` when Redis is reachable, else `describe.skip` (never when REQUIRE_INFRA=1: setup failed already). */
export function describeWithRedis(name: string, fn: () => void): void {
  if (redisAvailable()) describe(name, fn);
  else describe.skip(`${name} (skipped: Redis not reachable at ${testRedisUrl()})`, fn);
}
