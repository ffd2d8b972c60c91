import { SessionLeaseHolder } from '../ports/session-lease-holder.js';
import type { SessionLeaseStore } from '../ports/session-leases.js';

/** How the contract reaches one adapter. */
export interface SessionLeaseHarness {
  /** A store as another worker would open it (a connection of its own, the same leases). */
  openStore(): SessionLeaseStore;
  /** Ends a session's lease in the store as if its TTL had run out (the holder is not told). */
  expire(sessionId: string): Promise<void>;
  cleanup(): Promise<void>;
}

const TTL_MS = 2000;
const RENEW_EVERY_MS = 400;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually<T>(attempt: () => Promise<T | undefined>, ms: number, what: string): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await attempt();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await pause(25);
  }
}

/** A store whose calls all fail while `cut` is set: a worker cut off from the server. */
export function breakableLeaseStore(store: SessionLeaseStore): SessionLeaseStore & { cut: boolean } {
  const cutOff = () => Promise.reject(new Error('cut off from the lease store'));
  const wrapped = {
    cut: false,
    claim: (...args: Parameters<SessionLeaseStore['claim']>) =>
      wrapped.cut ? cutOff() : store.claim(...args),
    renew: (...args: Parameters<SessionLeaseStore['renew']>) =>
      wrapped.cut ? cutOff() : store.renew(...args),
    release: (...args: Parameters<SessionLeaseStore['release']>) =>
      wrapped.cut ? cutOff() : store.release(...args),
    owners: (...args: Parameters<SessionLeaseStore['owners']>) =>
      wrapped.cut ? cutOff() : store.owners(...args),
    close: () => store.close(),
  };
  return wrapped;
}

/**
 * The behaviour every SessionLeaseStore must have, through the SessionLeaseHolder every worker uses
 * (TTL 2 s, renewed every 0.4 s: room for a busy test machine).
 */
export function sessionLeasesContract(name: string, makeHarness: () => Promise<SessionLeaseHarness>): void {
  describe(`SessionLeases contract: ${name}`, () => {
    let harness: SessionLeaseHarness;
    const holders: SessionLeaseHolder[] = [];
    const worker = (workerId: string, maxSessions = 10, store = harness.openStore()) => {
      const holder = new SessionLeaseHolder({
        store,
        workerId,
        maxSessions,
        ttlMs: TTL_MS,
        renewEveryMs: RENEW_EVERY_MS,
      });
      holders.push(holder);
      return holder;
    };
    beforeEach(async () => {
      harness = await makeHarness();
    });
    afterEach(async () => {
      await Promise.all(holders.splice(0).map((h) => h.close().catch(() => undefined)));
      await harness.cleanup();
    });

    it('gives a session to one worker at a time, and to another once released', async () => {
      const a = worker('a');
      const b = worker('b');
      expect(await a.tryAcquire('s1')).toBe(true);
      expect(await b.tryAcquire('s1')).toBe(false);
      expect(await a.tryAcquire('s1')).toBe(true);
      expect(a.holds('s1')).toBe(true);
      expect(b.holds('s1')).toBe(false);
      expect(await b.ownersOf(['s1', 's2'])).toEqual(new Map([['s1', a.owner]]));
      await a.release('s1');
      expect(a.held()).toEqual([]);
      expect(await b.tryAcquire('s1')).toBe(true);
      expect(await a.ownersOf(['s1'])).toEqual(new Map([['s1', b.owner]]));
    });

    it('keeps a lease past its TTL while it renews it', async () => {
      const a = worker('a');
      const b = worker('b');
      const lost: string[] = [];
      a.onLost((sessionId) => lost.push(sessionId));
      expect(await a.tryAcquire('s1')).toBe(true);
      await pause(TTL_MS * 2);
      expect(await b.tryAcquire('s1')).toBe(false);
      expect(a.holds('s1')).toBe(true);
      expect(lost).toEqual([]);
    });

    it("caps a worker's sessions, counting claims in flight", async () => {
      const a = worker('a', 2);
      const taken = await Promise.all(['s1', 's2', 's3'].map((s) => a.tryAcquire(s)));
      expect(taken.filter(Boolean)).toHaveLength(2);
      expect(a.room()).toBe(0);
      const refused = ['s1', 's2', 's3'][taken.indexOf(false)]!;
      expect(await a.tryAcquire(refused)).toBe(false);
      await a.release(a.held()[0]!);
      expect(a.room()).toBe(1);
      expect(await a.tryAcquire(refused)).toBe(true);
    });

    it('lets another worker take the sessions of a worker that died, within the TTL', async () => {
      const a = worker('a');
      const b = worker('b');
      expect(await a.tryAcquire('s1')).toBe(true);
      expect(await a.tryAcquire('s2')).toBe(true);
      const diedAt = Date.now();
      await a.abandon();
      expect(await b.tryAcquire('s1')).toBe(false);
      for (const sessionId of ['s1', 's2']) {
        const taken = async () => ((await b.tryAcquire(sessionId)) ? true : undefined);
        await eventually(taken, TTL_MS * 2, `${sessionId} taken`);
      }
      expect(Date.now() - diedAt).toBeLessThan(TTL_MS + 1000);
      expect(b.held().sort()).toEqual(['s1', 's2']);
    });

    it('stops a worker cut off from the store trusting its leases before another can take them', async () => {
      const store = breakableLeaseStore(harness.openStore());
      const a = worker('a', 10, store);
      const b = worker('b');
      expect(await a.tryAcquire('s1')).toBe(true);
      const lostAt = new Promise<number>((resolve) => a.onLost(() => resolve(Date.now())));
      store.cut = true;
      const takenAt = await eventually(
        async () => ((await b.tryAcquire('s1')) ? Date.now() : undefined),
        TTL_MS * 3,
        's1 taken by another worker',
      );
      expect(await lostAt).toBeLessThan(takenAt);
      expect(a.holds('s1')).toBe(false);
      store.cut = false;
      expect(await a.tryAcquire('s1')).toBe(false);
    });

    it('tells a worker at its next renewal that its lease was taken behind its back', async () => {
      const a = worker('a');
      const b = worker('b');
      expect(await a.tryAcquire('s1')).toBe(true);
      const lost = new Promise<string>((resolve) => a.onLost((sessionId) => resolve(sessionId)));
      await harness.expire('s1');
      expect(await b.tryAcquire('s1')).toBe(true);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<string>(
        (resolve) => (timer = setTimeout(resolve, RENEW_EVERY_MS * 4, 'late')),
      );
      await expect(Promise.race([lost, late]).finally(() => clearTimeout(timer))).resolves.toBe('s1');
      expect(a.holds('s1')).toBe(false);
      expect(await b.ownersOf(['s1'])).toEqual(new Map([['s1', b.owner]]));
    });

    it('releases every lease on close, so others take them at once', async () => {
      const a = worker('a');
      const b = worker('b');
      expect(await a.tryAcquire('s1')).toBe(true);
      expect(await a.tryAcquire('s2')).toBe(true);
      await a.close();
      expect(await a.tryAcquire('s3')).toBe(false);
      expect(await b.ownersOf(['s1', 's2'])).toEqual(new Map());
      expect(await b.tryAcquire('s1')).toBe(true);
      expect(await b.tryAcquire('s2')).toBe(true);
    });
  });
}
