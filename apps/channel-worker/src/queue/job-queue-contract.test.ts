import { randomUUID } from 'node:crypto';
import { describeWithRedis, testRedisUrl } from '@atende/read-models';
import { BullMqQueue } from './bullmq-queue.js';
import { InProcessQueue } from './in-process-queue.js';
import { jobQueueContract, type TestPayload } from './job-queue-contract.js';

jobQueueContract('in-process', async (settings) => ({
  queue: new InProcessQueue<TestPayload>(settings),
  cleanup: async () => undefined,
}));

describeWithRedis('BullMQ job queue', () => {
  jobQueueContract('BullMQ', async (settings) => {
    const options = { name: `test-${randomUUID()}`, redisUrl: testRedisUrl(), prefix: 'atende-test-bull' };
    const queue = new BullMqQueue<TestPayload>({ ...options, ...settings, concurrency: 4 });
    return {
      queue,
      cleanup: async () => {
        const cleaner = new BullMqQueue<TestPayload>(options);
        await cleaner.obliterate();
        await cleaner.close();
      },
    };
  });
});
