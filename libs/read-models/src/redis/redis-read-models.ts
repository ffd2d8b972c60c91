import { newRedis } from './ioredis.js';
import type { ProjectionView, ProjectionWriter, ReadModels, RebuildTarget } from '@atende/events';
import { plainDocCodec, sealedDocCodecKey, type DocCodec } from '../doc-codec.js';
import { COMMIT_SCRIPT } from './commit-script.js';
import { RebuildWriteThread } from './rebuild-write-thread.js';
import { RedisRebuildWriter } from './redis-rebuild-writer.js';
import { RedisView } from './redis-view.js';
import { RedisWriter, type RedisWithCommit } from './redis-writer.js';
import { switchVersion } from './switch-version.js';
import { ProjectionKeys, type VersionKeys } from './keys.js';

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
    this.redis = newRedis(this.url, {
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
