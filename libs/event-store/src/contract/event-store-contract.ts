import type { EventStore, StoredEvent } from '@atende/events';
import { InvalidEventError, WrongExpectedVersionError, atendeRegistry, newId } from '@atende/events';
import { startChildWriter, waitForExit } from './child-process.js';
import { sampleEvent, sampleWorkspaceDeletion } from './sample-events.js';

/** How the contract suite reaches one adapter's storage. */
export interface EventStoreHarness {
  /** Opens a new connection to the harness's storage (call twice for two independent writers). */
  open(): Promise<EventStore>;
  /** Environment that lets `child-writer.ts` open the same storage from another process. */
  childEnv(): Record<string, string>;
  /** Removes the storage. */
  cleanup(): Promise<void>;
}

async function collect<T = StoredEvent>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const e of iterable) out.push(e);
  return out;
}

function uniqueStream(prefix = 'note'): string {
  return `${prefix}-${newId()}`;
}

/**
 * The behaviour every EventStore adapter must have. Call it from the adapter's test file with a
 * factory that makes a fresh, empty storage per test.
 */
export function eventStoreContract(adapterName: string, makeHarness: () => Promise<EventStoreHarness>): void {
  describe(`EventStore contract: ${adapterName}`, () => {
    let harness: EventStoreHarness;
    let store: EventStore;
    const extra: EventStore[] = [];

    beforeEach(async () => {
      harness = await makeHarness();
      store = await harness.open();
    });
    afterEach(async () => {
      await Promise.all([store, ...extra.splice(0)].map((s) => s.close()));
      await harness.cleanup();
    });

    async function another(): Promise<EventStore> {
      const s = await harness.open();
      extra.push(s);
      return s;
    }

    describe('append and read', () => {
      it('reads a stream back in order with stream positions from 0 and the data intact', async () => {
        const stream = uniqueStream();
        const events = [sampleEvent('um'), sampleEvent('dois'), sampleEvent('três')];
        const result = await store.appendToStream(stream, events, { expectedVersion: 'no_stream' });
        expect(result.nextExpectedVersion).toBe(2);
        expect(result.written).toBe(3);
        const read = await store.readStream(stream);
        expect(read.map((e) => e.streamPosition)).toEqual([0, 1, 2]);
        expect(read.map((e) => (e.data as { title: string }).title)).toEqual(['um', 'dois', 'três']);
        expect(read.map((e) => e.metadata.eventId)).toEqual(events.map((e) => e.metadata.eventId));
        expect(read[0]!.metadata.workspaceId).toBe('w-contract');
        expect(read.map((e) => e.globalPosition)).toEqual(result.globalPositions);
        expect(read.every((e) => e.streamId === stream)).toBe(true);
      });

      it('reads an unknown stream as empty', async () => {
        expect(await store.readStream(uniqueStream())).toEqual([]);
      });

      it('gives strictly increasing global positions across streams', async () => {
        const a = uniqueStream();
        const b = uniqueStream();
        const before = await store.lastGlobalPosition();
        for (let i = 0; i < 5; i += 1) {
          await store.appendToStream(i % 2 ? a : b, [sampleEvent(`e${i}`)]);
        }
        const all = await collect(store.readAll(before + 1));
        expect(all).toHaveLength(5);
        for (let i = 1; i < all.length; i += 1) {
          expect(all[i]!.globalPosition).toBeGreaterThan(all[i - 1]!.globalPosition);
        }
        expect(await store.lastGlobalPosition()).toBe(all[4]!.globalPosition);
      });

      it('readStream from a stream position reads only the tail', async () => {
        const stream = uniqueStream();
        await store.appendToStream(
          stream,
          ['a', 'b', 'c', 'd'].map((t) => sampleEvent(t)),
        );
        const tail = await store.readStream(stream, { fromStreamPosition: 2, trusted: true });
        expect(tail.map((e) => e.streamPosition)).toEqual([2, 3]);
        expect(tail.map((e) => (e.data as { title: string }).title)).toEqual(['c', 'd']);
        expect(await store.readStream(stream, { fromStreamPosition: 4 })).toEqual([]);
        expect(await store.readStream(stream, { fromStreamPosition: 0 })).toEqual(
          await store.readStream(stream),
        );
      });

      it('readPages hands over every event from a position, in order, in pages of at most the size', async () => {
        const before = await store.lastGlobalPosition();
        const { globalPositions } = await store.appendToStream(
          uniqueStream(),
          Array.from({ length: 23 }, (_, i) => sampleEvent(`pg${i}`)),
        );
        const pages: number[][] = [];
        for await (const page of store.readPages(globalPositions[2]!, 5, { trusted: true })) {
          pages.push(page.map((e) => e.globalPosition));
        }
        expect(pages.every((p) => p.length <= 5)).toBe(true);
        expect(pages.flat()).toEqual(globalPositions.slice(2));
        const all: number[] = [];
        for await (const page of store.readPages(before + 1, 7))
          all.push(...page.map((e) => e.globalPosition));
        expect(all).toEqual(globalPositions);
      });

      it('readPages hands over the same events as readAll, metadata and awkward text included', async () => {
        const before = await store.lastGlobalPosition();
        const tricky = [
          'aspas "duplas" e \\barra',
          'linha\nnova\ttab',
          'emoji 😀 ção',
          "'; DROP TABLE events; --",
          'desconto de 100% %s %d %Q', // the SQLite reader builds rows with format()
        ];
        const events = tricky.map((title, i) =>
          atendeRegistry.prepare(
            { ...sampleEvent(title), metadata: undefined } as never,
            i % 2 === 0
              ? { workspaceId: 'w-"contract"', actorId: 'u-100%s', correlationId: 'c-1', causationId: 'k-1' }
              : { workspaceId: 'w-contract' },
          ),
        );
        await store.appendToStream(uniqueStream(), events);
        const paged: StoredEvent[] = [];
        for await (const page of store.readPages(before + 1, 3, { trusted: true })) paged.push(...page);
        const all = await collect(store.readAll(before + 1));
        expect(paged).toEqual(all);
        expect(paged.map((e) => (e.data as { title: string }).title)).toEqual(tricky);
        expect(paged[0]!.metadata).toMatchObject({
          actorId: 'u-100%s',
          correlationId: 'c-1',
          causationId: 'k-1',
        });
        expect(paged[1]!.metadata).not.toHaveProperty('actorId');
      });

      it('readAll starts at the given position and pages through batches', async () => {
        const stream = uniqueStream();
        const before = await store.lastGlobalPosition();
        const { globalPositions } = await store.appendToStream(
          stream,
          Array.from({ length: 10 }, (_, i) => sampleEvent(`p${i}`)),
        );
        const fromFourth = await collect(store.readAll(globalPositions[3], { batchSize: 3 }));
        expect(fromFourth.map((e) => e.globalPosition)).toEqual(globalPositions.slice(3));
        const everything = await collect(store.readAll(before + 1, { batchSize: 4 }));
        expect(everything).toHaveLength(10);
      });
    });

    describe('optimistic concurrency', () => {
      it.each([
        ['no_stream on an existing stream', 'no_stream' as const, true],
        ['an old exact version', 0, true],
        ['a future exact version', 5, true],
        ['the current exact version', 1, false],
        ['stream_exists', 'stream_exists' as const, false],
        ['any', 'any' as const, false],
      ])('with %s: conflict=%s', async (_label, expectedVersion, conflict) => {
        const stream = uniqueStream();
        await store.appendToStream(stream, [sampleEvent('a'), sampleEvent('b')]);
        const attempt = store.appendToStream(stream, [sampleEvent('c')], { expectedVersion });
        if (conflict) {
          await expect(attempt).rejects.toBeInstanceOf(WrongExpectedVersionError);
          expect(await store.readStream(stream)).toHaveLength(2);
        } else {
          await expect(attempt).resolves.toMatchObject({ nextExpectedVersion: 2, written: 1 });
        }
      });

      it('refuses stream_exists on a missing stream', async () => {
        await expect(
          store.appendToStream(uniqueStream(), [sampleEvent('x')], { expectedVersion: 'stream_exists' }),
        ).rejects.toBeInstanceOf(WrongExpectedVersionError);
      });

      it('lets exactly one of two writers on different connections win the same version', async () => {
        const stream = uniqueStream();
        await store.appendToStream(stream, [sampleEvent('base')]);
        const other = await another();
        const [first, second] = await Promise.allSettled([
          store.appendToStream(stream, [sampleEvent('writer 1')], { expectedVersion: 0 }),
          other.appendToStream(stream, [sampleEvent('writer 2')], { expectedVersion: 0 }),
        ]);
        const outcomes = [first.status, second.status].sort();
        expect(outcomes).toEqual(['fulfilled', 'rejected']);
        const rejected = [first, second].find((r) => r.status === 'rejected') as PromiseRejectedResult;
        expect(rejected.reason).toBeInstanceOf(WrongExpectedVersionError);
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it('keeps a stream gap-free when two processes write with retries', async () => {
        const stream = uniqueStream();
        const children = [1, 2].map(() => startChildWriter(['increment', '60', stream], harness.childEnv()));
        await Promise.all(children.map(waitForExit));
        const events = await store.readStream(stream);
        expect(events).toHaveLength(120);
        expect(events.map((e) => e.streamPosition)).toEqual(Array.from({ length: 120 }, (_, i) => i));
      });

      it('one failing append does not undo others issued at the same time', async () => {
        const stream = uniqueStream();
        await store.appendToStream(stream, [sampleEvent('base')]);
        const results = await Promise.allSettled([
          store.appendToStream(uniqueStream(), [sampleEvent('a')]),
          store.appendToStream(stream, [sampleEvent('stale')], { expectedVersion: 'no_stream' }),
          store.appendToStream(uniqueStream(), [sampleEvent('b')]),
        ]);
        expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      });
    });

    describe('idempotency', () => {
      it('does not write an event id twice and reports the stored position', async () => {
        const stream = uniqueStream();
        const event = sampleEvent('único');
        const first = await store.appendToStream(stream, [event]);
        const second = await store.appendToStream(stream, [event]);
        expect(second.written).toBe(0);
        expect(second.globalPositions).toEqual(first.globalPositions);
        expect(await store.readStream(stream)).toHaveLength(1);
      });

      it('treats a retried append as done even with a now-stale expected version', async () => {
        const stream = uniqueStream();
        const event = sampleEvent('retry');
        const first = await store.appendToStream(stream, [event], { expectedVersion: 'no_stream' });
        const retry = await store.appendToStream(stream, [event], { expectedVersion: 'no_stream' });
        expect(retry.globalPositions).toEqual(first.globalPositions);
      });

      it('writes only the new events of a partly repeated batch', async () => {
        const stream = uniqueStream();
        const a = sampleEvent('a');
        const b = sampleEvent('b');
        await store.appendToStream(stream, [a]);
        const result = await store.appendToStream(stream, [a, b, b]);
        expect(result.written).toBe(1);
        expect(result.globalPositions[1]).toBe(result.globalPositions[2]);
        expect((await store.readStream(stream)).map((e) => e.metadata.eventId)).toEqual([
          a.metadata.eventId,
          b.metadata.eventId,
        ]);
      });

      it('dedupes the same event id appended by two connections at once', async () => {
        const stream = uniqueStream();
        const event = sampleEvent('duas vezes');
        const other = await another();
        const results = await Promise.all([
          store.appendToStream(stream, [event]),
          other.appendToStream(stream, [event]),
        ]);
        expect(results[0]!.globalPositions).toEqual(results[1]!.globalPositions);
        expect(await store.readStream(stream)).toHaveLength(1);
      });
    });

    describe('bad input', () => {
      it('refuses an event that fails its schema and writes nothing of the batch', async () => {
        const stream = uniqueStream();
        const bad = { ...sampleEvent('x'), data: { title: '' } };
        await expect(store.appendToStream(stream, [sampleEvent('ok'), bad])).rejects.toBeInstanceOf(
          InvalidEventError,
        );
        expect(await store.readStream(stream)).toEqual([]);
      });

      it('refuses an unknown event type and malformed metadata', async () => {
        const stream = uniqueStream();
        const good = sampleEvent('ok');
        await expect(store.appendToStream(stream, [{ ...good, type: 'Nonsense' }])).rejects.toBeInstanceOf(
          InvalidEventError,
        );
        await expect(
          store.appendToStream(stream, [{ ...good, metadata: { ...good.metadata, eventId: 'not-a-uuid' } }]),
        ).rejects.toBeInstanceOf(InvalidEventError);
        expect(await store.readStream(stream)).toEqual([]);
      });

      it('refuses an empty stream id', async () => {
        await expect(store.appendToStream('', [sampleEvent('x')])).rejects.toThrow(/stream id/i);
      });
    });

    describe('subscriptions', () => {
      it('catches up, then follows live appends, seeing every event exactly once', async () => {
        const start = (await store.lastGlobalPosition()) + 1;
        const stream = uniqueStream();
        for (let i = 0; i < 50; i += 1) await store.appendToStream(stream, [sampleEvent(`antes ${i}`)]);
        const total = 350;
        const controller = new AbortController();
        const seen: number[] = [];
        const reading = (async () => {
          for await (const event of store.subscribe(start, { signal: controller.signal, batchSize: 20 })) {
            seen.push(event.globalPosition);
            if (seen.length === total) controller.abort();
          }
        })();
        const writer = await another();
        for (let i = 50; i < total; i += 1) {
          const target = i % 3 === 0 ? writer : store;
          await target.appendToStream(uniqueStream(), [sampleEvent(`durante ${i}`)]);
        }
        await reading;
        expect(seen).toHaveLength(total);
        expect(new Set(seen).size).toBe(total);
        expect([...seen].sort((x, y) => x - y)).toEqual(seen);
      });

      it('sees events appended by another process', async () => {
        const start = (await store.lastGlobalPosition()) + 1;
        const controller = new AbortController();
        const seen: string[] = [];
        const reading = (async () => {
          for await (const event of store.subscribe(start, { signal: controller.signal })) {
            seen.push(event.metadata.eventId);
            if (seen.length === 5) controller.abort();
          }
        })();
        const child = startChildWriter(['report', '5', uniqueStream()], harness.childEnv());
        const output = await waitForExit(child);
        await reading;
        const reported = output
          .trim()
          .split('\n')
          .map((line) => line.split(' ')[1]);
        expect(seen).toEqual(reported);
      });

      it('follows in pages: what is stored, then live appends, in order, each at most batchSize', async () => {
        const start = (await store.lastGlobalPosition()) + 1;
        const stream = uniqueStream();
        for (let i = 0; i < 45; i += 1) await store.appendToStream(stream, [sampleEvent(`antes ${i}`)]);
        const total = 120;
        const controller = new AbortController();
        const pages: number[][] = [];
        const reading = (async () => {
          for await (const page of store.subscribePages(start, {
            signal: controller.signal,
            batchSize: 20,
          })) {
            pages.push(page.map((e) => e.globalPosition));
            if (pages.flat().length >= total) controller.abort();
          }
        })();
        const writer = await another();
        for (let i = 45; i < total; i += 1) {
          await (i % 2 === 0 ? writer : store).appendToStream(uniqueStream(), [sampleEvent(`durante ${i}`)]);
        }
        await reading;
        const seen = pages.flat();
        expect(seen).toHaveLength(total);
        expect([...seen].sort((x, y) => x - y)).toEqual(seen);
        expect(new Set(seen).size).toBe(total);
        expect(Math.max(...pages.map((p) => p.length))).toBeLessThanOrEqual(20);
        expect(pages.every((p) => p.length > 0)).toBe(true);
        expect(pages[0]).toHaveLength(20); // catching up hands over full pages
      });

      it('ends when aborted while idle', async () => {
        const controller = new AbortController();
        const reading = collect(
          store.subscribe((await store.lastGlobalPosition()) + 1, { signal: controller.signal }),
        );
        setTimeout(() => controller.abort(), 30);
        await expect(reading).resolves.toEqual([]);
      });
    });

    describe('workspace erasure', () => {
      const keep = { keepTypes: ['WorkspaceDataDeleted'] };

      async function twoWorkspaces() {
        const erased = `w-erased-${newId()}`;
        const other = `w-other-${newId()}`;
        const noteA = uniqueStream();
        const noteB = uniqueStream();
        const workspaceStream = uniqueStream('workspace');
        const otherStream = uniqueStream();
        await store.appendToStream(noteA, [sampleEvent('a1', erased), sampleEvent('a2', erased)]);
        await store.appendToStream(otherStream, [sampleEvent('outro', other)]);
        await store.appendToStream(noteB, [sampleEvent('b1', erased)]);
        await store.appendToStream(workspaceStream, [sampleEvent('w0', erased)]);
        const deletion = sampleWorkspaceDeletion(erased);
        await store.appendToStream(workspaceStream, [deletion]);
        return { erased, other, noteA, noteB, workspaceStream, otherStream, deletion };
      }

      it("removes the workspace's events from every read, keeping the other workspaces and the kept types", async () => {
        const start = (await store.lastGlobalPosition()) + 1;
        const w = await twoWorkspaces();
        const before = await store.readStream(w.workspaceStream);
        const deletionBefore = before.find((e) => e.type === 'WorkspaceDataDeleted')!;

        expect(await store.eraseWorkspace(w.erased, keep)).toEqual({ erased: 4 });

        expect(await store.readStream(w.noteA)).toEqual([]);
        expect(await store.readStream(w.noteB)).toEqual([]);
        const kept = await store.readStream(w.workspaceStream);
        expect(kept.map((e) => e.metadata.eventId)).toEqual([w.deletion.metadata.eventId]);
        expect(kept[0]!.globalPosition).toBe(deletionBefore.globalPosition);
        expect(kept[0]!.streamPosition).toBe(deletionBefore.streamPosition);

        const all = await collect(store.readAll(start));
        expect(all.map((e) => e.streamId)).toEqual([w.otherStream, w.workspaceStream]);
        const batch = await store.readBatch(start, 100);
        expect(batch.map((e) => e.metadata.eventId)).toEqual(all.map((e) => e.metadata.eventId));
        const pages = (await collect(store.readPages(start, 1))).flat();
        expect(pages.map((e) => e.metadata.eventId)).toEqual(all.map((e) => e.metadata.eventId));
      });

      it('keeps the streams it is told to keep whole, the workspace events in them included', async () => {
        const w = await twoWorkspaces();
        // An account that belongs to another company too: the person's, not the erased company's.
        const account = uniqueStream('user');
        await store.appendToStream(account, [
          sampleEvent('conta', w.erased),
          sampleEvent('conta 2', w.other),
        ]);
        const keptWhole = { ...keep, keepStreams: [account] };
        expect(await store.eraseWorkspace(w.erased, keptWhole)).toEqual({ erased: 4 });
        expect((await store.readStream(account)).map((e) => e.metadata.workspaceId)).toEqual([
          w.erased,
          w.other,
        ]);
        expect(await store.readStream(w.noteA)).toEqual([]);
        const all = await collect(store.readAll(1));
        expect(all.filter((e) => e.streamId === account)).toHaveLength(2);
        expect(await store.eraseWorkspace(w.erased, keptWhole)).toEqual({ erased: 0 });
      });

      it('is idempotent and leaves the store writable, with positions never reused', async () => {
        const w = await twoWorkspaces();
        const highest = await store.lastGlobalPosition();
        await store.eraseWorkspace(w.erased, keep);
        expect(await store.eraseWorkspace(w.erased, keep)).toEqual({ erased: 0 });

        const again = await store.appendToStream(w.noteA, [sampleEvent('depois', w.erased)]);
        expect(again.globalPositions[0]).toBeGreaterThan(highest);
        expect((await store.readStream(w.noteA)).map((e) => (e.data as { title: string }).title)).toEqual([
          'depois',
        ]);
        expect((await store.readStream(w.otherStream)).map((e) => e.metadata.workspaceId)).toEqual([w.other]);
      });

      it('keeps a live subscription going: it sees what is appended after the erasure', async () => {
        const start = (await store.lastGlobalPosition()) + 1;
        const w = await twoWorkspaces();
        const controller = new AbortController();
        const seen: string[] = [];
        const after = sampleEvent('depois', w.other);
        const reading = (async () => {
          for await (const event of store.subscribe(start, { signal: controller.signal })) {
            seen.push(event.metadata.eventId);
            if (event.metadata.eventId === after.metadata.eventId) controller.abort();
          }
        })();
        await store.eraseWorkspace(w.erased, keep);
        await store.appendToStream(w.otherStream, [after]);
        await reading;
        expect(seen).toContain(after.metadata.eventId);
        expect(seen.filter((id) => id === after.metadata.eventId)).toHaveLength(1);
      });
    });

    describe('durability', () => {
      it('keeps every append that returned before the writer was killed with SIGKILL', async () => {
        const stream = uniqueStream();
        const child = startChildWriter(['report', '100000', stream], harness.childEnv());
        const acknowledged: Array<{ id: string; position: number }> = [];
        await new Promise<void>((resolve) => {
          let buffer = '';
          child.stdout!.on('data', (chunk: Buffer) => {
            buffer += chunk.toString();
            const lines = buffer.split('\n');
            buffer = lines.pop()!;
            for (const line of lines) {
              const [, id, position] = line.split(' ');
              acknowledged.push({ id: id!, position: Number(position) });
            }
            if (acknowledged.length >= 25 && !child.killed) {
              child.kill('SIGKILL');
              resolve();
            }
          });
        });
        await new Promise((resolve) => child.once('exit', resolve));
        const reopened = await another();
        const stored = await reopened.readStream(stream);
        const storedIds = new Map(stored.map((e) => [e.metadata.eventId, e.globalPosition]));
        for (const { id, position } of acknowledged) expect(storedIds.get(id)).toBe(position);
      });
    });
  });
}
