import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { describeWithRedis, testRedisUrl } from '@atende/read-models';
import { RedisSessionStore } from './redis-session-store.js';
import { SqliteSessionStore, hashToken, type SessionStore } from './session-store.js';

function sessionStoreContract(name: string, make: () => SessionStore) {
  describe(`SessionStore contract: ${name}`, () => {
    let store: SessionStore;
    const now = Date.now();
    beforeEach(() => {
      store = make();
    });
    afterEach(async () => store.close());

    it('finds a live session by the hash of its token, never by the token itself', async () => {
      const token = await store.create({
        userId: 'u1',
        workspaceId: 'w1',
        createdAt: now,
        expiresAt: now + 60_000,
      });
      expect(token).toMatch(/^[\w-]{40,}$/);
      expect(await store.get(hashToken(token), now)).toEqual({
        userId: 'u1',
        workspaceId: 'w1',
        createdAt: now,
        expiresAt: now + 60_000,
      });
      expect(await store.get(token, now)).toBeUndefined();
    });

    it('expires, extends and deletes', async () => {
      const token = await store.create({
        userId: 'u1',
        workspaceId: 'w1',
        createdAt: now,
        expiresAt: now + 60_000,
      });
      const hash = hashToken(token);
      expect(await store.get(hash, now + 61_000)).toBeUndefined();
      await store.extend(hash, now + 120_000);
      expect(await store.get(hash, now + 61_000)).toMatchObject({ expiresAt: now + 120_000 });
      await store.delete(hash);
      expect(await store.get(hash, now)).toBeUndefined();
    });

    it('ends every session of a user at once', async () => {
      const a = await store.create({
        userId: 'u2',
        workspaceId: 'w1',
        createdAt: now,
        expiresAt: now + 60_000,
      });
      const b = await store.create({
        userId: 'u2',
        workspaceId: 'w1',
        createdAt: now,
        expiresAt: now + 60_000,
      });
      const other = await store.create({
        userId: 'u3',
        workspaceId: 'w1',
        createdAt: now,
        expiresAt: now + 60_000,
      });
      await store.deleteAllOfUser('u2');
      expect(await store.get(hashToken(a), now)).toBeUndefined();
      expect(await store.get(hashToken(b), now)).toBeUndefined();
      expect(await store.get(hashToken(other), now)).toBeDefined();
    });
  });
}

sessionStoreContract('SQLite', () => new SqliteSessionStore(':memory:'));
describeWithRedis('Redis sessions', () => {
  const suite = `atende-test:${randomUUID()}:`;
  afterAll(async () => {
    // What the stores left (sessions and per-user indexes) under this suite's prefix.
    const redis = new Redis(testRedisUrl());
    const keys = await redis.keys(`${suite}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });
  sessionStoreContract(
    'Redis',
    () => new RedisSessionStore(testRedisUrl(), `${suite}${randomUUID()}:session:`),
  );
});
