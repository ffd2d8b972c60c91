import type { SessionLeaseStore } from './session-leases.js';

/**
 * Session leases in this process's memory (tests, and a single process where every "worker" shares
 * one map): the same rules as the Redis and PostgreSQL stores, expiry by `now`.
 */
export class MemorySessionLeaseStore implements SessionLeaseStore {
  private readonly leases = new Map<string, { owner: string; expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async claim(sessionId: string, owner: string, ttlMs: number): Promise<boolean> {
    const live = this.live(sessionId);
    if (live && live.owner !== owner) return false;
    this.leases.set(sessionId, { owner, expiresAt: this.now() + ttlMs });
    return true;
  }

  async renew(sessionIds: readonly string[], owner: string, ttlMs: number): Promise<string[]> {
    return sessionIds.filter((sessionId) => {
      const live = this.live(sessionId);
      if (live?.owner !== owner) return false;
      live.expiresAt = this.now() + ttlMs;
      return true;
    });
  }

  async release(sessionIds: readonly string[], owner: string): Promise<void> {
    for (const sessionId of sessionIds) {
      if (this.leases.get(sessionId)?.owner === owner) this.leases.delete(sessionId);
    }
  }

  async owners(sessionIds: readonly string[]): Promise<Map<string, string>> {
    const owners = new Map<string, string>();
    for (const sessionId of sessionIds) {
      const live = this.live(sessionId);
      if (live) owners.set(sessionId, live.owner);
    }
    return owners;
  }

  /** Ends a lease as if its TTL had run out (tests). */
  expire(sessionId: string): void {
    this.leases.delete(sessionId);
  }

  async close(): Promise<void> {}

  private live(sessionId: string): { owner: string; expiresAt: number } | undefined {
    const lease = this.leases.get(sessionId);
    return lease && lease.expiresAt > this.now() ? lease : undefined;
  }
}
