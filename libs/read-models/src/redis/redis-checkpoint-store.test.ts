import { randomUUID } from 'node:crypto';
import { checkpointStoreContract } from '@atende/events/testing';
import { describeWithRedis, testRedisUrl } from '../testing/infra.js';
import { RedisCheckpointStore } from './redis-checkpoint-store.js';

describeWithRedis('Redis checkpoint store', () => {
  checkpointStoreContract('Redis', async () => {
    const prefix = `atende-test:${randomUUID()}:`;
    return {
      open: async () => new RedisCheckpointStore({ url: testRedisUrl(), prefix }),
      cleanup: async () => {
        const cleaner = new RedisCheckpointStore({ url: testRedisUrl(), prefix });
        await cleaner.deleteAll();
        await cleaner.close();
      },
    };
  });
});
