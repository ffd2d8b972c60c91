import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { leaseContract } from '@atende/events';
import { describeWithRedis, testRedisUrl } from '../testing/infra.js';
import { RedisLease } from './redis-lease.js';

describeWithRedis('RedisLease', () => {
  leaseContract('Redis key with a TTL', async () => {
    const key = `atende-test:lease:${randomUUID()}`;
    const admin = new Redis(testRedisUrl());
    return {
      open: () => new RedisLease({ url: testRedisUrl(), key, ttlMs: 900 }),
      // As a holder that stopped renewing (dead, cut off): its key expires; here it goes at once.
      breakHold: async () => {
        await admin.del(key);
      },
      cleanup: async () => {
        await admin.del(key);
        admin.disconnect();
      },
    };
  });
});
