import { Redis } from 'ioredis';
import { keyStoreContract } from './key-store-contract.js';
import { MasterKey } from './master-key.js';
import { RedisKeyStore } from './redis-key-store.js';

const url = process.env.ATENDE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const describeWithRedis = process.env.ATENDE_TEST_REDIS === '1' ? describe : describe.skip;

describeWithRedis('RedisKeyStore (real Redis)', () => {
  const prefix = `atende-test:keys:${process.pid}:${Date.now()}:`;
  afterAll(async () => {
    const redis = new Redis(url);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  let n = 0;
  keyStoreContract(
    'RedisKeyStore',
    async (master) => new RedisKeyStore(url, `${prefix}${(n += 1)}:`, master),
  );

  it('keeps keys only wrapped in Redis', async () => {
    const store = new RedisKeyStore(url, `${prefix}raw:`, MasterKey.random());
    const { key } = await store.activeKey('workspace:w1');
    const redis = new Redis(url);
    const values = await Promise.all(
      (await redis.keys(`${prefix}raw:*`)).map(async (k) =>
        (await redis.type(k)) === 'hash'
          ? JSON.stringify(await redis.hgetall(k))
          : ((await redis.get(k)) ?? ''),
      ),
    );
    await redis.quit();
    await store.close();
    expect(values.join('')).not.toContain(key.toString('base64url'));
    expect(values.join('')).not.toContain(key.toString('base64'));
  });
});
