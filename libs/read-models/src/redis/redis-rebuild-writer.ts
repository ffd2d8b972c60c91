import type { Redis } from 'ioredis';
import { CheckpointConflictError, type ProjectionBatch } from '@atende/events';
import type { BatchChanges } from '../buffered-batch.js';
import { DocCache } from '../doc-cache.js';
import type { DocCodec } from '../doc-codec.js';
import { CachedTargetBatch } from './cached-target-batch.js';
import type { VersionKeys } from './keys.js';
import type { RebuildWriteThread } from './rebuild-write-thread.js';
import { rebuildWrites } from './rebuild-writes.js';
import { RedisWriter } from './redis-writer.js';

/**
 * A rebuild keeps every document it wrote (it never reads one back) while the heap is less than
 * this full; past that, it fetches what it reads.
 */
const REBUILD_CACHE_HEAP_SHARE = 0.6;

/**
 * Writes a rebuild target: it started empty and has this one writer, so every document it holds went
 * through the cache (nothing is fetched back), and a batch's writes go out without waiting for them
 * (one batch in flight), so Redis stores a page while the next one is projected. Reads of the target
 * wait for the writes sent.
 */
export class RedisRebuildWriter extends RedisWriter {
  /** The last batch's writes (one in flight: each batch waits for the one before). */
  private sent: Promise<unknown> = Promise.resolve();
  private sentCheckpoint = 0;
  private lastBatch: CachedTargetBatch | undefined;

  constructor(
    redis: Redis,
    private readonly target: VersionKeys,
    codec: DocCodec,
    projection: string,
    activeKey: string,
    private readonly writeThread: () => RebuildWriteThread,
    /** How documents go to the thread: JSON when the thread seals them, else stored as they are. */
    private readonly threadEncode: (doc: unknown) => string,
  ) {
    // Reads of the target wait for the writes sent; `this` exists only once super() returned.
    const pending: { writer?: RedisRebuildWriter } = {};
    super(
      redis,
      async () => {
        await pending.writer?.flush();
        return target;
      },
      codec,
      projection,
      activeKey,
      false,
      new DocCache(Infinity, REBUILD_CACHE_HEAP_SHARE),
    );
    pending.writer = this;
    this.cache.startEmpty();
  }

  /** Waits for every write sent; throws the failure of one. */
  async flush(): Promise<void> {
    await this.sent;
  }

  protected override async batchKeys(): Promise<VersionKeys> {
    return this.target;
  }

  override async beginBatch(): Promise<ProjectionBatch> {
    // Its writes went into the cache and were never stored: the cache no longer says what Redis has.
    if (this.lastBatch?.open) this.cache.clear();
    this.lastBatch = undefined;
    this.cache.trim();
    if (!this.cache.isComplete) {
      // It will fetch documents over the main connection: what was sent must be stored first.
      await this.flush();
      return super.beginBatch();
    }
    const expected = this.sentCheckpoint;
    this.lastBatch = new CachedTargetBatch(expected, this.cache, (changes, checkpoint) =>
      this.commitBatch(this.target, changes, expected, checkpoint),
    );
    return this.lastBatch;
  }

  protected override async batchStart(): Promise<number> {
    return this.sentCheckpoint;
  }

  protected override async writeBatch(
    keys: VersionKeys,
    changes: BatchChanges,
    expected: number,
    checkpoint: number,
  ): Promise<void> {
    if (expected !== this.sentCheckpoint) {
      throw new CheckpointConflictError(this.projection, expected, this.sentCheckpoint);
    }
    // One batch in flight: a failed one fails the rebuild here, or at the flush before it switches.
    await this.flush();
    if (changes.erasures.length > 0) {
      await super.writeBatch(keys, changes, expected, checkpoint);
    } else {
      const sending = this.writeThread().send(rebuildWrites(keys, changes, checkpoint, this.threadEncode));
      sending.catch(() => undefined); // surfaced by the next flush
      this.sent = sending;
    }
    this.sentCheckpoint = checkpoint;
  }
}
