import { UnavailableError } from '@eventstore/db-client';
import {
  EventRegistry,
  InvalidEventError,
  WrongExpectedVersionError,
  defineEvent,
  newId,
  type StoredEvent,
} from '@atende/events';
import { z } from 'zod';
import { eventStoreContract, type EventStoreHarness } from '../contract/event-store-contract.js';
import { sampleEvent, sampleWorkspaceDeletion } from '../contract/sample-events.js';
import { EventStoreDbEventStore, type EventStoreDbEventStoreOptions } from './eventstoredb-event-store.js';
import { FakeEventStoreDb } from './testing/fake-eventstoredb.js';

// The adapter against an in-memory stand-in of the server (testing/fake-eventstoredb.ts): its own
// logic (claims, positions, paging, subscriptions) runs here; the contract suite runs it against a
// real EventStoreDB in eventstoredb-event-store.int.test.ts when EVENTSTORE_URL is set.

let server: FakeEventStoreDb;
const opened: EventStoreDbEventStore[] = [];

function open(options: Partial<EventStoreDbEventStoreOptions> = {}): EventStoreDbEventStore {
  const store = new EventStoreDbEventStore({ client: server.client(), namespace: 'ns-', ...options });
  opened.push(store);
  return store;
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

const titles = (events: readonly StoredEvent[]) => events.map((e) => (e.data as { title: string }).title);

beforeEach(() => {
  server = new FakeEventStoreDb();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

describe('EventStoreDB event store (in-memory server)', () => {
  describe('writing', () => {
    it('stores our events as EventStoreDB JSON events in namespaced streams, nothing else in them', async () => {
      const store = open();
      const event = sampleEvent('um');
      const result = await store.appendToStream('note-1', [event], { expectedVersion: 'no_stream' });
      const record = server.records.find((r) => r.streamId === 'ns-note-1')!;
      expect(record).toMatchObject({ id: event.metadata.eventId, type: 'NoteCreated', isJson: true });
      expect(JSON.parse(record.data)).toEqual(event.data);
      expect(JSON.parse(record.metadata!)).toEqual(event.metadata);
      expect(result).toEqual({
        nextExpectedVersion: 0,
        globalPositions: [Number(record.position) * 2],
        written: 1,
      });
      expect(server.streamNames().filter((s) => !s.startsWith('$'))).toEqual(['ns-note-1']);
      expect(server.streamNames()).toContain(`$atende-eid-ns-${event.metadata.eventId}`);
    });

    it('reads a stream back with stream positions from 0 and even, increasing global positions', async () => {
      const store = open();
      const result = await store.appendToStream(
        'note-1',
        ['a', 'b', 'c'].map((t) => sampleEvent(t)),
      );
      server.writeSystem('$stats-127.0.0.1:2113', '$statsCollected');
      await store.appendToStream('note-1', [sampleEvent('d')], { expectedVersion: 2 });
      const events = await store.readStream('note-1');
      expect(titles(events)).toEqual(['a', 'b', 'c', 'd']);
      expect(events.map((e) => e.streamPosition)).toEqual([0, 1, 2, 3]);
      expect(events.slice(0, 3).map((e) => e.globalPosition)).toEqual(result.globalPositions);
      const positions = events.map((e) => e.globalPosition);
      expect(positions.every((p, i) => p % 2 === 0 && (i === 0 || p > positions[i - 1]!))).toBe(true);
      expect(titles(await store.readStream('note-1', { fromStreamPosition: 3, trusted: true }))).toEqual([
        'd',
      ]);
      expect(await store.readStream('note-1', { fromStreamPosition: 9 })).toEqual([]);
      expect(await store.readStream('missing')).toEqual([]);
      expect(await store.readStream('')).toEqual([]);
    });

    it('refuses bad input before anything reaches the server (no claims either)', async () => {
      const store = open();
      const before = server.records.length;
      const bad = { ...sampleEvent('x'), data: { title: '' } };
      await expect(store.appendToStream('note-1', [sampleEvent('ok'), bad])).rejects.toBeInstanceOf(
        InvalidEventError,
      );
      await expect(store.appendToStream('', [sampleEvent('x')])).rejects.toThrow(/stream id/i);
      await expect(store.appendToStream('$all', [sampleEvent('x')])).rejects.toThrow(/stream id/i);
      expect(server.records).toHaveLength(before);
    });

    it('answers an empty append with the stream version', async () => {
      const store = open();
      expect(await store.appendToStream('note-1', [])).toEqual({
        nextExpectedVersion: -1,
        globalPositions: [],
        written: 0,
      });
    });
  });

  describe('expected versions', () => {
    it.each([
      ['no_stream on an existing stream', 'no_stream' as const, 1],
      ['an old exact version', 0, 1],
      ['a future exact version', 5, 1],
      ['an impossible version', -7, 1],
      ['the current exact version', 1, undefined],
      ['stream_exists', 'stream_exists' as const, undefined],
      ['any', 'any' as const, undefined],
    ])('with %s', async (_label, expectedVersion, actual) => {
      const store = open();
      await store.appendToStream('note-1', [sampleEvent('a'), sampleEvent('b')]);
      const attempt = store.appendToStream('note-1', [sampleEvent('c')], { expectedVersion });
      if (actual === undefined) {
        await expect(attempt).resolves.toMatchObject({ nextExpectedVersion: 2, written: 1 });
      } else {
        const error = (await attempt.catch((e: unknown) => e)) as WrongExpectedVersionError;
        expect(error).toBeInstanceOf(WrongExpectedVersionError);
        expect(error).toMatchObject({ streamId: 'note-1', expected: expectedVersion, actual });
        expect(await store.readStream('note-1')).toHaveLength(2);
      }
    });

    it('refuses stream_exists on a missing stream', async () => {
      await expect(
        open().appendToStream('note-1', [sampleEvent('x')], { expectedVersion: 'stream_exists' }),
      ).rejects.toMatchObject({ expected: 'stream_exists', actual: 'no_stream' });
    });

    it('releases the claims of a refused append, so the same events can be appended later', async () => {
      const store = open();
      await store.appendToStream('note-1', [sampleEvent('base')]);
      const retried = [sampleEvent('x'), sampleEvent('y')];
      await expect(store.appendToStream('note-1', retried, { expectedVersion: 5 })).rejects.toBeInstanceOf(
        WrongExpectedVersionError,
      );
      const result = await store.appendToStream('note-1', retried, { expectedVersion: 0 });
      expect(result.written).toBe(2);
      expect(titles(await store.readStream('note-1'))).toEqual(['base', 'x', 'y']);
    });

    it('lets exactly one of two writers on different connections win the same version', async () => {
      const [a, b] = [open(), open()];
      await a.appendToStream('note-1', [sampleEvent('base')]);
      const outcomes = await Promise.allSettled([
        a.appendToStream('note-1', [sampleEvent('1')], { expectedVersion: 0 }),
        b.appendToStream('note-1', [sampleEvent('2')], { expectedVersion: 0 }),
      ]);
      expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(await a.readStream('note-1')).toHaveLength(2);
    });
  });

  describe('idempotency by event id', () => {
    it('does not write an event id twice, whatever the stream or the expected version', async () => {
      const store = open();
      const event = sampleEvent('único');
      const first = await store.appendToStream('note-1', [event], { expectedVersion: 'no_stream' });
      const retry = await store.appendToStream('note-1', [event], { expectedVersion: 'no_stream' });
      const elsewhere = await open().appendToStream('note-2', [event]);
      expect(retry).toEqual({ nextExpectedVersion: 0, globalPositions: first.globalPositions, written: 0 });
      expect(elsewhere).toEqual({
        nextExpectedVersion: -1,
        globalPositions: first.globalPositions,
        written: 0,
      });
      expect(await store.readStream('note-1')).toHaveLength(1);
      expect(await store.readStream('note-2')).toEqual([]);
    });

    it('writes only the new events of a partly repeated batch', async () => {
      const store = open();
      const [a, b] = [sampleEvent('a'), sampleEvent('b')];
      const first = await store.appendToStream('note-1', [a]);
      const result = await store.appendToStream('note-1', [a, b, b]);
      expect(result.written).toBe(1);
      expect(result.globalPositions[0]).toBe(first.globalPositions[0]);
      expect(result.globalPositions[1]).toBe(result.globalPositions[2]);
      expect(titles(await store.readStream('note-1'))).toEqual(['a', 'b']);
    });

    it('dedupes the same event appended by two connections at once, to one stream or two', async () => {
      const [a, b] = [open(), open()];
      const same = sampleEvent('duas vezes');
      const [r1, r2] = await Promise.all([
        a.appendToStream('note-1', [same]),
        b.appendToStream('note-1', [same]),
      ]);
      expect(r1.globalPositions).toEqual(r2.globalPositions);
      expect(r1.written + r2.written).toBe(1);
      const other = sampleEvent('dois streams');
      const [r3, r4] = await Promise.all([
        a.appendToStream('note-2', [other]),
        b.appendToStream('note-3', [other]),
      ]);
      expect(r3.globalPositions).toEqual(r4.globalPositions);
      const stored = [...(await a.readStream('note-2')), ...(await a.readStream('note-3'))];
      expect(stored).toHaveLength(1);
      expect(await a.readStream('note-1')).toHaveLength(1);
    });

    it('finds an event whose append answer was lost, instead of writing it again', async () => {
      const store = open();
      const event = sampleEvent('perdido');
      server.afterAppend = (stream) => {
        if (stream === 'ns-note-1') {
          server.afterAppend = undefined;
          throw new UnavailableError();
        }
      };
      await expect(store.appendToStream('note-1', [event])).rejects.toBeInstanceOf(UnavailableError);
      const retry = await store.appendToStream('note-1', [event]);
      expect(retry.written).toBe(0);
      expect(await store.readStream('note-1')).toHaveLength(1);
    });

    it('takes over the claims of a writer that failed without knowing, after the claim timeout', async () => {
      const event = sampleEvent('abandonado');
      server.beforeAppend = (stream) => {
        if (stream === 'ns-note-1') {
          server.beforeAppend = undefined;
          throw new UnavailableError(); // nothing written, but the writer cannot know
        }
      };
      await expect(open().appendToStream('note-1', [event])).rejects.toBeInstanceOf(UnavailableError);
      const started = Date.now();
      const retry = await open({ claimTimeoutMs: 80 }).appendToStream('note-1', [event]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(75);
      expect(retry.written).toBe(1);
    });
  });

  describe('reading the log', () => {
    async function fill(store: EventStoreDbEventStore, count: number): Promise<number[]> {
      const positions: number[] = [];
      for (let i = 0; i < count; i += 1) {
        if (i % 3 === 0) server.writeSystem('$settings', '$metadata');
        const stream = i % 2 ? 'note-a' : 'note-b';
        positions.push(...(await store.appendToStream(stream, [sampleEvent(`e${i}`)])).globalPositions);
      }
      return positions;
    }

    it('reads every event of its namespace in order, skipping system events and other namespaces', async () => {
      const store = open();
      const positions = await fill(store, 6);
      await open({ namespace: 'other-' }).appendToStream('note-a', [sampleEvent('não')]);
      const all = await collect(store.readAll());
      expect(all.map((e) => e.globalPosition)).toEqual(positions);
      expect(all.map((e) => e.streamId)).toEqual([
        'note-b',
        'note-a',
        'note-b',
        'note-a',
        'note-b',
        'note-a',
      ]);
      expect(await store.lastGlobalPosition()).toBe(positions[5]);
      expect(await open({ namespace: 'empty-' }).lastGlobalPosition()).toBe(0);
    });

    it('reads from an event position (inclusive) and from one past it, in batches', async () => {
      const store = open();
      const positions = await fill(store, 10);
      expect(
        (await collect(store.readAll(positions[3], { batchSize: 3 }))).map((e) => e.globalPosition),
      ).toEqual(positions.slice(3));
      expect(
        (await collect(store.readAll(positions[3]! + 1, { batchSize: 2 }))).map((e) => e.globalPosition),
      ).toEqual(positions.slice(4));
      expect(await collect(store.readAll(positions[9]! + 1))).toEqual([]);
      expect(await collect(store.readAll(Number.MAX_SAFE_INTEGER))).toEqual([]);
    });

    it('accepts any position, also one that is not a record boundary', async () => {
      const store = open();
      const positions = await fill(store, 6);
      const between = positions[2]! + 10; // inside the record of the third event
      expect((await collect(store.readAll(between))).map((e) => e.globalPosition)).toEqual(
        positions.slice(3),
      );
      expect((await store.readBatch(positions[4]! - 3, 10)).map((e) => e.globalPosition)).toEqual(
        positions.slice(4),
      );
    });

    it('hands over pages of at most the size, and readBatch at most the limit', async () => {
      const store = open();
      const positions = await fill(store, 11);
      const pages = await collect(store.readPages(1, 4, { trusted: true }));
      expect(pages.every((p) => p.length >= 1 && p.length <= 4)).toBe(true);
      expect(pages.flat().map((e) => e.globalPosition)).toEqual(positions);
      expect(pages.flat()).toEqual(await collect(store.readAll(1)));
      expect((await store.readBatch(positions[2]!, 3)).map((e) => e.globalPosition)).toEqual(
        positions.slice(2, 5),
      );
      expect(await store.readBatch(1, 0)).toEqual([]);
    });

    it('upcasts events stored with an older schema version', async () => {
      const Renamed = defineEvent('CustomerRenamed', z.object({ fullName: z.string().min(1) }), {
        version: 2,
        upcasters: { 1: (data) => ({ fullName: `${String(data.first)} ${String(data.last)}` }) },
      });
      const registry = new EventRegistry([Renamed]);
      const store = open({ registry });
      await store.appendToStream('c-1', [
        registry.prepare({ type: 'CustomerRenamed', data: { fullName: 'Ana Lima' } }, { workspaceId: 'w' }),
      ]);
      const id = newId();
      server.writeRaw('ns-c-1', [
        {
          id,
          contentType: 'application/json',
          type: 'CustomerRenamed',
          data: { first: 'João', last: 'Souza' },
          metadata: { eventId: id, workspaceId: 'w', occurredAt: new Date().toISOString(), schemaVersion: 1 },
        },
      ]);
      const expected = [{ fullName: 'Ana Lima' }, { fullName: 'João Souza' }];
      expect((await store.readStream('c-1')).map((e) => e.data)).toEqual(expected);
      expect((await store.readBatch(1, 10, { trusted: true })).map((e) => e.data)).toEqual(expected);
      expect((await store.readStream('c-1'))[1]!.metadata.schemaVersion).toBe(2);
    });
  });

  describe('subscriptions', () => {
    it('catches up, then follows appends of every connection, each event once and in order', async () => {
      const [store, writer] = [open(), open()];
      for (let i = 0; i < 5; i += 1) await store.appendToStream('note-1', [sampleEvent(`antes ${i}`)]);
      const controller = new AbortController();
      const seen: StoredEvent[] = [];
      const reading = (async () => {
        for await (const event of store.subscribe(1, { signal: controller.signal })) {
          seen.push(event);
          if (seen.length === 20) controller.abort();
        }
      })();
      for (let i = 5; i < 20; i += 1) {
        if (i === 12) server.writeSystem('$settings', '$metadata');
        await (i % 3 ? store : writer).appendToStream(`note-${i}`, [sampleEvent(`durante ${i}`)]);
      }
      await reading;
      expect(titles(seen)).toEqual([
        ...Array.from({ length: 5 }, (_, i) => `antes ${i}`),
        ...Array.from({ length: 15 }, (_, i) => `durante ${i + 5}`),
      ]);
      expect(seen.map((e) => e.globalPosition)).toEqual(
        seen.map((e) => e.globalPosition).sort((x, y) => x - y),
      );
    });

    it('starts at the event at the given position, or just after it', async () => {
      const store = open();
      const { globalPositions } = await store.appendToStream(
        'note-1',
        ['a', 'b', 'c'].map((t) => sampleEvent(t)),
      );
      const firstOf = async (from: number) => {
        const controller = new AbortController();
        for await (const event of store.subscribe(from, { signal: controller.signal })) {
          controller.abort();
          return (event.data as { title: string }).title;
        }
        return undefined;
      };
      expect(await firstOf(globalPositions[1]!)).toBe('b');
      expect(await firstOf(globalPositions[1]! + 1)).toBe('c');
      expect(await firstOf(globalPositions[1]! + 7)).toBe('c'); // not a boundary
      expect(await firstOf(1)).toBe('a');
    });

    it('resubscribes where it was when the connection drops', async () => {
      const store = open();
      const controller = new AbortController();
      const seen: string[] = [];
      const reading = (async () => {
        for await (const event of store.subscribe(1, { signal: controller.signal })) {
          seen.push((event.data as { title: string }).title);
          if (seen.length === 4) controller.abort();
        }
      })();
      await store.appendToStream('note-1', [sampleEvent('1'), sampleEvent('2')]);
      await new Promise((r) => setTimeout(r, 20));
      server.dropSubscriptions(new UnavailableError());
      await store.appendToStream('note-1', [sampleEvent('3'), sampleEvent('4')]);
      await reading;
      expect(seen).toEqual(['1', '2', '3', '4']);
    });

    it('ends when aborted while idle, from a position past the end too', async () => {
      const store = open();
      await store.appendToStream('note-1', [sampleEvent('x')]);
      for (const from of [(await store.lastGlobalPosition()) + 1, Number.MAX_SAFE_INTEGER]) {
        const controller = new AbortController();
        const reading = collect(store.subscribe(from, { signal: controller.signal }));
        setTimeout(() => controller.abort(), 20);
        await expect(reading).resolves.toEqual([]);
      }
    });

    it('ends when the store closes', async () => {
      const store = open();
      const reading = collect(store.subscribe(1));
      await new Promise((r) => setTimeout(r, 10));
      await store.close();
      await expect(reading).resolves.toEqual([]);
    });
  });

  describe('workspace erasure', () => {
    const keep = { keepTypes: ['WorkspaceDataDeleted'] };
    const ids = (events: readonly StoredEvent[]) => events.map((e) => e.metadata.eventId);

    /** Workspace w-gone in note-a, note-b and its workspace stream (deletion kept); w-other in note-o. */
    async function twoWorkspaces(store: EventStoreDbEventStore) {
      const gone = {
        a: [sampleEvent('a1', 'w-gone'), sampleEvent('a2', 'w-gone')],
        b: sampleEvent('b1', 'w-gone'),
        w0: sampleEvent('w0', 'w-gone'),
        deletion: sampleWorkspaceDeletion('w-gone'),
      };
      const other = sampleEvent('outro', 'w-other');
      await store.appendToStream('note-a', gone.a);
      await store.appendToStream('note-o', [other]);
      await store.appendToStream('note-b', [gone.b]);
      await store.appendToStream('workspace-gone', [gone.w0, gone.deletion]);
      return { gone, other };
    }

    it('hides the erased events in their streams on the server and deletes their event-id claims', async () => {
      const store = open();
      const { gone } = await twoWorkspaces(store);
      expect(await store.eraseWorkspace('w-gone', keep)).toEqual({ erased: 4 });

      // Streams left with nothing are soft-deleted, the others truncated before what they keep.
      expect(server.visibleRevisions('ns-note-a')).toBeUndefined();
      expect(server.visibleRevisions('ns-note-b')).toBeUndefined();
      expect(server.visibleRevisions('ns-workspace-gone')).toEqual([1n]);
      expect(server.visibleRevisions('ns-note-o')).toEqual([0n]);
      for (const event of [...gone.a, gone.b, gone.w0]) {
        expect(server.visibleRevisions(`$atende-eid-ns-${event.metadata.eventId}`)).toBeUndefined();
      }
      expect(server.visibleRevisions(`$atende-eid-ns-${gone.deletion.metadata.eventId}`)).toEqual([0n]);
      // As on EventStoreDB, `$all` keeps them until a scavenge: the erasure record filters them out.
      expect(server.records.filter((r) => r.id === gone.w0.metadata.eventId)).toHaveLength(1);
      expect(server.visibleRevisions('$atende-erasures-ns-')).toEqual([0n]);
    });

    it('leaves erased events out of every read of another instance, also one that read before', async () => {
      const [store, other] = [open(), open()];
      const { gone, other: kept } = await twoWorkspaces(store);
      const late = sampleEvent('último', 'w-gone');
      await store.appendToStream('note-late', [late]);
      expect(await collect(other.readAll())).toHaveLength(7); // its view of erasures is now stale
      const elsewhere = open({ namespace: 'other-' });
      await elsewhere.appendToStream('note-a', [sampleEvent('outro namespace', 'w-gone')]);

      await store.eraseWorkspace('w-gone', keep);

      const expected = [kept.metadata.eventId, gone.deletion.metadata.eventId];
      expect(ids(await collect(other.readAll()))).toEqual(expected);
      expect(ids(await other.readBatch(1, 10))).toEqual(expected);
      expect(ids((await collect(other.readPages(1, 1))).flat())).toEqual(expected);
      expect(await other.readStream('note-late')).toEqual([]);
      expect(await other.lastGlobalPosition()).toBe(
        (await other.readStream('workspace-gone'))[0]!.globalPosition,
      );

      const after = sampleEvent('depois', 'w-other');
      await store.appendToStream('note-o', [after]);
      const controller = new AbortController();
      const seen: string[] = [];
      for await (const event of other.subscribe(1, { signal: controller.signal })) {
        seen.push(event.metadata.eventId);
        if (event.metadata.eventId === after.metadata.eventId) controller.abort();
      }
      expect(seen).toEqual([...expected, after.metadata.eventId]);
      expect(await elsewhere.readStream('note-a')).toHaveLength(1); // another namespace is another store
    });

    it('is idempotent: a repeated erasure erases and records nothing; a later one only what came since', async () => {
      const store = open();
      await twoWorkspaces(store);
      expect(await store.eraseWorkspace('w-gone', keep)).toEqual({ erased: 4 });
      expect(await open().eraseWorkspace('w-gone', keep)).toEqual({ erased: 0 });
      expect(server.visibleRevisions('$atende-erasures-ns-')).toEqual([0n]);

      await store.appendToStream('note-a', [sampleEvent('depois', 'w-gone')]);
      expect(await store.eraseWorkspace('w-gone', keep)).toEqual({ erased: 1 });
      expect(await store.readStream('note-a')).toEqual([]);
      expect(await store.eraseWorkspace('w-unknown', keep)).toEqual({ erased: 0 });
      expect(server.visibleRevisions('$atende-erasures-ns-')).toEqual([0n, 1n]);
    });

    it('lets erased streams be written again as new ones, with stream positions going on', async () => {
      const store = open();
      await twoWorkspaces(store);
      await store.eraseWorkspace('w-gone', keep);

      await expect(
        store.appendToStream('note-a', [sampleEvent('x', 'w-gone')], { expectedVersion: 'stream_exists' }),
      ).rejects.toMatchObject({ expected: 'stream_exists', actual: 'no_stream' });
      await expect(
        store.appendToStream('note-a', [sampleEvent('x', 'w-gone')], { expectedVersion: 0 }),
      ).rejects.toMatchObject({ actual: 'no_stream' });
      const again = await store.appendToStream('note-a', [sampleEvent('de novo', 'w-gone')], {
        expectedVersion: 'no_stream',
      });
      expect(again).toMatchObject({ nextExpectedVersion: 2, written: 1 });
      expect((await store.readStream('note-a')).map((e) => e.streamPosition)).toEqual([2]);
      await store.appendToStream('note-b', [sampleEvent('b2', 'w-gone')], { expectedVersion: -1 });
      expect(titles(await store.readStream('note-b'))).toEqual(['b2']);
      await store.appendToStream('workspace-gone', [sampleEvent('w2', 'w-gone')], { expectedVersion: 1 });
      expect(titles(await store.readStream('workspace-gone', { trusted: true })).slice(1)).toEqual(['w2']);
    });

    it('appends an erased event id anew at once: its claim is gone', async () => {
      const store = open({ claimTimeoutMs: 60_000 });
      const { gone } = await twoWorkspaces(store);
      await store.eraseWorkspace('w-gone', keep);
      const started = Date.now();
      const result = await store.appendToStream('note-c', [gone.a[0]!]);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(result.written).toBe(1);
      expect(ids(await store.readStream('note-c'))).toEqual([gone.a[0]!.metadata.eventId]);
    });

    it('filters erased events that follow a kept one in their stream, and appends at the version readers see', async () => {
      const store = open();
      const { gone } = await twoWorkspaces(store);
      await store.appendToStream('workspace-gone', [sampleEvent('w1', 'w-gone')]);
      await store.eraseWorkspace('w-gone', keep);

      expect(server.visibleRevisions('ns-workspace-gone')).toEqual([1n, 2n]); // a stream cannot lose its middle
      expect(ids(await store.readStream('workspace-gone'))).toEqual([gone.deletion.metadata.eventId]);
      expect((await collect(store.readAll())).map((e) => e.streamId)).toEqual(['note-o', 'workspace-gone']);
      await expect(
        store.appendToStream('workspace-gone', [sampleEvent('x', 'w-gone')], { expectedVersion: 0 }),
      ).rejects.toMatchObject({ actual: 1 });
      const result = await store.appendToStream('workspace-gone', [sampleEvent('w3', 'w-gone')], {
        expectedVersion: 1,
      });
      expect(result).toMatchObject({ nextExpectedVersion: 3, written: 1 });
      expect((await store.readStream('workspace-gone')).map((e) => e.streamPosition)).toEqual([1, 3]);
    });

    it('completes an erasure that failed half-way when it is asked again', async () => {
      const [store, other] = [open(), open()];
      const { gone } = await twoWorkspaces(store);
      server.beforeAppend = (stream) => {
        if (stream === '$$ns-note-a') {
          server.beforeAppend = undefined;
          throw new UnavailableError();
        }
      };
      await expect(store.eraseWorkspace('w-gone', keep)).rejects.toBeInstanceOf(UnavailableError);
      // Recorded before the streams were touched: no read finds the events any more.
      expect(server.visibleRevisions('ns-note-a')).toEqual([0n, 1n]);
      expect(await other.readStream('note-a')).toEqual([]);
      expect(ids(await collect(other.readAll()))).not.toContain(gone.a[0]!.metadata.eventId);

      expect(await store.eraseWorkspace('w-gone', keep)).toEqual({ erased: 0 });
      expect(server.visibleRevisions('ns-note-a')).toBeUndefined();
    });

    it('is waited for by close', async () => {
      const store = open();
      await twoWorkspaces(store);
      const erasing = store.eraseWorkspace('w-gone', keep);
      await store.close();
      await expect(erasing).resolves.toEqual({ erased: 4 });
      await expect(store.eraseWorkspace('w-gone', keep)).rejects.toThrow(/closed/);
    });
  });

  it('waits for appends in flight when closing, then rejects calls', async () => {
    const store = open();
    const append = store.appendToStream('note-1', [sampleEvent('x')]);
    await store.close();
    await expect(append).resolves.toMatchObject({ written: 1 });
    await expect(store.lastGlobalPosition()).rejects.toThrow(/closed/);
    await expect(store.appendToStream('note-1', [sampleEvent('y')])).rejects.toThrow(/closed/);
  });

  it('needs a connection string or a client', () => {
    expect(() => new EventStoreDbEventStore({})).toThrow(/connectionString/);
  });
});

/**
 * Registers only some blocks of the shared contract suite, run here against the in-memory server:
 * the other blocks include tests that write from a second process, which cannot reach it. The
 * contract declares its blocks with the global `describe`, swapped meanwhile for one that drops
 * the other blocks (at the second level: the first one is the contract's own).
 */
function contractBlocks(blocks: readonly string[], declare: () => void): void {
  const jestDescribe = globalThis.describe;
  let depth = 0;
  const only = (name: string, body: () => void) => {
    if (depth === 1 && !blocks.includes(name)) return;
    jestDescribe(name, () => {
      depth += 1;
      try {
        body();
      } finally {
        depth -= 1;
      }
    });
  };
  globalThis.describe = Object.assign(only, jestDescribe) as jest.Describe;
  try {
    declare();
  } finally {
    globalThis.describe = jestDescribe;
  }
}

async function inMemoryHarness(): Promise<EventStoreHarness> {
  const shared = new FakeEventStoreDb();
  const namespace = `contract-${newId()}-`;
  return {
    open: async () => new EventStoreDbEventStore({ client: shared.client(), namespace }),
    childEnv: () => {
      throw new Error('Another process cannot reach the in-memory server');
    },
    cleanup: async () => {},
  };
}

contractBlocks(['workspace erasure'], () =>
  eventStoreContract('EventStoreDB (in-memory server)', inMemoryHarness),
);
