import { randomUUID } from 'node:crypto';
import { describeWithRedis, testRedisUrl } from '@atende/read-models';
import { BullMqKeyedQueues } from './bullmq-keyed-queues.js';

describeWithRedis('BullMqKeyedQueues', () => {
  it('keeps a queue per key on one connection; closing one handle leaves the others and the jobs', async () => {
    const options = { name: 'atende-send', redisUrl: testRedisUrl(), prefix: `atende-test-${randomUUID()}` };
    const queues = new BullMqKeyedQueues<{ n: number }>(options);
    const ran: string[] = [];
    const a = queues.open('session:a');
    const b = queues.open('session-b');
    expect(queues.queueName('session:a')).toBe('atende-send.session%3Aa');
    b.process(async (job) => void ran.push(`b:${job.id}`));
    await a.close(); // nobody consumes a's queue now: its job waits there
    const producer = queues.open('session:a');
    expect(await producer.add('j1', { n: 1 })).toBe(true);
    await producer.close();
    expect(await b.add('j2', { n: 2 })).toBe(true);
    for (let i = 0; i < 200 && ran.length === 0; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(ran).toEqual(['b:j2']);
    const again = queues.open('session:a');
    expect(await again.add('j1', { n: 1 })).toBe(false); // still there, under the same id
    again.process(async (job) => void ran.push(`a:${job.id}`));
    for (let i = 0; i < 200 && ran.length === 1; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(ran).toEqual(['b:j2', 'a:j1']);
    await again.obliterate();
    await b.obliterate();
    await Promise.all([again.close(), b.close()]);
    await queues.close();
  });
});
