import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { CheckpointConflictError } from '@atende/events';
import { readModelsContract } from '../contract/read-models-contract.js';
import { SEALED_DOC_PREFIX, sealedDocCodec } from '../doc-codec.js';
import { describeWithRedis, testRedisUrl } from '../testing/infra.js';
import { RedisReadModels } from './redis-read-models.js';

/** Read models under `prefix` and a plain client, new for each test of the calling block. */
function freshEachTest(prefix: string): { readModels: RedisReadModels; raw: Redis } {
  const made = {} as { readModels: RedisReadModels; raw: Redis };
  beforeEach(() => {
    made.readModels = new RedisReadModels({ url: testRedisUrl(), prefix });
    made.raw = new Redis(testRedisUrl());
  });
  afterEach(async () => {
    await made.readModels.deleteAll();
    await made.readModels.close();
    await made.raw.quit();
  });
  return made;
}

describeWithRedis('Redis read models', () => {
  readModelsContract('Redis', async () => {
    const readModels = new RedisReadModels({ url: testRedisUrl(), prefix: `atende-test:${randomUUID()}:` });
    return {
      readModels,
      cleanup: async () => {
        await readModels.deleteAll();
        await readModels.close();
      },
    };
  });

  readModelsContract('Redis, documents sealed (AES-256-GCM)', async () => {
    const readModels = new RedisReadModels({
      url: testRedisUrl(),
      prefix: `atende-test:${randomUUID()}:`,
      codec: sealedDocCodec(randomBytes(32)),
    });
    return {
      readModels,
      cleanup: async () => {
        await readModels.deleteAll();
        await readModels.close();
      },
    };
  });

  describe('documents sealed at rest', () => {
    const secret = 'Cliente-Distintiva-8f3a';
    const prefix = `atende-test:${randomUUID()}:`;
    const key = randomBytes(32);
    let readModels: RedisReadModels;
    let raw: Redis;
    beforeEach(() => {
      readModels = new RedisReadModels({ url: testRedisUrl(), prefix, codec: sealedDocCodec(key) });
      raw = new Redis(testRedisUrl());
    });
    afterEach(async () => {
      await readModels.deleteAll();
      await readModels.close();
      await raw.quit();
    });

    /** What `key` holds, read as its type demands. */
    async function contents(key: string): Promise<unknown> {
      const type = await raw.type(key);
      if (type === 'string') return raw.get(key);
      if (type === 'hash') return raw.hgetall(key);
      if (type === 'zset') return raw.call('ZRANGE', key, 0, -1, 'WITHSCORES');
      if (type === 'list') return raw.lrange(key, 0, -1);
      if (type === 'set') return raw.smembers(key);
      if (type === 'stream') return raw.xrange(key, '-', '+');
      throw new Error(`unexpected type ${type} of ${key}`);
    }

    /** Every key under the prefix with what it holds, as text. */
    async function everything(): Promise<Map<string, string>> {
      const held = new Map<string, string>();
      let cursor = '0';
      do {
        const [next, keys] = await raw.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
        cursor = next;
        for (const key of keys) {
          const value = await contents(key);
          held.set(key, typeof value === 'string' ? value : JSON.stringify(value));
        }
      } while (cursor !== '0');
      return held;
    }

    it('keeps no plaintext in Redis, written live or by a rebuild (its thread), and reads it back', async () => {
      const live = await readModels.writer('p').beginBatch();
      live.put('contacts', 'w:1', { name: `${secret} live`, phone: '5511900000001' });
      live.indexPut('by-name', 'w:1', 1);
      await live.commit(1);
      const target = await readModels.beginRebuild('q');
      const rebuilt = await target.beginBatch();
      rebuilt.put('contacts', 'w:2', { name: `${secret} rebuilt` });
      rebuilt.put('contacts', 'w:3', { name: `${secret} rebuilt`, more: 'x'.repeat(5000) });
      rebuilt.indexPut('by-name', 'w:2', 2);
      await rebuilt.commit(2); // sealed by the writer thread
      const erasing = await target.beginBatch();
      erasing.deletePrefix('contacts', 'w:3');
      erasing.put('contacts', 'w:4', { name: `${secret} next to an erasure` }); // sealed on the main thread
      await erasing.commit(3);
      await target.activate();

      const held = await everything();
      expect(held.size).toBeGreaterThan(4);
      for (const [key, value] of held) {
        expect({ key, value: value.includes(secret) || key.includes(secret) }).toEqual({ key, value: false });
        if (key.includes(':d:')) expect(value.startsWith(SEALED_DOC_PREFIX)).toBe(true);
      }
      expect(await readModels.view('p').get('contacts', 'w:1')).toEqual({
        name: `${secret} live`,
        phone: '5511900000001',
      });
      expect(await readModels.view('q').getMany('contacts', ['w:2', 'w:3', 'w:4'])).toEqual([
        { name: `${secret} rebuilt` },
        undefined,
        { name: `${secret} next to an erasure` },
      ]);
      expect((await readModels.view('q').dump()).docs.contacts).toEqual({
        'w:2': { name: `${secret} rebuilt` },
        'w:4': { name: `${secret} next to an erasure` },
      });
    });

    it('reads documents stored in plain JSON before encryption was turned on, and updates them sealed', async () => {
      const before = new RedisReadModels({ url: testRedisUrl(), prefix });
      const batch = await before.writer('p').beginBatch();
      batch.put('contacts', 'w:1', { name: secret, visits: 1 });
      await batch.commit(1);
      await before.close();

      expect(await readModels.view('p').get('contacts', 'w:1')).toEqual({ name: secret, visits: 1 });
      const next = await readModels.writer('p').beginBatch();
      const read = () => next.get<{ visits: number }>('contacts', 'w:1');
      read();
      while (await next.fetchMissing()) read();
      next.put('contacts', 'w:1', { name: secret, visits: read()!.visits + 1 });
      await next.commit(2);
      expect(await readModels.view('p').get('contacts', 'w:1')).toEqual({ name: secret, visits: 2 });
      expect([...(await everything()).values()].join('\n')).not.toContain(secret);
    });

    it('does not serve documents sealed with another key', async () => {
      const batch = await readModels.writer('p').beginBatch();
      batch.put('contacts', 'w:1', { name: secret });
      await batch.commit(1);
      const other = new RedisReadModels({
        url: testRedisUrl(),
        prefix,
        codec: sealedDocCodec(randomBytes(32)),
      });
      try {
        await expect(other.view('p').get('contacts', 'w:1')).rejects.toThrow(/another key/);
      } finally {
        await other.close();
      }
    });
  });

  describe('rebuild targets (writes sent without waiting)', () => {
    const prefix = `atende-test:${randomUUID()}:`;
    const redis = freshEachTest(prefix);

    it('a write Redis refuses fails the switch, and the serving version stays', async () => {
      const live = await redis.readModels.writer('p').beginBatch();
      live.put('docs', 'keep', { v: 1 });
      await live.commit(3);
      const target = await redis.readModels.beginRebuild('p');
      // The target's index key already holds a string, so its ZADD fails with WRONGTYPE (the first
      // rebuild of a projection writes its version 2).
      await redis.raw.set(`${prefix}p:v2:i:idx`, 'not a sorted set');
      const batch = await target.beginBatch();
      batch.put('docs', 'new', { v: 2 });
      batch.indexPut('idx', 'new', 1);
      await batch.commit(5); // sent, not waited for
      await expect(target.activate()).rejects.toThrow(/WRONGTYPE/);
      await target.discard();
      expect(await redis.readModels.view('p').get('docs', 'keep')).toEqual({ v: 1 });
      expect(await redis.readModels.view('p').get('docs', 'new')).toBeUndefined();
    });

    it('a batch left uncommitted is not seen by the next one', async () => {
      const target = await redis.readModels.beginRebuild('q');
      const first = await target.beginBatch();
      first.put('docs', 'kept', { v: 1 });
      await first.commit(1);
      const abandoned = await target.beginBatch();
      abandoned.put('docs', 'kept', { v: 'changed' });
      abandoned.put('docs', 'ghost', { v: 2 });
      const next = await target.beginBatch();
      const read = () => [next.get('docs', 'kept'), next.get('docs', 'ghost')];
      read();
      while (await next.fetchMissing()) read();
      expect(read()).toEqual([{ v: 1 }, undefined]);
      await next.commit(2);
      await target.activate();
      expect(await redis.readModels.view('q').get('docs', 'kept')).toEqual({ v: 1 });
    });
  });

  describe('a live writer starts a batch where its last commit left it', () => {
    const prefix = `atende-test:${randomUUID()}:`;
    const redis = freshEachTest(prefix);

    it('without reading Redis; a checkpoint moved meanwhile refuses that commit, then is read', async () => {
      const writer = redis.readModels.writer('p');
      const first = await writer.beginBatch();
      first.put('docs', 'a', { v: 1 });
      await first.commit(4);
      // Another process moves the checkpoint: the writer does not ask, so it starts from its own 4.
      await redis.raw.set(`${prefix}p:v1:cp`, '6');
      const second = await writer.beginBatch();
      expect(second.baseCheckpoint).toBe(4);
      second.put('docs', 'b', { v: 2 });
      await expect(second.commit(5)).rejects.toBeInstanceOf(CheckpointConflictError);
      expect(await redis.readModels.view('p').get('docs', 'b')).toBeUndefined();
      // Refused once, it reads Redis again.
      const third = await writer.beginBatch();
      expect(third.baseCheckpoint).toBe(6);
      third.put('docs', 'c', { v: 3 });
      await third.commit(7);
      expect(await redis.readModels.view('p').checkpoint()).toBe(7);
    });

    it('a version a replay switched in refuses the next commit; the one after writes into it', async () => {
      const writer = redis.readModels.writer('p');
      const live = await writer.beginBatch();
      live.put('docs', 'old', { v: 1 });
      await live.commit(3);
      const target = await redis.readModels.beginRebuild('p');
      const rebuilt = await target.beginBatch();
      rebuilt.put('docs', 'old', { v: 1 });
      await rebuilt.commit(3);
      await target.activate();
      const stale = await writer.beginBatch();
      stale.put('docs', 'lost', { v: 2 });
      await expect(stale.commit(4)).rejects.toBeInstanceOf(CheckpointConflictError);
      const next = await writer.beginBatch();
      next.put('docs', 'new', { v: 3 });
      await next.commit(4);
      const view = redis.readModels.view('p');
      expect(await view.get('docs', 'new')).toEqual({ v: 3 });
      expect(await view.get('docs', 'lost')).toBeUndefined();
      expect(await view.checkpoint()).toBe(4);
    });
  });
});
