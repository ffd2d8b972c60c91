import { WrongExpectedVersionError as EsdbWrongExpectedVersionError } from '@eventstore/db-client';
import { EventIdClaims, type ClaimBackend, type ClaimRecord, type ClaimState } from './event-id-claims.js';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Claim streams and event streams in memory, with EventStoreDB's optimistic concurrency. */
class MemoryClaims implements ClaimBackend {
  readonly claims = new Map<string, ClaimRecord[]>();
  readonly streams = new Map<string, Map<string, number>>();
  writes = 0;
  failWrites?: Error;

  async lastClaim(key: string): Promise<ClaimState | undefined> {
    await tick();
    const records = this.claims.get(key) ?? [];
    if (records.length === 0) return undefined;
    return { revision: BigInt(records.length - 1), record: records[records.length - 1]! };
  }

  async writeClaim(key: string, record: ClaimRecord, expected: 'no_stream' | bigint): Promise<bigint> {
    await tick();
    if (this.failWrites) throw this.failWrites;
    const records = this.claims.get(key) ?? [];
    const current = BigInt(records.length - 1);
    if (expected === 'no_stream' ? records.length > 0 : expected !== current) {
      throw new EsdbWrongExpectedVersionError(undefined, {
        streamName: key,
        expected,
        current: records.length === 0 ? 'no_stream' : current,
      });
    }
    records.push(record);
    this.claims.set(key, records);
    this.writes += 1;
    return BigInt(records.length - 1);
  }

  async findStored(stream: string, keys: ReadonlySet<string>): Promise<Map<string, number>> {
    await tick();
    const events = this.streams.get(stream) ?? new Map<string, number>();
    return new Map([...events].filter(([key]) => keys.has(key)));
  }

  /** What the writer that holds the claims does next: append the events. */
  store(stream: string, keys: Iterable<string>, firstPosition: number): void {
    const events = this.streams.get(stream) ?? new Map<string, number>();
    let position = firstPosition;
    for (const key of keys) events.set(key, (position += 2));
    this.streams.set(stream, events);
  }
}

const claimsOn = (backend: ClaimBackend, owner: string, claimTimeoutMs = 10_000) =>
  new EventIdClaims(backend, { owner, claimTimeoutMs, pollMs: 1 });

describe('event id claims', () => {
  it('claims new ids with one write each and nothing to read', async () => {
    const backend = new MemoryClaims();
    const reservation = await claimsOn(backend, 'a').reserve('s-1', ['e1', 'e2']);
    expect([...reservation.held.keys()]).toEqual(['e1', 'e2']);
    expect(reservation.stored.size).toBe(0);
    expect(backend.writes).toBe(2);
    expect(backend.claims.get('e1')).toEqual([{ kind: 'claimed', stream: 's-1', owner: 'a' }]);
  });

  it('reports ids stored anywhere with their position and holds none of them', async () => {
    const backend = new MemoryClaims();
    const first = claimsOn(backend, 'a');
    await first.reserve('s-1', ['e1']);
    backend.store('s-1', ['e1'], 100);
    const retry = await claimsOn(backend, 'b').reserve('s-2', ['e1', 'e2']);
    expect(retry.stored).toEqual(new Map([['e1', 102]]));
    expect([...retry.held.keys()]).toEqual(['e2']);
  });

  it('lets one of two concurrent writers hold an id; the other waits and then sees it stored', async () => {
    const backend = new MemoryClaims();
    const results = Promise.all([
      claimsOn(backend, 'a').reserve('s-1', ['e1']),
      claimsOn(backend, 'b').reserve('s-1', ['e1']),
    ]);
    // Let both try, then have the winner store its event.
    for (let i = 0; i < 20; i += 1) await tick();
    expect(backend.claims.get('e1')).toHaveLength(1);
    backend.store('s-1', ['e1'], 10);
    const [a, b] = await results;
    const holders = [a, b].filter((r) => r.held.has('e1'));
    expect(holders).toHaveLength(1);
    expect([a, b].find((r) => !r.held.has('e1'))!.stored.get('e1')).toBe(12);
  });

  it('gives released ids back: the next writer claims them again', async () => {
    const backend = new MemoryClaims();
    const claims = claimsOn(backend, 'a');
    const { held } = await claims.reserve('s-1', ['e1']);
    await claims.release(held); // the append was refused
    const again = await claimsOn(backend, 'b').reserve('s-1', ['e1']);
    expect(again.held.get('e1')).toBe(2n);
    expect(backend.claims.get('e1')!.map((r) => r.kind)).toEqual(['claimed', 'released', 'claimed']);
  });

  it('takes over a claim whose event never showed up, only after the claim timeout', async () => {
    const backend = new MemoryClaims();
    await claimsOn(backend, 'crashed').reserve('s-1', ['e1']); // then died before appending
    const started = Date.now();
    const reservation = await claimsOn(backend, 'b', 60).reserve('s-1', ['e1']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    expect(reservation.held.get('e1')).toBe(1n);
  });

  it('never has two writers of overlapping batches hold the same id, and neither deadlocks', async () => {
    const backend = new MemoryClaims();
    const holders = new Map<string, string>();
    const write = async (owner: string, keys: string[]) => {
      const { held, stored } = await claimsOn(backend, owner).reserve('s-1', keys);
      for (const key of held.keys()) {
        expect(holders.get(key)).toBeUndefined();
        holders.set(key, owner);
      }
      await tick();
      backend.store('s-1', held.keys(), 1_000);
      return { held: [...held.keys()], stored: [...stored.keys()] };
    };
    const [a, b] = await Promise.all([write('a', ['x', 'y', 'z']), write('b', ['z', 'y', 'x'])]);
    expect([...a.held, ...b.held].sort()).toEqual(['x', 'y', 'z']);
    expect([...a.held, ...a.stored].sort()).toEqual(['x', 'y', 'z']);
    expect([...b.held, ...b.stored].sort()).toEqual(['x', 'y', 'z']);
  });

  it('releases what it claimed when a claim fails for another reason than a conflict', async () => {
    const backend = new MemoryClaims();
    const claims = claimsOn(backend, 'b');
    const original = backend.writeClaim.bind(backend);
    backend.writeClaim = async (key, record, expected) => {
      if (key === 'e3') throw new Error('access denied');
      return original(key, record, expected);
    };
    await expect(claims.reserve('s-2', ['e2', 'e3'])).rejects.toThrow('access denied');
    expect(backend.claims.get('e2')!.map((r) => r.kind)).toEqual(['claimed', 'released']);
  });
});
