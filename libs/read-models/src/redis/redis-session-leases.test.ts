import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { sessionLeasesContract } from '@atende/events/testing';
import { describeWithRedis, testRedisUrl } from '../testing/infra.js';
import { RedisSessionLeaseStore, sessionLeaseKey } from './redis-session-leases.js';

describeWithRedis('RedisSessionLeaseStore', () => {
  sessionLeasesContract('Redis key per session', async () => {
    const prefix = `atende-test:${randomUUID()}:`;
    const admin = new Redis(testRedisUrl());
    return {
      openStore: () => new RedisSessionLeaseStore({ url: testRedisUrl(), prefix }),
      // As a lease whose TTL ran out: the key is gone.
      expire: async (sessionId) => void (await admin.del(sessionLeaseKey(prefix, sessionId))),
      cleanup: async () => {
        const left = await admin.keys(`${prefix}*`);
        if (left.length > 0) await admin.del(...left);
        admin.disconnect();
      },
    };
  });
});
