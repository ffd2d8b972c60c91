import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { Kafka, logLevel } from 'kafkajs';
import { MemoryCheckpointStore } from '@atende/events';
import { storedNote } from '../contract/event-bus-contract.js';
import { KafkaEventBus } from '../kafka/kafka-event-bus.js';
import { describeWithKafka } from '../testing/kafka-infra.js';
import { MemoryLog } from '@atende/events/testing';
import { startRelay, type Relay } from './relay.js';

const BROKER = path.resolve(__dirname, '../../../../scripts/kafka/kafka-broker.mjs');
const execFileAsync = promisify(execFile);

/** This test's own broker (it loses its data on stop), on ports no other suite uses. */
async function broker(command: 'start' | 'stop', port: number): Promise<void> {
  await execFileAsync(process.execPath, [BROKER, command], {
    env: { ...process.env, ATENDE_KAFKA_PORT: String(port), ATENDE_KAFKA_CONTROLLER_PORT: String(port + 1) },
    timeout: 90_000,
  });
}

async function waitUntil(check: () => boolean, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describeWithKafka('relay across a broker restart that lost its data (issue 27)', () => {
  const port = 21_000 + Math.floor(Math.random() * 500) * 2;
  const brokers = [`127.0.0.1:${port}`];
  let relay: Relay | undefined;
  let bus: KafkaEventBus | undefined;

  afterAll(async () => {
    try {
      await relay?.stop();
      await bus?.close();
    } finally {
      await broker('stop', port);
    }
  }, 60_000);

  it('creates its topic again with one partition, not the broker default of 3, and goes on', async () => {
    await broker('start', port);
    const topic = `atende-test-${randomUUID()}`;
    const store = new MemoryLog([1, 2, 3].map((p) => storedNote(`note-${p % 2}`, Math.floor(p / 2), p)));
    bus = new KafkaEventBus({ brokers, topic, clientId: 'atende-test' });
    const silent = { error: () => undefined, warn: () => undefined };
    relay = await startRelay({ store, bus, checkpoints: new MemoryCheckpointStore(), logger: silent });
    expect(await relay.waitFor(3, 30_000)).toBe(true);
    // A consumer that stays subscribed throughout: it must not create the topic (it would get 3
    // partitions) and must still receive what the relay publishes to the recreated one.
    const seen: number[] = [];
    await bus.subscribe(
      'projector',
      async (events) => void seen.push(...events.map((e) => e.globalPosition)),
    );
    await waitUntil(() => seen.includes(3));

    // `npm run kafka:stop && npm run kafka:start`: a fresh broker, the topic gone with the data.
    await broker('stop', port);
    await broker('start', port);
    store.push(...[4, 5, 6].map((p) => storedNote(`note-${p % 2}`, Math.floor(p / 2), p)));
    expect(await relay.waitFor(6, 120_000)).toBe(true);
    await waitUntil(() => seen.includes(6));
    expect(seen.filter((p) => p > 3)).toEqual([4, 5, 6]);

    const admin = new Kafka({ brokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    try {
      const { topics } = await admin.fetchTopicMetadata({ topics: [topic] });
      expect(topics[0]!.partitions).toHaveLength(1);
      expect(await admin.fetchTopicOffsets(topic)).toEqual([
        expect.objectContaining({ partition: 0, high: '3' }), // 4, 5, 6: the new topic's events
      ]);
    } finally {
      await admin.disconnect();
    }
  }, 240_000);
});
