import type { Lease } from './lease.js';

/** How the contract reaches one adapter: leases on one name, and a way to kill a holder's hold. */
export interface LeaseHarness {
  /** A lease on the harness's name, as another process would open it. */
  open(): Lease;
  /** What happens to a holder whose process dies or is cut off (its connection, its key). */
  breakHold(lease: Lease): Promise<void>;
  cleanup(): Promise<void>;
}

/** `promise`, or a rejection after `ms` (the timer cleared either way: no test leaves one behind). */
const within = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
};

/** The behaviour every Lease adapter must have. */
export function leaseContract(name: string, makeHarness: () => Promise<LeaseHarness>): void {
  describe(`Lease contract: ${name}`, () => {
    let harness: LeaseHarness;
    const opened: Lease[] = [];
    const open = () => {
      const lease = harness.open();
      opened.push(lease);
      return lease;
    };
    beforeEach(async () => {
      harness = await makeHarness();
    });
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((l) => l.release().catch(() => undefined)));
      await harness.cleanup();
    });

    it('is held by one process at a time; a standby takes over as soon as it is released', async () => {
      const first = open();
      const standby = open();
      await within(first.acquire(), 5000, 'the first acquire');
      let taken = false;
      const waiting = standby.acquire().then(() => (taken = true));
      await new Promise((r) => setTimeout(r, 700));
      expect(taken).toBe(false);
      await first.release();
      await within(waiting, 5000, 'the standby taking over');
      expect(taken).toBe(true);
    });

    it('tells the holder it lost the lease when its hold is broken, and a standby takes over in seconds', async () => {
      const holder = open();
      const standby = open();
      await holder.acquire();
      const lost = new Promise<Error>((resolve) => holder.onLost(resolve));
      const waiting = standby.acquire();
      await harness.breakHold(holder);
      expect(await within(lost, 10_000, 'the holder told of its loss')).toBeInstanceOf(Error);
      await within(waiting, 10_000, 'the standby taking over');
    });

    it('stops a standby that is released while it waits, and it never takes the lease after', async () => {
      const holder = open();
      await holder.acquire();
      const standby = open();
      const waiting = standby.acquire();
      await standby.release();
      await expect(within(waiting, 5000, 'the released standby')).rejects.toThrow(/abort/i);
      await holder.release();
      await within(open().acquire(), 5000, 'another taking over');
    });

    it('stops waiting when aborted', async () => {
      const holder = open();
      await holder.acquire();
      const abort = new AbortController();
      const waiting = open().acquire(abort.signal);
      abort.abort();
      await expect(within(waiting, 5000, 'the aborted acquire')).rejects.toThrow(/abort/i);
    });
  });
}
