import { randomUUID } from 'node:crypto';
import type { SessionLeaseStore, SessionLeases } from './session-leases.js';

export interface SessionLeaseHolderOptions {
  store: SessionLeaseStore;
  /** The worker's name (e.g. its host's); a token of this start is added, so a restart is a new owner. */
  workerId: string;
  /** Most leases held at once (`CHANNEL_WORKER_MAX_SESSIONS`); default 50. */
  maxSessions?: number;
  /** How long a lease lasts without renewal; default 10 s. */
  ttlMs?: number;
  /** How often held leases are renewed; default 3 s, at most a third of the TTL. */
  renewEveryMs?: number;
  /** Clock (tests). */
  now?: () => number;
}

interface Held {
  /**
   * When this worker stops trusting the lease: the TTL after the last confirmed renewal was *sent*,
   * less one renewal period, so the session stops here before the store could let another take it.
   */
  trustUntil: number;
  /** Bumped by every take: a renewal answer about an earlier take of the same session is ignored. */
  take: number;
}

/**
 * SessionLeases over a SessionLeaseStore: the holder's side (cap, renewal, loss) is the same for every
 * store. A lease is lost when the store refuses its renewal, or when no renewal was confirmed for
 * most of the TTL (store unreachable, process paused): in both cases the holder stops trusting it
 * before another worker can take it.
 */
export class SessionLeaseHolder implements SessionLeases {
  readonly owner: string;
  private readonly store: SessionLeaseStore;
  private readonly maxSessions: number;
  private readonly ttlMs: number;
  private readonly renewEveryMs: number;
  private readonly now: () => number;
  private readonly leases = new Map<string, Held>();
  private readonly claims = new Map<string, Promise<boolean>>();
  private readonly listeners = new Set<(sessionId: string, reason: Error) => void>();
  private readonly timer: NodeJS.Timeout;
  private lastRenewal = 0;
  /** When the renewal in flight was sent; a store call that hangs past the TTL no longer blocks the next. */
  private renewingSince: number | undefined;
  private takes = 0;
  private closed = false;

  constructor(options: SessionLeaseHolderOptions) {
    this.store = options.store;
    this.owner = `${options.workerId}#${randomUUID().slice(0, 8)}`;
    this.maxSessions = options.maxSessions ?? 50;
    this.ttlMs = options.ttlMs ?? 10_000;
    this.renewEveryMs = Math.min(options.renewEveryMs ?? 3000, Math.floor(this.ttlMs / 3));
    this.now = options.now ?? Date.now;
    // One short tick does both: renew when due, and notice a lease no longer trusted without delay.
    this.timer = setInterval(() => this.tick(), Math.max(20, Math.min(250, this.renewEveryMs / 4)));
    this.timer.unref();
  }

  tryAcquire(sessionId: string): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    if (this.leases.has(sessionId)) return Promise.resolve(true);
    const inFlight = this.claims.get(sessionId);
    if (inFlight) return inFlight;
    if (this.room() <= 0) return Promise.resolve(false);
    const sentAt = this.now();
    const claim = this.store
      .claim(sessionId, this.owner, this.ttlMs)
      .then((taken) => {
        if (taken && this.closed) void this.store.release([sessionId], this.owner).catch(() => undefined);
        if (!taken || this.closed) return false;
        this.leases.set(sessionId, { trustUntil: this.trustedUntil(sentAt), take: ++this.takes });
        return true;
      })
      .catch(() => false)
      .finally(() => this.claims.delete(sessionId));
    this.claims.set(sessionId, claim);
    return claim;
  }

  holds(sessionId: string): boolean {
    return this.leases.has(sessionId);
  }

  held(): string[] {
    return [...this.leases.keys()];
  }

  room(): number {
    return this.closed ? 0 : this.maxSessions - this.leases.size - this.claims.size;
  }

  ownersOf(sessionIds: readonly string[]): Promise<Map<string, string>> {
    return sessionIds.length === 0 ? Promise.resolve(new Map()) : this.store.owners(sessionIds);
  }

  async release(sessionId: string): Promise<void> {
    if (!this.leases.delete(sessionId)) return;
    await this.store.release([sessionId], this.owner).catch(() => undefined);
  }

  onLost(listener: (sessionId: string, reason: Error) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    const held = this.stop();
    await Promise.allSettled([...this.claims.values()]);
    if (held.length > 0) await this.store.release(held, this.owner).catch(() => undefined);
    await this.store.close();
  }

  /** Stops renewing without releasing anything, as a worker that died (tests): the leases expire. */
  async abandon(): Promise<void> {
    if (this.closed) return;
    this.stop();
    await this.store.close();
  }

  private stop(): string[] {
    this.closed = true;
    clearInterval(this.timer);
    const held = this.held();
    this.leases.clear();
    return held;
  }

  private trustedUntil(sentAt: number): number {
    return sentAt + this.ttlMs - this.renewEveryMs;
  }

  private tick(): void {
    const now = this.now();
    for (const [sessionId, held] of this.leases) {
      if (now >= held.trustUntil) this.lose(sessionId, new Error('lease not renewed in time'));
    }
    const stuck = this.renewingSince !== undefined && now - this.renewingSince >= this.ttlMs;
    const idle = this.renewingSince === undefined || stuck;
    if (idle && this.leases.size > 0 && now - this.lastRenewal >= this.renewEveryMs) {
      void this.renew(now);
    }
  }

  private async renew(sentAt: number): Promise<void> {
    this.renewingSince = sentAt;
    this.lastRenewal = sentAt;
    const asked = [...this.leases].map(([sessionId, held]) => ({ sessionId, take: held.take }));
    try {
      const kept = new Set(
        await this.store.renew(
          asked.map((a) => a.sessionId),
          this.owner,
          this.ttlMs,
        ),
      );
      for (const { sessionId, take } of asked) {
        const held = this.leases.get(sessionId);
        if (held?.take !== take) continue; // released or lost (and maybe taken again) meanwhile
        if (kept.has(sessionId)) held.trustUntil = this.trustedUntil(sentAt);
        else this.lose(sessionId, new Error('lease renewal refused: another worker may hold it'));
      }
    } catch {
      // Unreachable store: the leases stay trusted until their time runs out (see tick).
    } finally {
      if (this.renewingSince === sentAt) this.renewingSince = undefined;
    }
  }

  private lose(sessionId: string, reason: Error): void {
    if (!this.leases.delete(sessionId)) return;
    // A renewal that lands after we gave up would keep others out for a TTL: let them in now.
    void this.store.release([sessionId], this.owner).catch(() => undefined);
    for (const listener of this.listeners) {
      try {
        listener(sessionId, reason);
      } catch {
        // A listener's failure must not keep the others from hearing of the loss.
      }
    }
  }
}
