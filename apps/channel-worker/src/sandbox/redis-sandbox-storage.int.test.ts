import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { describeWithRedis, sealedDocCodec, testRedisUrl } from '@atende/read-models';
import { RedisSandboxStorage } from './redis-sandbox-storage.js';
import { SandboxChannel } from './sandbox-channel.js';
import { sandboxStorageContract } from './sandbox-storage-contract.js';

describeWithRedis('SandboxChannel with RedisSandboxStorage (the phone shared by every host)', () => {
  let prefix: string;
  const codec = sealedDocCodec(randomBytes(32));
  beforeEach(() => {
    prefix = `atende-test:${randomUUID()}:sandbox:`;
  });
  afterEach(async () => {
    const redis = new Redis(testRedisUrl());
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  sandboxStorageContract(() => new RedisSandboxStorage({ url: testRedisUrl(), prefix, codec }));

  it('keeps what the phone received sealed: no text of it in Redis', async () => {
    const storage = new RedisSandboxStorage({ url: testRedisUrl(), prefix, codec });
    const phone = new SandboxChannel({ storage, paired: ['s-1'] });
    await phone.connect({ sessionId: 's-1', phoneNumber: '5511999990000', name: 'Suporte' });
    await phone.send('s-1', {
      messageId: 'm-1',
      chatId: '5511988887777@c.us',
      content: 'Seu pedido 4471 sai hoje',
      type: 'text',
    });
    await storage.close();
    const redis = new Redis(testRedisUrl());
    const values = await redis.hvals(`${prefix}outbox:s-1`);
    await redis.quit();
    expect(values).toHaveLength(1);
    expect(values[0]).not.toContain('4471');
    expect(values[0]).not.toContain('5511988887777');
  });
});
