import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { readModelsContract } from '../contract/read-models-contract.js';
import { describeWithRedis, testRedisUrl } from '../testing/infra.js';
import { RedisReadModels } from './redis-read-models.js';

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

  describe('rebuild targets (writes sent without waiting)', () => {
    const prefix = `atende-test:${randomUUID()}:`;
    let readModels: RedisReadModels;
    let raw: Redis;
    beforeEach(() => {
      readModels = new RedisReadModels({ url: testRedisUrl(), prefix });
      raw = new Redis(testRedisUrl());
    });
    afterEach(async () => {
      await readModels.deleteAll();
      await readModels.close();
      await raw.quit();
    });

    it('a write Redis refuses fails the switch, and the serving version stays', async () => {
      const live = await readModels.writer('p').beginBatch();
      live.put('docs', 'keep', { v: 1 });
      await live.commit(3);
      const target = await readModels.beginRebuild('p');
      // The target's index key already holds a string, so its ZADD fails with WRONGTYPE (the first
      // rebuild of a projection writes its version 2).
      await raw.set(`${prefix}p:v2:i:idx`, 'not a sorted set');
      const batch = await target.beginBatch();
      batch.put('docs', 'new', { v: 2 });
      batch.indexPut('idx', 'new', 1);
      await batch.commit(5); // sent, not waited for
      await expect(target.activate()).rejects.toThrow(/WRONGTYPE/);
      await target.discard();
      expect(await readModels.view('p').get('docs', 'keep')).toEqual({ v: 1 });
      expect(await readModels.view('p').get('docs', 'new')).toBeUndefined();
    });

    it('a batch left uncommitted is not seen by the next one', async () => {
      const target = await readModels.beginRebuild('q');
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
      expect(await readModels.view('q').get('docs', 'kept')).toEqual({ v: 1 });
    });
  });
});
