/**
 * The EventStore contract's first block: what is appended reads back, by stream and from the whole
 * log (readAll, readPages, readBatch), in order and intact.
 */
import type { EventStore, StoredEvent } from '@atende/events';
import { atendeRegistry } from '@atende/events';
import { collect, uniqueStream, type ContractSuite } from './contract-suite.js';
import { sampleEvent } from './sample-events.js';

export function appendAndReadContract(suite: ContractSuite): void {
  let store: EventStore;
  beforeEach(() => (store = suite.store()));

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
      for await (const page of store.readPages(before + 1, 7)) all.push(...page.map((e) => e.globalPosition));
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
}
