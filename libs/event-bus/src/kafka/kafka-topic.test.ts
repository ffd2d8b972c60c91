import type { PartitionMetadata } from 'kafkajs';
import { BusMisconfiguredError } from '../bus-misconfigured-error.js';
import { TopicPartitionsError, guardedPartitioner } from './kafka-topic.js';

const partitions = (count: number): PartitionMetadata[] =>
  Array.from({ length: count }, (_, partitionId) => ({
    partitionErrorCode: 0,
    partitionId,
    leader: 1,
    replicas: [1],
    isr: [1],
  }));

describe('guardedPartitioner', () => {
  it('partitions by key when the topic has the expected partition count', () => {
    const partition = guardedPartitioner(1)();
    expect(
      partition({ topic: 't', partitionMetadata: partitions(1), message: { key: 'note-a', value: '' } }),
    ).toBe(0);
  });

  it('refuses, before anything is sent, a topic that has another count (auto-created after a broker restart)', () => {
    const partition = guardedPartitioner(1)();
    const send = () =>
      partition({
        topic: 'atende.events',
        partitionMetadata: partitions(3),
        message: { key: 'k', value: '' },
      });
    expect(send).toThrow(TopicPartitionsError);
    expect(send).toThrow(BusMisconfiguredError);
    expect(send).toThrow(
      'Kafka topic "atende.events" has 3 partition(s) but the event bus needs exactly 1: its consumers would ' +
        'receive the event log out of order. Nothing is published to it.',
    );
  });
});
