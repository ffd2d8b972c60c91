import type { Redis } from 'ioredis';
import { CheckpointConflictError, type ProjectionBatch, type ProjectionWriter } from '@atende/events';
import { BufferedBatch, DELETED, type BatchChanges } from '../buffered-batch.js';
import { DocCache } from '../doc-cache.js';
import type { DocCodec } from '../doc-codec.js';
import type { VersionKeys } from './keys.js';
import { erasureOps, toArgs } from './redis-ops.js';
import { RedisView } from './redis-view.js';

export type RedisWithCommit = Redis & {
  atendeCommit(keyCp: string, keyActive: string, ...args: (string | number)[]): Promise<[number, string]>;
};

/** Ops past this many arguments go in several round trips (rebuilds only; live batches are small). */
const REBUILD_CHUNK_ARGS = 60_000;
export const DOC_CACHE_LIMIT = 200_000;

/** Writes one projection's version: batches committed atomically by the commit script. */
export class RedisWriter extends RedisView implements ProjectionWriter {
  private cachedFor: string | undefined;
  /**
   * A live writer's version and checkpoint as its last commit left them: the next batch starts there
   * without asking Redis (two reads per projection per batch, twelve projections). The commit script
   * still checks both, so a version switched in by a replay, or a checkpoint another process moved,
   * refuses that commit (CheckpointConflictError) and the writer asks Redis again.
   */
  private known: { keys: VersionKeys; checkpoint: number } | undefined;

  constructor(
    redis: Redis,
    version: () => Promise<VersionKeys>,
    codec: DocCodec,
    protected readonly projection: string,
    protected readonly activeKey: string,
    /** Live writers commit only while their version serves; a rebuild target never serves yet. */
    protected readonly requireServing: boolean,
    protected readonly cache = new DocCache(DOC_CACHE_LIMIT),
  ) {
    super(redis, version, codec);
  }

  /** The version a batch writes to. */
  protected batchKeys(): Promise<VersionKeys> {
    return this.version();
  }

  /** The checkpoint a batch starts from. */
  protected async batchStart(keys: VersionKeys): Promise<number> {
    return Number((await this.redis.get(keys.checkpoint)) ?? 0);
  }

  /** Stores a batch atomically (script), failing when the stored checkpoint is not `expected`. */
  protected async writeBatch(
    keys: VersionKeys,
    changes: BatchChanges,
    expected: number,
    checkpoint: number,
  ): Promise<void> {
    const erased = await erasureOps(this.redis, keys, changes.erasures);
    const docArgs = toArgs(keys, changes, this.codec);
    const args = erased.args.length > 0 ? [...erased.args, ...docArgs] : docArgs;
    const versionId = keys.base.slice(keys.base.lastIndexOf(':v') + 2, -1);
    await this.store(keys, args, String(expected), String(checkpoint), this.requireServing ? versionId : '');
    for (const key of erased.docKeys) {
      const parsed = keys.parse(key);
      if (parsed?.kind === 'doc') this.cache.set(parsed.collection, parsed.id, undefined);
    }
  }

  /** Stores a batch; when that fails the cache no longer knows what Redis holds, so it is dropped. */
  protected async commitBatch(
    keys: VersionKeys,
    changes: BatchChanges,
    expected: number,
    checkpoint: number,
  ): Promise<void> {
    try {
      await this.writeBatch(keys, changes, expected, checkpoint);
    } catch (error) {
      this.cache.clear();
      this.known = undefined;
      throw error;
    }
    if (this.requireServing) this.known = { keys, checkpoint };
  }

  async beginBatch(): Promise<ProjectionBatch> {
    const known = this.known;
    const keys = known?.keys ?? (await this.batchKeys());
    if (this.cachedFor !== undefined && this.cachedFor !== keys.base) {
      this.cache.clear();
    }
    this.cachedFor = keys.base;
    this.cache.trim();
    const expected = known?.checkpoint ?? (await this.batchStart(keys));
    return new BufferedBatch(
      expected,
      (collection, id) => this.cache.peek(collection, id),
      async (changes, checkpoint) => {
        await this.commitBatch(keys, changes, expected, checkpoint);
        for (const [collection, docs] of changes.docs) {
          for (const [id, doc] of docs) this.cache.set(collection, id, doc === DELETED ? undefined : doc);
        }
      },
      async (wanted) => {
        for (let i = 0; i < wanted.length; i += 1000) {
          const chunk = wanted.slice(i, i + 1000);
          const raws = await this.redis.mget(chunk.map((w) => keys.doc(w.collection, w.id)));
          chunk.forEach((w, j) => {
            const raw = raws[j];
            this.cache.set(
              w.collection,
              w.id,
              raw === null || raw === undefined ? undefined : this.codec.decode(raw),
            );
          });
        }
      },
    );
  }

  private async store(
    keys: VersionKeys,
    args: string[],
    expected: string,
    checkpoint: string,
    version: string,
  ) {
    const redis = this.redis as RedisWithCommit;
    // Large rebuild batches: everything but the last chunk goes first; the checkpoint moves with the last.
    let rest = args;
    if (!this.requireServing) {
      while (rest.length > REBUILD_CHUNK_ARGS) {
        let cut = 0;
        while (cut < REBUILD_CHUNK_ARGS)
          cut += rest[cut] === 'S' || rest[cut] === 'R' ? 3 : rest[cut] === 'Z' ? 4 : 2;
        const [ok, stored] = await redis.atendeCommit(
          keys.checkpoint,
          this.activeKey,
          expected,
          expected,
          '',
          ...rest.slice(0, cut),
        );
        if (ok !== 1) throw new CheckpointConflictError(this.projection, Number(expected), Number(stored));
        rest = rest.slice(cut);
      }
    }
    const [ok, stored] = await redis.atendeCommit(
      keys.checkpoint,
      this.activeKey,
      expected,
      checkpoint,
      version,
      ...rest,
    );
    if (ok !== 1) throw new CheckpointConflictError(this.projection, Number(expected), Number(stored));
  }
}
