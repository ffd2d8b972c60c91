import { Redis } from 'ioredis';
import type {
  IndexEntry,
  ProjectionBatch,
  ProjectionDump,
  ProjectionView,
  ProjectionWriter,
  RangeQuery,
  ReadModels,
  RebuildTarget,
} from '@atende/events';
import { CheckpointConflictError } from '@atende/events';
import { BufferedBatch, DELETED, type BatchChanges, type Erasure } from '../buffered-batch.js';
import { plainDocCodec, sealedDocCodecKey, type DocCodec } from '../doc-codec.js';
import { COMMIT_SCRIPT } from './commit-script.js';
import { CachedTargetBatch } from './cached-target-batch.js';
import { DocCache } from '../doc-cache.js';
import { RebuildWriteThread } from './rebuild-write-thread.js';
import { rebuildWrites } from './rebuild-writes.js';
import { switchVersion } from './switch-version.js';
import type { VersionKeys } from './keys.js';
import { ProjectionKeys, assertCollectionName } from './keys.js';

export interface RedisReadModelsOptions {
  url?: string;
  /** Prefix of every key, e.g. `atende:rm:`; tests use their own and delete it. */
  prefix?: string;
  /** How long a view trusts the serving version it looked up; default 250 ms. */
  versionCacheMs?: number;
  /**
   * How documents are stored; default plainDocCodec (JSON). With sealedDocCodec(key) they are
   * encrypted, and the rebuild writer thread gets the key bytes to seal with (workerData).
   */
  codec?: DocCodec;
}

type RedisWithCommit = Redis & {
  atendeCommit(keyCp: string, keyActive: string, ...args: (string | number)[]): Promise<[number, string]>;
};

/** Ops past this many arguments go in several round trips (rebuilds only; live batches are small). */
const REBUILD_CHUNK_ARGS = 60_000;
const DOC_CACHE_LIMIT = 200_000;
/**
 * A rebuild keeps every document it wrote (it never reads one back) while the heap is less than
 * this full; past that, it fetches what it reads.
 */
const REBUILD_CACHE_HEAP_SHARE = 0.6;

function bound(value: number | undefined, exclusive: boolean | undefined, infinite: string): string {
  if (value === undefined) return infinite;
  return `${exclusive ? '(' : ''}${value}`;
}

/** WITHSCORES answers: flat `[member, score, …]` over RESP2, `[[member, score], …]` over RESP3. */
function pairs(reply: unknown[]): IndexEntry[] {
  const out: IndexEntry[] = [];
  if (reply.length > 0 && Array.isArray(reply[0])) {
    for (const [id, score] of reply as [string, string | number][]) out.push({ id, score: Number(score) });
    return out;
  }
  for (let i = 0; i < reply.length; i += 2) out.push({ id: String(reply[i]), score: Number(reply[i + 1]) });
  return out;
}

/** A literal for a SCAN / ZSCAN MATCH pattern (glob characters escaped). */
function globLiteral(text: string): string {
  return text.replace(/[\\*?[\]]/g, (c) => `\\${c}`);
}

async function scanKeys(redis: Redis, pattern: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    found.push(...batch);
  } while (cursor !== '0');
  return found;
}

/**
 * The ops that carry out a batch's erasures (D key | R key member), found with SCAN / ZSCAN before
 * the commit; `docKeys` are the documents they delete. Only this projection's single writer
 * changes these keys, and its commit still checks the checkpoint, so nothing slips in between.
 */
async function erasureOps(
  redis: Redis,
  keys: VersionKeys,
  erasures: readonly Erasure[],
): Promise<{ args: string[]; docKeys: string[] }> {
  const args: string[] = [];
  const docKeys: string[] = [];
  for (const erasure of erasures) {
    if (erasure.kind === 'docs') {
      assertCollectionName(erasure.collection);
      const found = await scanKeys(redis, `${globLiteral(keys.doc(erasure.collection, erasure.prefix))}*`);
      for (const key of found) args.push('D', key);
      docKeys.push(...found);
    } else if (erasure.kind === 'indexes') {
      for (const key of await scanKeys(redis, `${globLiteral(keys.index(erasure.prefix))}*`)) {
        args.push('D', key);
      }
    } else if (erasure.prefix === '') {
      args.push('D', keys.index(erasure.index));
    } else {
      const key = keys.index(erasure.index);
      let cursor = '0';
      do {
        const [next, reply] = await redis.zscan(
          key,
          cursor,
          'MATCH',
          `${globLiteral(erasure.prefix)}*`,
          'COUNT',
          1000,
        );
        cursor = next;
        for (const entry of pairs(reply)) args.push('R', key, entry.id);
      } while (cursor !== '0');
    }
  }
  return { args, docKeys };
}

function toArgs(keys: VersionKeys, changes: BatchChanges, codec: DocCodec): string[] {
  const args: string[] = [];
  for (const [collection, docs] of changes.docs) {
    assertCollectionName(collection);
    for (const [id, doc] of docs) {
      if (doc === DELETED) args.push('D', keys.doc(collection, id));
      else args.push('S', keys.doc(collection, id), codec.encode(doc));
    }
  }
  for (const [name, entries] of changes.indexes) {
    for (const [id, score] of entries) {
      if (score === DELETED) args.push('R', keys.index(name), id);
      else args.push('Z', keys.index(name), String(score), id);
    }
  }
  return args;
}

class RedisView implements ProjectionView {
  constructor(
    protected readonly redis: Redis,
    protected readonly version: () => Promise<VersionKeys>,
    protected readonly codec: DocCodec,
  ) {}

  async get<T>(collection: string, id: string): Promise<T | undefined> {
    const raw = await this.redis.get((await this.version()).doc(collection, id));
    return raw === null ? undefined : this.codec.decode<T>(raw);
  }

  async getMany<T>(collection: string, ids: readonly string[]): Promise<(T | undefined)[]> {
    if (ids.length === 0) return [];
    const keys = await this.version();
    const raws = await this.redis.mget(ids.map((id) => keys.doc(collection, id)));
    return raws.map((raw) => (raw === null ? undefined : this.codec.decode<T>(raw)));
  }

  async range(index: string, query: RangeQuery = {}): Promise<IndexEntry[]> {
    const key = (await this.version()).index(index);
    const min = bound(query.min, query.minExclusive, '-inf');
    const max = bound(query.max, query.maxExclusive, '+inf');
    const limit = query.limit === undefined ? -1 : query.limit;
    if (limit === 0) return [];
    const args: (string | number)[] = query.reverse
      ? [key, max, min, 'BYSCORE', 'REV']
      : [key, min, max, 'BYSCORE'];
    args.push('LIMIT', query.offset ?? 0, limit, 'WITHSCORES');
    return pairs((await this.redis.call('ZRANGE', ...args)) as unknown[]);
  }

  async count(index: string, query: RangeQuery = {}): Promise<number> {
    const key = (await this.version()).index(index);
    if (query.min === undefined && query.max === undefined) return this.redis.zcard(key);
    return this.redis.zcount(
      key,
      bound(query.min, query.minExclusive, '-inf'),
      bound(query.max, query.maxExclusive, '+inf'),
    );
  }

  async checkpoint(): Promise<number> {
    return Number((await this.redis.get((await this.version()).checkpoint)) ?? 0);
  }

  async dump(): Promise<ProjectionDump> {
    const keys = await this.version();
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await this.redis.scan(cursor, 'MATCH', `${keys.base}*`, 'COUNT', 1000);
      cursor = next;
      found.push(...batch);
    } while (cursor !== '0');
    found.sort();
    const docs: ProjectionDump['docs'] = {};
    const indexes: ProjectionDump['indexes'] = {};
    const docKeys: { key: string; collection: string; id: string }[] = [];
    for (const key of found) {
      const parsed = keys.parse(key);
      if (parsed?.kind === 'doc') docKeys.push({ key, ...parsed });
      else if (parsed?.kind === 'index') {
        const entries = pairs((await this.redis.call('ZRANGE', key, 0, -1, 'WITHSCORES')) as unknown[]);
        if (entries.length > 0) indexes[parsed.name] = entries;
      }
    }
    for (let i = 0; i < docKeys.length; i += 1000) {
      const chunk = docKeys.slice(i, i + 1000);
      const raws = await this.redis.mget(chunk.map((d) => d.key));
      chunk.forEach((d, j) => {
        const raw = raws[j];
        if (raw !== null && raw !== undefined) (docs[d.collection] ??= {})[d.id] = this.codec.decode(raw);
      });
    }
    const sortedDocs = Object.fromEntries(
      Object.keys(docs)
        .sort()
        .map((c) => [
          c,
          Object.fromEntries(Object.entries(docs[c]!).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
        ]),
    );
    return { checkpoint: await this.checkpoint(), docs: sortedDocs, indexes };
  }
}

class RedisWriter extends RedisView implements ProjectionWriter {
  private cachedFor: string | undefined;

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
      throw error;
    }
  }

  async beginBatch(): Promise<ProjectionBatch> {
    const keys = await this.batchKeys();
    if (this.cachedFor !== undefined && this.cachedFor !== keys.base) {
      this.cache.clear();
    }
    this.cachedFor = keys.base;
    this.cache.trim();
    const expected = await this.batchStart(keys);
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

/**
 * Writes a rebuild target: it started empty and has this one writer, so every document it holds went
 * through the cache (nothing is fetched back), and a batch's writes go out without waiting for them
 * (one batch in flight), so Redis stores a page while the next one is projected. Reads of the target
 * wait for the writes sent.
 */
class RedisRebuildWriter extends RedisWriter {
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

/** Read models in Redis (distributed mode), with blue/green versions per projection. */
export class RedisReadModels implements ReadModels {
  private readonly redis: RedisWithCommit;
  private readonly prefix: string;
  private readonly versionCacheMs: number;
  private readonly url: string;
  private readonly codec: DocCodec;
  /** The key the rebuild writer thread seals with (sealedDocCodec), or undefined: it stores texts as sent. */
  private readonly threadKey: Buffer | undefined;
  private writeThread: RebuildWriteThread | undefined;
  private readonly serving = new Map<string, { keys: VersionKeys; at: number }>();
  /** Old versions being deleted after a switch (awaited on close). */
  private readonly cleanups = new Set<Promise<void>>();

  constructor(options: RedisReadModelsOptions = {}) {
    this.url = options.url ?? 'redis://127.0.0.1:6379';
    this.redis = new Redis(this.url, {
      maxRetriesPerRequest: 2,
      lazyConnect: false,
      // Commands issued in the same tick leave in one write: a gateway reads many documents and
      // checkpoints at once, and one socket write per command cost more CPU than Redis itself.
      enableAutoPipelining: true,
    }) as RedisWithCommit;
    this.redis.defineCommand('atendeCommit', { numberOfKeys: 2, lua: COMMIT_SCRIPT });
    this.prefix = options.prefix ?? 'atende:rm:';
    this.versionCacheMs = options.versionCacheMs ?? 250;
    this.codec = options.codec ?? plainDocCodec;
    this.threadKey = sealedDocCodecKey(this.codec);
  }

  /** Started by the first rebuild batch. */
  private rebuildWriteThread(): RebuildWriteThread {
    return (this.writeThread ??= new RebuildWriteThread(this.url, { sealKey: this.threadKey }));
  }

  private async servingVersion(projection: string, fresh = false): Promise<VersionKeys> {
    const cached = this.serving.get(projection);
    if (!fresh && cached && Date.now() - cached.at < this.versionCacheMs) return cached.keys;
    const keys = new ProjectionKeys(this.prefix, projection);
    let version = await this.redis.get(keys.active);
    if (version === null) {
      // First use: version 1 serves (SET NX so concurrent processes agree).
      await this.redis.set(keys.sequence, '1', 'NX');
      await this.redis.set(keys.active, '1', 'NX');
      version = (await this.redis.get(keys.active))!;
    }
    const versionKeys = keys.version(version);
    this.serving.set(projection, { keys: versionKeys, at: Date.now() });
    return versionKeys;
  }

  view(projection: string): ProjectionView {
    return new RedisView(this.redis, () => this.servingVersion(projection), this.codec);
  }

  writer(projection: string): ProjectionWriter {
    const keys = new ProjectionKeys(this.prefix, projection);
    return new RedisWriter(
      this.redis,
      () => this.servingVersion(projection, true),
      this.codec,
      projection,
      keys.active,
      true,
    );
  }

  async beginRebuild(projection: string): Promise<RebuildTarget> {
    const keys = new ProjectionKeys(this.prefix, projection);
    await this.servingVersion(projection, true);
    const version = String(await this.redis.incr(keys.sequence));
    const target = keys.version(version);
    await this.deleteVersion(target);
    const writer = new RedisRebuildWriter(
      this.redis,
      target,
      this.codec,
      projection,
      keys.active,
      () => this.rebuildWriteThread(),
      // A sealing thread gets JSON texts and encrypts them there, off the main thread.
      this.threadKey ? plainDocCodec.encode : (doc) => this.codec.encode(doc),
    );
    return Object.assign(writer, {
      activate: async () => {
        await writer.flush();
        const previous = await switchVersion(this.redis, keys, version);
        this.serving.set(projection, { keys: target, at: Date.now() });
        if (previous !== null && previous !== version) {
          // The switch is done; dropping the old keys does not hold up the caller.
          const cleanup = this.deleteVersion(keys.version(previous)).finally(() =>
            this.cleanups.delete(cleanup),
          );
          this.cleanups.add(cleanup);
        }
      },
      discard: async () => {
        await writer.flush().catch(() => undefined);
        await this.deleteVersion(target);
      },
    });
  }

  private async deleteVersion(keys: VersionKeys): Promise<void> {
    let cursor = '0';
    do {
      const [next, batch] = await this.redis.scan(cursor, 'MATCH', `${keys.base}*`, 'COUNT', 1000);
      cursor = next;
      if (batch.length > 0) await this.redis.unlink(...batch);
    } while (cursor !== '0');
  }

  /** Deletes every key under this instance's prefix (tests and `replay --reset`). */
  async deleteAll(): Promise<void> {
    await Promise.allSettled([...this.cleanups]);
    let cursor = '0';
    do {
      const [next, batch] = await this.redis.scan(cursor, 'MATCH', `${this.prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (batch.length > 0) await this.redis.unlink(...batch);
    } while (cursor !== '0');
    this.serving.clear();
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.cleanups]);
    await this.writeThread?.close();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
