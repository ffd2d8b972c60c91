import { WriteSoon } from '@atende/events';

/** What a commit sends: the next offset to read, per partition of the topic. */
export interface PartitionOffset {
  topic: string;
  partition: number;
  offset: string;
}

/**
 * How often a consumer group commits its offsets while batches come: at 1,000 msg/s a commit per
 * batch was half of every consumer's requests to the broker, and each batch waited for its commit's
 * round trip before the next fetch. Committed later, an offset only means a restart gets up to this
 * much again from Kafka, which every consumer drops (they keep their own checkpoints).
 */
export const OFFSET_COMMIT_INTERVAL_MS = 1_000;

/**
 * Commits a consumer's offsets at most once per interval, the latest taken batch of each partition,
 * and what is pending when the consumer stops. A commit that fails (kafkajs retried it already:
 * the partition went to another member) is dropped: the next batch taken commits past it, and what
 * it held is delivered again, which consumers drop.
 */
export class OffsetCommitter {
  private readonly pending = new Map<number, string>();
  private readonly writes: WriteSoon;

  constructor(
    commit: (offsets: PartitionOffset[]) => Promise<void>,
    topic: string,
    intervalMs = OFFSET_COMMIT_INTERVAL_MS,
  ) {
    this.writes = new WriteSoon(async () => {
      if (this.pending.size === 0) return;
      const offsets = [...this.pending].map(([partition, offset]) => ({ topic, partition, offset }));
      this.pending.clear();
      await commit(offsets).catch(() => undefined);
    }, intervalMs);
  }

  /** The batch ending at `lastOffset` of `partition` was taken: its next offset is committed soon. */
  taken(partition: number, lastOffset: string): void {
    this.pending.set(partition, (BigInt(lastOffset) + 1n).toString());
    this.writes.soon();
  }

  /** Commits what is pending now; resolves once it (and any commit before it) has settled. */
  flush(): Promise<void> {
    return this.writes.now();
  }
}
