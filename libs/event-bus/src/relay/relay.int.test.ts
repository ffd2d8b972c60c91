import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, type Admin } from 'kafkajs';
import { MemoryCheckpointStore, type StoredEvent } from '@atende/events';
import { storedNote } from '../contract/event-bus-contract.js';
import { KafkaEventBus } from '../kafka/kafka-event-bus.js';
import { TopicPartitionsError } from '../kafka/kafka-topic.js';
import { describeWithKafka, testKafkaBrokers } from '../testing/kafka-infra.js';
import { MemoryLog } from '@atende/events/testing';
import { startRelay, type Relay } from './relay.js';

/** A log of three events over two streams; the relay follows it. */
const log: StoredEvent[] = [
  storedNote('note-a', 0, 1),
  storedNote('note-b', 0, 2),
  storedNote('note-a', 1, 3),
];
const store = new MemoryLog(log);

function recordingLogger() {
  const errors: string[] = [];
  const warnings: string[] = [];
  return {
    errors,
    warnings,
    logger: {
      error: (_details: object, message: string) => void errors.push(message),
      warn: (_details: object, message: string) => void warnings.push(message),
    } as never,
  };
}

async function waitUntil(check: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeWithKafka('relay on Kafka: the topic it publishes to', () => {
  let admin: Admin;
  let topic: string;
  let bus: KafkaEventBus;
  let relay: Relay | undefined;

  beforeEach(async () => {
    // A topic per test, deleted after it.
    topic = `atende-test-${randomUUID()}`;
    admin = new Kafka({ brokers: testKafkaBrokers(), logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    bus = new KafkaEventBus({ brokers: testKafkaBrokers(), topic, clientId: 'atende-test' });
  });

  afterEach(async () => {
    await relay?.stop();
    relay = undefined;
    await bus.close();
    await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await admin.disconnect();
  });

  const partitionsOf = async () =>
    (await admin.fetchTopicMetadata({ topics: [topic] })).topics[0]!.partitions.length;

  it('creates a missing topic with one partition, then publishes the log to it', async () => {
    const { logger, errors } = recordingLogger();
    relay = await startRelay({ store, bus, checkpoints: new MemoryCheckpointStore(), logger });

    expect(await relay.waitFor(3, 30_000)).toBe(true);
    expect(await partitionsOf()).toBe(1);
    expect(await admin.fetchTopicOffsets(topic)).toEqual([
      expect.objectContaining({ partition: 0, high: '3' }),
    ]);
    expect(relay.refusal()).toBeUndefined();
    expect(errors).toEqual([]);
  });

  it('refuses a topic that has 3 partitions (as a broker auto-creates it): a clear error, nothing published', async () => {
    await admin.createTopics({ topics: [{ topic, numPartitions: 3 }], waitForLeaders: true });
    const { logger, errors } = recordingLogger();
    relay = await startRelay({ store, bus, checkpoints: new MemoryCheckpointStore(), logger });

    await waitUntil(() => relay!.refusal() !== undefined);
    const refusal = relay.refusal();
    expect(refusal).toBeInstanceOf(TopicPartitionsError);
    expect(refusal).toMatchObject({ topic, partitions: 3, expected: 1 });
    expect(errors[0]).toBe(
      `relay refuses to publish: Kafka topic "${topic}" has 3 partition(s) but the event bus needs exactly 1: ` +
        `its consumers would receive the event log out of order. Nothing is published to it. ` +
        `Delete the topic (the bus creates it again with 1) or configure another topic.`,
    );
    expect(relay.position()).toBe(0);
    const offsets = await admin.fetchTopicOffsets(topic);
    expect(offsets.map((o) => o.high)).toEqual(['0', '0', '0']);
  });

  it('publishes again once an operator deleted the wrong topic (the relay recreates it)', async () => {
    await admin.createTopics({ topics: [{ topic, numPartitions: 3 }], waitForLeaders: true });
    const { logger, warnings } = recordingLogger();
    relay = await startRelay({
      store,
      bus,
      checkpoints: new MemoryCheckpointStore(),
      logger,
      refusalRetryMs: 200,
    });
    await waitUntil(() => relay!.refusal() !== undefined);

    await admin.deleteTopics({ topics: [topic] });
    expect(await relay.waitFor(3, 30_000)).toBe(true);
    expect(await partitionsOf()).toBe(1);
    expect(relay.refusal()).toBeUndefined();
    expect(warnings).toContain('relay publishing again: the event bus was fixed');
  });

  it("refuses to consume it too: the bus's subscribe rejects with the same error", async () => {
    await admin.createTopics({ topics: [{ topic, numPartitions: 3 }], waitForLeaders: true });
    await expect(bus.subscribe('projector', async () => undefined)).rejects.toThrow(TopicPartitionsError);
  });
});
