import type { ReadModels } from '@atende/events';
import { CheckpointConflictError } from '@atende/events';

export interface ReadModelsHarness {
  readModels: ReadModels;
  cleanup(): Promise<void>;
}

/** Behaviour every ReadModels adapter must have; the factory gives a fresh, empty space per test. */
export function readModelsContract(adapterName: string, makeHarness: () => Promise<ReadModelsHarness>): void {
  describe(`ReadModels contract: ${adapterName}`, () => {
    let harness: ReadModelsHarness;
    let rm: ReadModels;
    beforeEach(async () => {
      harness = await makeHarness();
      rm = harness.readModels;
    });
    afterEach(async () => harness.cleanup());

    it('stores documents with the checkpoint, all at once', async () => {
      const writer = rm.writer('p');
      const view = rm.view('p');
      expect(await view.checkpoint()).toBe(0);
      const batch = await writer.beginBatch();
      batch.put('conversations', 'w1:c1', { name: 'Ana', unread: 1 });
      batch.put('conversations', 'w1:c2', { name: 'Bruno', unread: 0 });
      expect(batch.get('conversations', 'w1:c1')).toEqual({ name: 'Ana', unread: 1 });
      expect(await view.get('conversations', 'w1:c1')).toBeUndefined();
      await batch.commit(7);
      expect(await view.checkpoint()).toBe(7);
      expect(await view.get('conversations', 'w1:c1')).toEqual({ name: 'Ana', unread: 1 });
      expect(await view.getMany('conversations', ['w1:c2', 'nada', 'w1:c1'])).toEqual([
        { name: 'Bruno', unread: 0 },
        undefined,
        { name: 'Ana', unread: 1 },
      ]);
      const second = await writer.beginBatch();
      second.delete('conversations', 'w1:c2');
      expect(second.get('conversations', 'w1:c2')).toBeUndefined();
      await second.commit(9);
      expect(await view.get('conversations', 'w1:c2')).toBeUndefined();
    });

    it('reads documents synchronously, loading unseen ones through fetchMissing', async () => {
      const first = await rm.writer('p').beginBatch();
      first.put('docs', 'x', { v: 1 });
      await first.commit(1);
      // A new writer has seen nothing yet (an adapter may have to load over the network).
      const batch = await rm.writer('p').beginBatch();
      const applyPass = () => {
        const x = batch.get<{ v: number }>('docs', 'x');
        const none = batch.get('docs', 'nada');
        batch.put('docs', 'y', { copied: x?.v ?? null, none: none ?? null });
      };
      applyPass();
      let passes = 1;
      while (await batch.fetchMissing()) {
        applyPass();
        passes += 1;
      }
      expect(passes).toBeLessThanOrEqual(2);
      await batch.commit(2);
      expect(await rm.view('p').get('docs', 'y')).toEqual({ copied: 1, none: null });
    });

    it('keeps sorted indexes like a sorted set', async () => {
      const writer = rm.writer('p');
      const view = rm.view('p');
      const batch = await writer.beginBatch();
      for (const [id, score] of [
        ['a', 30],
        ['b', 10],
        ['c', 20],
        ['d', 20],
        ['e', 40],
      ] as const) {
        batch.indexPut('idx:w1', id, score);
      }
      await batch.commit(1);
      expect((await view.range('idx:w1')).map((e) => e.id)).toEqual(['b', 'c', 'd', 'a', 'e']);
      expect(await view.range('idx:w1', { reverse: true, limit: 3 })).toEqual([
        { id: 'e', score: 40 },
        { id: 'a', score: 30 },
        { id: 'd', score: 20 },
      ]);
      expect((await view.range('idx:w1', { min: 20, max: 30 })).map((e) => e.id)).toEqual(['c', 'd', 'a']);
      expect((await view.range('idx:w1', { min: 20, minExclusive: true })).map((e) => e.id)).toEqual([
        'a',
        'e',
      ]);
      expect(
        (await view.range('idx:w1', { max: 30, maxExclusive: true, reverse: true })).map((e) => e.id),
      ).toEqual(['d', 'c', 'b']);
      expect((await view.range('idx:w1', { offset: 1, limit: 2 })).map((e) => e.id)).toEqual(['c', 'd']);
      expect(await view.count('idx:w1')).toBe(5);
      expect(await view.count('idx:w1', { min: 20, max: 30 })).toBe(3);
      expect(await view.range('idx:nada')).toEqual([]);

      const update = await writer.beginBatch();
      update.indexPut('idx:w1', 'b', 50);
      update.indexDelete('idx:w1', 'e');
      await update.commit(2);
      expect((await view.range('idx:w1', { reverse: true })).map((e) => e.id)).toEqual(['b', 'a', 'd', 'c']);
      expect(await view.count('idx:w1')).toBe(4);
    });

    it('refuses a batch whose starting checkpoint moved, writing nothing', async () => {
      const writer = rm.writer('p');
      const first = await writer.beginBatch();
      const second = await writer.beginBatch();
      first.put('docs', 'x', { v: 1 });
      await first.commit(5);
      second.put('docs', 'y', { v: 2 });
      second.indexPut('idx', 'y', 1);
      await expect(second.commit(6)).rejects.toBeInstanceOf(CheckpointConflictError);
      const view = rm.view('p');
      expect(await view.get('docs', 'y')).toBeUndefined();
      expect(await view.count('idx')).toBe(0);
      expect(await view.checkpoint()).toBe(5);
    });

    it('refuses an index score that is not a finite number, live and while rebuilding', async () => {
      const live = await rm.writer('p').beginBatch();
      const target = await rm.beginRebuild('p');
      const rebuilding = await target.beginBatch();
      for (const batch of [live, rebuilding]) {
        for (const score of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
          expect(() => batch.indexPut('idx', 'x', score)).toThrow(
            `Index idx: score must be finite, got ${score}`,
          );
        }
        batch.indexPut('idx', 'y', 1);
      }
      await live.commit(1);
      await rebuilding.commit(1);
      await target.discard();
      expect(await rm.view('p').range('idx')).toEqual([{ id: 'y', score: 1 }]);
    });

    it('keeps projections apart', async () => {
      const batch = await rm.writer('one').beginBatch();
      batch.put('docs', 'x', { v: 1 });
      await batch.commit(3);
      expect(await rm.view('two').get('docs', 'x')).toBeUndefined();
      expect(await rm.view('two').checkpoint()).toBe(0);
    });

    it('rebuilds into a fresh version while the old one serves, then switches', async () => {
      const live = await rm.writer('p').beginBatch();
      live.put('docs', 'old', { v: 'old' });
      await live.commit(10);
      const target = await rm.beginRebuild('p');
      expect(await target.checkpoint()).toBe(0);
      const rebuilt = await target.beginBatch();
      rebuilt.put('docs', 'new', { v: 'new' });
      rebuilt.indexPut('idx', 'new', 1);
      await rebuilt.commit(12);
      const view = rm.view('p');
      expect(await view.get('docs', 'old')).toEqual({ v: 'old' });
      expect(await view.get('docs', 'new')).toBeUndefined();

      const staleLiveBatch = await rm.writer('p').beginBatch();
      await target.activate();
      // The live writer's batch started on the old version: refused, it must re-read the checkpoint.
      staleLiveBatch.put('docs', 'late', { v: 'late' });
      await expect(staleLiveBatch.commit(11)).rejects.toBeInstanceOf(CheckpointConflictError);

      await new Promise((r) => setTimeout(r, 300)); // let any cached serving version expire
      expect(await view.get('docs', 'old')).toBeUndefined();
      expect(await view.get('docs', 'new')).toEqual({ v: 'new' });
      expect(await view.checkpoint()).toBe(12);
      const next = await rm.writer('p').beginBatch();
      next.put('docs', 'after', { v: 'after' });
      await next.commit(13);
      expect(await view.get('docs', 'after')).toEqual({ v: 'after' });
    });

    it('does not switch in a rebuilt version behind the serving one, until it caught up', async () => {
      const live = await rm.writer('p').beginBatch();
      live.put('docs', 'a', { v: 'live' });
      await live.commit(20);
      const target = await rm.beginRebuild('p');
      const first = await target.beginBatch();
      first.put('docs', 'a', { v: 'rebuilt' });
      await first.commit(15);
      // The live projector applied 16–20, which this version has not read: switching would drop them.
      await expect(target.activate()).rejects.toBeInstanceOf(CheckpointConflictError);
      expect(await rm.view('p').get('docs', 'a')).toEqual({ v: 'live' });
      const rest = await target.beginBatch();
      rest.put('docs', 'b', { v: 'rebuilt' });
      await rest.commit(20);
      await target.activate();
      await new Promise((r) => setTimeout(r, 300)); // let any cached serving version expire
      expect(await rm.view('p').get('docs', 'b')).toEqual({ v: 'rebuilt' });
      expect(await rm.view('p').checkpoint()).toBe(20);
    });

    it('discarding a rebuild leaves the serving version untouched', async () => {
      const live = await rm.writer('p').beginBatch();
      live.put('docs', 'keep', { v: 1 });
      await live.commit(4);
      const target = await rm.beginRebuild('p');
      const b = await target.beginBatch();
      b.put('docs', 'tmp', { v: 2 });
      await b.commit(4);
      await target.discard();
      expect(await rm.view('p').get('docs', 'keep')).toEqual({ v: 1 });
      expect(await rm.view('p').get('docs', 'tmp')).toBeUndefined();
    });

    it('a rebuild target reads back what its earlier batches wrote, deletes included', async () => {
      const target = await rm.beginRebuild('p');
      const first = await target.beginBatch();
      first.put('docs', 'a', { n: 1 });
      first.put('docs', 'b', { n: 2 });
      first.indexPut('idx', 'a', 1);
      first.indexPut('idx', 'b', 2);
      await first.commit(5);
      const second = await target.beginBatch();
      expect(second.baseCheckpoint).toBe(5);
      const a = second.get<{ n: number }>('docs', 'a');
      expect(a).toEqual({ n: 1 });
      expect(second.get('docs', 'nada')).toBeUndefined();
      second.put('docs', 'a', { n: a!.n + 10 });
      second.delete('docs', 'b');
      second.indexDelete('idx', 'b');
      second.indexPut('idx', 'a', 3);
      while (await second.fetchMissing()) throw new Error('a rebuild target has nothing to fetch here');
      await second.commit(8);
      expect(await target.checkpoint()).toBe(8);
      expect(await target.get('docs', 'a')).toEqual({ n: 11 });
      expect(await target.get('docs', 'b')).toBeUndefined();
      await target.activate();
      const view = rm.view('p');
      expect(await view.checkpoint()).toBe(8);
      expect(await view.get('docs', 'a')).toEqual({ n: 11 });
      expect(await view.range('idx')).toEqual([{ id: 'a', score: 3 }]);
    });

    it('takes a large rebuild batch', async () => {
      const target = await rm.beginRebuild('big');
      const batch = await target.beginBatch();
      for (let i = 0; i < 40_000; i += 1) {
        batch.put('messages', `m${i}`, { i, text: `mensagem ${i}` });
        batch.indexPut('msgs:c1', `m${i}`, i);
      }
      await batch.commit(40_000);
      await target.activate();
      const view = rm.view('big');
      expect(await view.checkpoint()).toBe(40_000);
      expect(await view.count('msgs:c1')).toBe(40_000);
      expect(await view.get('messages', 'm39999')).toEqual({ i: 39999, text: 'mensagem 39999' });
      expect((await view.range('msgs:c1', { reverse: true, limit: 2 })).map((e) => e.id)).toEqual([
        'm39999',
        'm39998',
      ]);
    });

    it('dumps every document and index entry, sorted', async () => {
      const batch = await rm.writer('p').beginBatch();
      batch.put('b-docs', 'z', { n: 1 });
      batch.put('a-docs', 'y', { n: 2 });
      batch.put('a-docs', 'x', { n: 3 });
      batch.indexPut('idx', 'x', 2);
      batch.indexPut('idx', 'y', 1);
      await batch.commit(2);
      const dump = await rm.view('p').dump();
      expect(dump).toEqual({
        checkpoint: 2,
        docs: { 'a-docs': { x: { n: 3 }, y: { n: 2 } }, 'b-docs': { z: { n: 1 } } },
        indexes: {
          idx: [
            { id: 'y', score: 1 },
            { id: 'x', score: 2 },
          ],
        },
      });
      expect(Object.keys(dump.docs)).toEqual(['a-docs', 'b-docs']);
    });

    it('erases key spaces: stored data and earlier writes of the batch go, later writes stay', async () => {
      const writer = rm.writer('p');
      const view = rm.view('p');
      const first = await writer.beginBatch();
      for (const ws of ['w1', 'w10', 'w2']) {
        first.put('docs', `${ws}:a`, { ws });
        first.put('docs', `${ws}:b*[x]`, { ws, glob: true });
        first.indexPut(`ws:${ws}`, 'a', 1);
        first.indexPut(`ws:${ws}:pinned`, 'a', 2);
        first.indexPut('global', `${ws}:a`, 3);
      }
      first.put('other', 'w1:a', { kept: true });
      await first.commit(1);

      // A new writer: an adapter may not have loaded the stored documents yet.
      const eraser = rm.writer('p');
      const batch = await eraser.beginBatch();
      batch.put('docs', 'w1:early', { early: true });
      batch.indexPut('ws:w1', 'early', 5);
      batch.deletePrefix('docs', 'w1:');
      batch.indexDeletePrefix('ws:w1', '');
      batch.indexDropPrefix('ws:w1:');
      batch.indexDeletePrefix('global', 'w1:');
      expect(batch.get('docs', 'w1:a')).toBeUndefined();
      expect(batch.get('docs', 'w1:early')).toBeUndefined();
      batch.put('docs', 'w1:late', { late: true });
      batch.indexPut('ws:w1:pinned', 'late', 6);
      expect(batch.get('docs', 'w1:late')).toEqual({ late: true });
      while (await batch.fetchMissing()) {
        throw new Error('an erased document is known to be gone: nothing to load');
      }
      await batch.commit(2);

      expect(await view.getMany('docs', ['w1:a', 'w1:b*[x]', 'w1:early', 'w1:late'])).toEqual([
        undefined,
        undefined,
        undefined,
        { late: true },
      ]);
      expect(await view.get('docs', 'w10:a')).toEqual({ ws: 'w10' });
      expect(await view.get('docs', 'w10:b*[x]')).toEqual({ ws: 'w10', glob: true });
      expect(await view.get('other', 'w1:a')).toEqual({ kept: true });
      expect(await view.range('ws:w1')).toEqual([]);
      expect(await view.range('ws:w1:pinned')).toEqual([{ id: 'late', score: 6 }]);
      expect(await view.range('ws:w10')).toEqual([{ id: 'a', score: 1 }]);
      expect(await view.range('ws:w10:pinned')).toEqual([{ id: 'a', score: 2 }]);
      expect((await view.range('global')).map((e) => e.id)).toEqual(['w10:a', 'w2:a']);
      expect(await view.checkpoint()).toBe(2);

      // The same writer again (what it remembers must not bring erased documents back).
      const after = await eraser.beginBatch();
      expect(after.get('docs', 'w1:a')).toBeUndefined();
      while (await after.fetchMissing()) expect(after.get('docs', 'w1:a')).toBeUndefined();
    });

    it('a writer forgets what it erased', async () => {
      const writer = rm.writer('p');
      const first = await writer.beginBatch();
      first.put('docs', 'w3:x', { v: 1 });
      await first.commit(1);
      const erase = await writer.beginBatch();
      erase.deletePrefix('docs', 'w3:');
      await erase.commit(2);
      const next = await writer.beginBatch();
      const read = () => next.get('docs', 'w3:x');
      expect(read()).toBeUndefined();
      while (await next.fetchMissing()) expect(read()).toBeUndefined();
      expect(await rm.view('p').get('docs', 'w3:x')).toBeUndefined();
    });

    it('erases inside a rebuild target', async () => {
      const target = await rm.beginRebuild('p');
      const batch = await target.beginBatch();
      batch.put('docs', 'w1:a', { v: 1 });
      batch.put('docs', 'w2:a', { v: 2 });
      batch.indexPut('ws:w1', 'a', 1);
      batch.indexPut('ws:w1:x', 'a', 1);
      batch.deletePrefix('docs', 'w1:');
      batch.indexDeletePrefix('ws:w1', '');
      batch.indexDropPrefix('ws:w1:');
      batch.put('docs', 'w1:b', { v: 3 });
      await batch.commit(3);
      await target.activate();
      await new Promise((r) => setTimeout(r, 300));
      const dump = await rm.view('p').dump();
      expect(dump.docs).toEqual({ docs: { 'w1:b': { v: 3 }, 'w2:a': { v: 2 } } });
      expect(dump.indexes).toEqual({});
    });

    it('answers ping', async () => {
      await expect(rm.ping()).resolves.toBeUndefined();
    });
  });
}
