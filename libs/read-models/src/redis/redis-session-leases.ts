import type { Redis } from 'ioredis';
import { newRedis } from './ioredis.js';
import type { SessionLeaseStore } from '@atende/events';
import { CLAIM_KEY, RELEASE_OWN_KEY, RENEW_OWN_KEY } from './lease-scripts.js';

export interface RedisSessionLeaseStoreOptions {
  url: string;
  /** The deployment's key prefix (`ATENDE_REDIS_PREFIX`, e.g. `atende:`): keys are `${prefix}session-lease:<id>`. */
  prefix: string;
  /** A command unanswered this long fails (a renewal must not hang); default 2 s. */
  commandTimeoutMs?: number;
}

/** The key of a session's lease in a deployment's prefix. */
export const sessionLeaseKey = (prefix: string, sessionId: string): string =>
  `${prefix}session-lease:${sessionId}`;

/**
 * Session leases in Redis: one key per session holding its owner, with a TTL that Redis counts (a
 * worker that dies stops renewing and its keys expire). Only the owner extends or deletes its keys.
 */
export class RedisSessionLeaseStore implements SessionLeaseStore {
  private readonly redis: Redis;

  constructor(private readonly options: RedisSessionLeaseStoreOptions) {
    this.redis = newRedis(options.url, {
      maxRetriesPerRequest: 1,
      commandTimeout: options.commandTimeoutMs ?? 2000,
    });
    this.redis.on('error', () => undefined); // reconnects; the holder judges by renewals confirmed
  }

  private keyOf(sessionId: string): string {
    return sessionLeaseKey(this.options.prefix, sessionId);
  }

  async claim(sessionId: string, owner: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.eval(CLAIM_KEY, 1, this.keyOf(sessionId), owner, String(ttlMs))) === 1;
  }

  async renew(sessionIds: readonly string[], owner: string, ttlMs: number): Promise<string[]> {
    const results = await this.each(sessionIds, RENEW_OWN_KEY, owner, String(ttlMs));
    return sessionIds.filter((_, i) => results[i] === 1);
  }

  async release(sessionIds: readonly string[], owner: string): Promise<void> {
    await this.each(sessionIds, RELEASE_OWN_KEY, owner);
  }

  async owners(sessionIds: readonly string[]): Promise<Map<string, string>> {
    const owners = new Map<string, string>();
    if (sessionIds.length === 0) return owners;
    const values = await this.redis.mget(sessionIds.map((id) => this.keyOf(id)));
    sessionIds.forEach((sessionId, i) => {
      const owner = values[i];
      if (owner) owners.set(sessionId, owner);
    });
    return owners;
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  /** One script per key, pipelined (one round trip; each key on its own, as a cluster would need). */
  private async each(sessionIds: readonly string[], script: string, ...args: string[]): Promise<unknown[]> {
    if (sessionIds.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const sessionId of sessionIds) pipeline.eval(script, 1, this.keyOf(sessionId), ...args);
    const replies = (await pipeline.exec()) ?? [];
    return replies.map(([error, result]) => {
      if (error) throw error;
      return result;
    });
  }
}
