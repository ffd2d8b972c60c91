import { Kafka, logLevel, type Consumer, type Producer } from 'kafkajs';
import {
  atendeRegistry,
  type BusSubscribeOptions,
  type BusSubscription,
  type EventBus,
  type EventRegistry,
  type RawStoredEvent,
  type StoredEvent,
} from '@atende/events';
import { ensureTopic, guardedPartitioner } from './kafka-topic.js';
import { OffsetCommitter } from './offset-committer.js';

export interface KafkaEventBusOptions {
  brokers: string[];
  /** Default 'atende.events'. */
  topic?: string;
  clientId?: string;
  /**
   * Partitions the topic must have; default 1. Consumers that keep one checkpoint over the whole log
   * (the projector) need the log's total order, which one partition keeps; more partitions still keep
   * each stream (key) in order. A topic found with another count is refused (TopicPartitionsError).
   */
  partitions?: number;
  /**
   * How long Kafka keeps events in a topic this bus creates; default 7 days. Kafka is only the
   * transport (the event store is the source of truth): this bounds how long a deleted workspace's
   * events still exist in Kafka after the store erased them.
   */
  retentionMs?: number;
  registry?: EventRegistry;
}

/** The longest a consumer's fetch waits for events (and so its stop, when the topic is quiet). */
export const FETCH_MAX_WAIT_MS = 500;

/** Kafka's own default retention, set explicitly so the erasure promise does not depend on the broker. */
export const DEFAULT_TOPIC_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The EventBus port on Kafka (kafkajs stays behind this file): events keyed by stream id, JSON
 * values, acks from every in-sync replica before publish() resolves; each consumer group commits
 * a batch's offsets only after its handler resolved (at least once), at most once a second
 * (OffsetCommitter), and what is pending when it stops. The bus creates its topic
 * itself and refuses one with another partition count; no client of it lets the broker auto-create
 * the topic (that one would get the broker's default partition count).
 */
export class KafkaEventBus implements EventBus {
  private readonly kafka: Kafka;
  private readonly topic: string;
  private readonly partitions: number;
  private readonly retentionMs: number;
  private readonly registry: EventRegistry;
  private producer: Promise<Producer> | undefined;
  private topicReady: Promise<void> | undefined;
  /** Each running consumer, with what commits its offsets. */
  private readonly consumers = new Map<Consumer, OffsetCommitter>();

  constructor(options: KafkaEventBusOptions) {
    this.kafka = new Kafka({
      clientId: options.clientId ?? 'atende',
      brokers: options.brokers,
      logLevel: logLevel.NOTHING,
      retry: { initialRetryTime: 100, retries: 8 },
    });
    this.topic = options.topic ?? 'atende.events';
    this.partitions = options.partitions ?? 1;
    this.retentionMs = options.retentionMs ?? DEFAULT_TOPIC_RETENTION_MS;
    this.registry = options.registry ?? atendeRegistry;
  }

  /**
   * Creates the topic (`partitions`, `retentionMs`) when it is missing, else checks its partition
   * count: rejects with TopicPartitionsError on a mismatch. publish() and subscribe() call it; a
   * composition root may call it first to fail at start. Checked once for publishing (again after a
   * failed publish) and on every subscribe.
   */
  ensureTopic(): Promise<void> {
    this.topicReady ??= (async () => {
      const admin = this.kafka.admin();
      await admin.connect();
      try {
        await ensureTopic(admin, {
          topic: this.topic,
          partitions: this.partitions,
          retentionMs: this.retentionMs,
        });
      } finally {
        await admin.disconnect();
      }
    })().catch((error: unknown) => {
      this.topicReady = undefined;
      throw error;
    });
    return this.topicReady;
  }

  private getProducer(): Promise<Producer> {
    this.producer ??= (async () => {
      const producer = this.kafka.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        allowAutoTopicCreation: false,
        createPartitioner: guardedPartitioner(this.partitions),
      });
      await producer.connect();
      return producer;
    })().catch((error: unknown) => {
      this.producer = undefined;
      throw error;
    });
    return this.producer;
  }

  async publish(events: readonly StoredEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.ensureTopic();
    const connecting = this.getProducer();
    const producer = await connecting;
    try {
      await producer.send({
        topic: this.topic,
        acks: -1,
        messages: events.map((e) => ({
          key: e.streamId,
          value: JSON.stringify({
            type: e.type,
            data: e.data,
            metadata: e.metadata,
            streamId: e.streamId,
            streamPosition: e.streamPosition,
            globalPosition: e.globalPosition,
          }),
        })),
      });
    } catch (error) {
      // A broker that lost its data lost the topic too: the next publish creates it again (or
      // finds what replaced it and checks it) instead of trusting the first check.
      this.topicReady = undefined;
      // And the producer starts over with a new producer id: once an idempotent producer's sequence
      // numbers and the broker's disagree (a send that timed out but was written, a broker that
      // lost its producer state), every later send fails with OUT_OF_ORDER_SEQUENCE_NUMBER. A batch
      // sent again is a redelivery, which every consumer drops.
      if (this.producer === connecting) this.producer = undefined;
      void producer.disconnect().catch(() => undefined);
      throw error;
    }
  }

  async subscribe(
    group: string,
    handler: (events: StoredEvent[]) => Promise<void>,
    options: BusSubscribeOptions = {},
  ): Promise<BusSubscription> {
    // Checked again on every subscribe: consumers subscribe at start and after a failure, which is
    // when the topic may have been replaced (a broker that lost its data).
    this.topicReady = undefined;
    await this.ensureTopic();
    const consumer = this.kafka.consumer({
      groupId: group,
      retry: { retries: 8 },
      allowAutoTopicCreation: false,
      // How long the broker holds a fetch while nothing comes; a stop waits for the fetch in flight,
      // so kafkajs's 5 s made every idle consumer's stop take up to 5 s.
      maxWaitTimeInMs: FETCH_MAX_WAIT_MS,
    });
    const committer = new OffsetCommitter((offsets) => consumer.commitOffsets(offsets), this.topic);
    this.consumers.set(consumer, committer);
    // kafkajs restarts a consumer after retriable errors only; after any other it just stops, and a
    // subscriber would wait for batches that never come (seen once Kafka restarted empty).
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (!payload.restart) options.onFailure?.(payload.error);
    });
    await consumer.connect();
    await consumer.subscribe({ topic: this.topic, fromBeginning: options.fromBeginning ?? true });
    await consumer.run({
      // Committed by `committer`: kafkajs's own auto-commit sends one after every batch.
      autoCommit: false,
      eachBatchAutoResolve: false,
      eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale }) => {
        if (!isRunning() || isStale() || batch.messages.length === 0) return;
        // Read back through the registry: envelope checked, older schema versions upcast.
        const events = batch.messages.map((m) =>
          this.registry.parse(JSON.parse(m.value!.toString('utf8')) as RawStoredEvent, { trusted: true }),
        );
        await handler(events);
        const last = batch.messages[batch.messages.length - 1]!.offset;
        resolveOffset(last);
        committer.taken(batch.partition, last);
        await heartbeat();
      },
    });
    return {
      stop: async () => {
        this.consumers.delete(consumer);
        await stopConsumer(consumer, committer);
      },
    };
  }

  /**
   * How many events each consumer group has not committed yet (what it still has to handle), by
   * group id, for the groups that have committed an offset of this topic. Ops and benchmarks use it
   * to tell a caught-up system from a busy one.
   */
  async consumerLag(): Promise<Map<string, number>> {
    await this.ensureTopic();
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      const ends = await admin.fetchTopicOffsets(this.topic);
      const { groups } = await admin.listGroups();
      const lag = new Map<string, number>();
      for (const { groupId } of groups) {
        const [committed] = await admin.fetchOffsets({ groupId, topics: [this.topic] });
        // '-1': nothing committed on that partition (also every partition of another topic's group).
        const offsets = committed?.partitions.filter((p) => Number(p.offset) >= 0) ?? [];
        if (offsets.length === 0) continue;
        let behind = 0;
        for (const end of ends) {
          const at = offsets.find((p) => p.partition === end.partition)?.offset ?? '0';
          behind += Number(end.high) - Number(at);
        }
        lag.set(groupId, behind);
      }
      return lag;
    } finally {
      await admin.disconnect();
    }
  }

  async close(): Promise<void> {
    for (const [consumer, committer] of [...this.consumers]) {
      await stopConsumer(consumer, committer).catch(() => undefined);
    }
    this.consumers.clear();
    const producer = this.producer;
    this.producer = undefined;
    if (producer) await (await producer.catch(() => undefined))?.disconnect();
  }
}

/** Commits what the consumer took, then leaves its group. */
async function stopConsumer(consumer: Consumer, committer: OffsetCommitter): Promise<void> {
  await committer.flush();
  await consumer.disconnect();
}
