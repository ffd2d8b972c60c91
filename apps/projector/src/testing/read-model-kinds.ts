import { randomUUID } from 'node:crypto';
import type { ReadModels } from '@atende/events';
import {
  MemoryReadModels,
  RedisReadModels,
  SqliteReadModels,
  describeWithRedis,
  testRedisUrl,
} from '@atende/read-models';

export interface ReadModelsHarness {
  readModels: ReadModels;
  cleanup(): Promise<void>;
}

/**
 * Declares `suite` for every ReadModels adapter: in process (documents frozen, so a projection
 * that mutates what it read fails), SQLite (in memory: the same SQL as the file), and Redis under a
 * key prefix of its own, removed afterwards (skipped when Redis is unreachable, failing with
 * REQUIRE_INFRA=1).
 */
export function forEachReadModels(
  suite: (name: string, make: () => Promise<ReadModelsHarness>) => void,
): void {
  suite('in-process', async () => ({
    readModels: new MemoryReadModels({ freezeDocs: true }),
    cleanup: async () => {},
  }));
  suite('SQLite', async () => {
    const readModels = new SqliteReadModels({ filename: ':memory:' });
    return { readModels, cleanup: () => readModels.close() };
  });
  describeWithRedis('Redis', () => {
    suite('Redis', async () => {
      // A short version cache: a rebuild's switch is seen within 100 ms.
      const readModels = new RedisReadModels({
        url: testRedisUrl(),
        prefix: `atende-test:${randomUUID()}:`,
        versionCacheMs: 100,
      });
      return {
        readModels,
        cleanup: async () => {
          await readModels.deleteAll();
          await readModels.close();
        },
      };
    });
  });
}
