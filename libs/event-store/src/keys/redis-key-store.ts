import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type * as IORedis from 'ioredis';
import type { Redis } from 'ioredis';
import type { DataKey, KeyStore, MasterKeyLike } from '@atende/events';

/**
 * Makes a subject's next key unless its current one is live, atomically (several processes ask at
 * once). KEYS[1] = the subject's generation counter; ARGV: key prefix, subject, wrapped, master id.
 */
const ACTIVE_KEY_SCRIPT = `
local gen = redis.call('GET', KEYS[1])
if gen then
  local w = redis.call('HGET', ARGV[1] .. ARGV[2] .. '#' .. gen, 'wrapped')
  if w then return {gen, w} end
end
local n = redis.call('INCR', KEYS[1])
redis.call('HSET', ARGV[1] .. ARGV[2] .. '#' .. n, 'wrapped', ARGV[3], 'master', ARGV[4])
return {tostring(n), ARGV[3]}`;

/** Escapes a text for a SCAN MATCH pattern. */
const globEscape = (text: string) => text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);

/**
 * Data keys in Redis (processes that share no disk), wrapped by the master key: `{prefix}k:{keyId}`
 * holds the wrapped key (a destroyed one keeps the hash without it, a tombstone), and
 * `{prefix}g:{subject}` the subject's last generation. Run Redis with persistence (AOF): a lost key
 * is lost data.
 */
export class RedisKeyStore implements KeyStore {
  private readonly redis: Redis;
  private readonly cache = new Map<string, Buffer>();

  constructor(
    url: string,
    private readonly prefix: string,
    private master: MasterKeyLike,
  ) {
    // Loaded here, not on import: the embedded product (keys in SQLite) never loads ioredis.
    const driver = createRequire(import.meta.url)('ioredis') as typeof IORedis;
    this.redis = new driver.Redis(url, { maxRetriesPerRequest: 3 });
  }

  private keyKey(keyId: string): string {
    return `${this.prefix}k:${keyId}`;
  }

  private unwrap(keyId: string, wrapped: string): Buffer {
    let key = this.cache.get(keyId);
    if (!key) this.cache.set(keyId, (key = this.master.unwrap(wrapped)));
    return key;
  }

  async activeKey(subject: string): Promise<DataKey> {
    const [generation, wrapped] = (await this.redis.eval(
      ACTIVE_KEY_SCRIPT,
      1,
      `${this.prefix}g:${subject}`,
      `${this.prefix}k:`,
      subject,
      this.master.wrap(randomBytes(32)),
      this.master.id,
    )) as [string, string];
    const keyId = `${subject}#${generation}`;
    return { keyId, key: this.unwrap(keyId, wrapped) };
  }

  async keyById(keyId: string): Promise<Buffer | undefined> {
    // Always asks Redis: another process may have destroyed it.
    const wrapped = await this.redis.hget(this.keyKey(keyId), 'wrapped');
    if (wrapped === null) {
      this.cache.delete(keyId);
      return undefined;
    }
    return this.unwrap(keyId, wrapped);
  }

  async destroySubject(subject: string): Promise<number> {
    const last = Number((await this.redis.get(`${this.prefix}g:${subject}`)) ?? 0);
    let destroyed = 0;
    for (let g = 1; g <= last; g += 1) {
      destroyed += await this.redis.hdel(this.keyKey(`${subject}#${g}`), 'wrapped');
      this.cache.delete(`${subject}#${g}`);
    }
    return destroyed;
  }

  private async *scan(pattern: string): AsyncIterable<string[]> {
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) yield keys;
    } while (cursor !== '0');
  }

  async destroySubjectsWithPrefix(prefix: string): Promise<number> {
    const counter = `${this.prefix}g:`;
    let destroyed = 0;
    for await (const keys of this.scan(`${globEscape(counter + prefix)}*`)) {
      for (const key of keys) destroyed += await this.destroySubject(key.slice(counter.length));
    }
    return destroyed;
  }

  async rewrap(next: MasterKeyLike): Promise<number> {
    let count = 0;
    for await (const keys of this.scan(`${globEscape(`${this.prefix}k:`)}*`)) {
      for (const key of keys) {
        const wrapped = await this.redis.hget(key, 'wrapped');
        if (wrapped === null) continue;
        const plain = this.master.unwrap(wrapped);
        // Only if it is still the same (not destroyed meanwhile).
        const done = (await this.redis.eval(
          "if redis.call('HGET', KEYS[1], 'wrapped') == ARGV[1] then redis.call('HSET', KEYS[1], 'wrapped', ARGV[2], 'master', ARGV[3]) return 1 end return 0",
          1,
          key,
          wrapped,
          next.wrap(plain),
          next.id,
        )) as number;
        count += done;
      }
    }
    this.master = next;
    return count;
  }

  async close(): Promise<void> {
    this.cache.clear();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
