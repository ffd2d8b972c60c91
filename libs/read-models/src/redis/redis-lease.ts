import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { newRedis } from './ioredis.js';
import { LeaseAcquireStop, sleepUnlessAborted, type Lease } from '@atende/events';
import { RELEASE_OWN_KEY, RENEW_OWN_KEY } from './lease-scripts.js';

export interface RedisLeaseOptions {
  url: string;
  /** The key of the lease, e.g. `atende:lease:relay`. */
  key: string;
  /** How long a hold lasts without renewal; the holder renews at a third of it. Default 10 s. */
  ttlMs?: number;
}

/**
 * A Redis key holding this process's token with a TTL, renewed while held: a holder that dies or is
 * cut off stops renewing and the key expires (a standby takes over within the TTL); a holder whose
 * renewal is refused or fails past the TTL is told (onLost) and must stop.
 */
export class RedisLease implements Lease {
  private readonly redis: Redis;
  private readonly token = randomUUID();
  private readonly ttlMs: number;
  private renewal: NodeJS.Timeout | undefined;
  private held = false;
  private lastRenewedAt = 0;
  private readonly lostListeners: ((reason: Error) => void)[] = [];
  private readonly stop = new LeaseAcquireStop();

  constructor(private readonly options: RedisLeaseOptions) {
    this.ttlMs = options.ttlMs ?? 10_000;
    this.redis = newRedis(options.url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    this.redis.on('error', () => undefined); // reconnects; a failed renewal is what counts
  }

  async acquire(aborted?: AbortSignal): Promise<void> {
    const signal = this.stop.stopped(aborted); // a release stops an acquire still waiting
    for (;;) {
      if (signal.aborted) throw LeaseAcquireStop.aborted();
      const got = await this.redis
        .set(this.options.key, this.token, 'PX', this.ttlMs, 'NX')
        .catch(() => null);
      if (got === 'OK') {
        if (signal.aborted) {
          // Released while the set was on its way: give back what it just took.
          await this.redis.eval(RELEASE_OWN_KEY, 1, this.options.key, this.token).catch(() => undefined);
          throw LeaseAcquireStop.aborted();
        }
        this.held = true;
        this.lastRenewedAt = Date.now();
        this.renewal = setInterval(() => void this.renew(), Math.max(100, Math.floor(this.ttlMs / 3)));
        return;
      }
      await sleepUnlessAborted(Math.max(100, Math.floor(this.ttlMs / 5)), signal);
    }
  }

  onLost(listener: (reason: Error) => void): void {
    this.lostListeners.push(listener);
  }

  async release(): Promise<void> {
    this.stop.release();
    const wasHeld = this.held;
    this.stopRenewing();
    if (wasHeld)
      await this.redis.eval(RELEASE_OWN_KEY, 1, this.options.key, this.token).catch(() => undefined);
    this.redis.disconnect();
  }

  private async renew(): Promise<void> {
    if (!this.held) return;
    try {
      const renewed = await this.redis.eval(
        RENEW_OWN_KEY,
        1,
        this.options.key,
        this.token,
        String(this.ttlMs),
      );
      if (renewed === 1) this.lastRenewedAt = Date.now();
      else this.lose(new Error('the lease was taken over (its key no longer holds this token)'));
    } catch (error) {
      // Unreachable for a whole TTL: the key may have expired and another may hold it now.
      if (Date.now() - this.lastRenewedAt >= this.ttlMs) this.lose(error as Error);
    }
  }

  private stopRenewing(): void {
    this.held = false;
    if (this.renewal) clearInterval(this.renewal);
  }

  private lose(reason: Error): void {
    if (!this.held) return;
    this.stopRenewing();
    for (const listener of this.lostListeners) listener(reason);
  }
}
