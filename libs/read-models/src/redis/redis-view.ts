import type { Redis } from 'ioredis';
import type { IndexEntry, ProjectionDump, ProjectionView, RangeQuery } from '@atende/events';
import type { DocCodec } from '../doc-codec.js';
import type { VersionKeys } from './keys.js';
import { bound, pairs, scanKeys } from './redis-ops.js';

/** Reads one projection's serving version (or a rebuild target). */
export class RedisView implements ProjectionView {
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
    const found = (await scanKeys(this.redis, `${keys.base}*`)).sort();
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
