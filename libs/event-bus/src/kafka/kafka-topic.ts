import { Partitioners, type Admin, type ICustomPartitioner } from 'kafkajs';
import { BusMisconfiguredError } from '../bus-misconfigured-error.js';

/** What the bus needs of its topic. */
export interface TopicLayout {
  topic: string;
  partitions: number;
  retentionMs: number;
}

/**
 * The topic exists with another partition count than the bus was configured with. Consumers that
 * keep one checkpoint over the whole log rely on one partition's total order; with several, events
 * of different streams arrive out of log order. A broker that lost its data auto-creates a topic
 * with its own `num.partitions` (3 on the local broker), which is how this happens.
 */
export class TopicPartitionsError extends BusMisconfiguredError {
  override readonly code = 'KAFKA_TOPIC_PARTITIONS';

  constructor(
    readonly topic: string,
    readonly partitions: number,
    readonly expected: number,
  ) {
    super(
      `Kafka topic "${topic}" has ${partitions} partition(s) but the event bus needs exactly ${expected}: ` +
        `its consumers would receive the event log out of order. Nothing is published to it. ` +
        `Delete the topic (the bus creates it again with ${expected}) or configure another topic.`,
    );
    this.name = 'TopicPartitionsError';
  }
}

/**
 * Creates the topic with the layout when it is missing, else checks the partition count of the one
 * there (throws TopicPartitionsError). Auto-created topics are never relied upon: every client of
 * the bus disables auto-creation, so the topic either comes from here or is refused.
 */
export async function ensureTopic(admin: Admin, layout: TopicLayout): Promise<void> {
  await admin.createTopics({
    topics: [
      {
        topic: layout.topic,
        numPartitions: layout.partitions,
        replicationFactor: 1,
        configEntries: [{ name: 'retention.ms', value: String(layout.retentionMs) }],
      },
    ],
    waitForLeaders: true,
  });
  const { topics } = await admin.fetchTopicMetadata({ topics: [layout.topic] });
  const found = topics.find((t) => t.name === layout.topic)?.partitions.length ?? 0;
  if (found !== layout.partitions) throw new TopicPartitionsError(layout.topic, found, layout.partitions);
}

/**
 * kafkajs's default partitioner (murmur2 of the key, the stream id), refusing a topic whose partition
 * count in the producer's current metadata is not `expected`. It runs on every send before anything
 * is written, so a topic recreated behind the bus's back after ensureTopic (a broker restarted without
 * its data, then auto-creation by some other client) gets nothing either. kafkajs gives up at once on
 * this error (it is not retriable) and rejects the send with it.
 */
export function guardedPartitioner(expected: number): ICustomPartitioner {
  return () => {
    const partition = Partitioners.DefaultPartitioner();
    return (args) => {
      const found = args.partitionMetadata.length;
      if (found !== expected) throw new TopicPartitionsError(args.topic, found, expected);
      return partition(args);
    };
  };
}
