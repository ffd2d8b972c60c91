/**
 * The EventStore contract's workspace erasure block: a workspace's events gone from every read, the
 * kept types and streams and the other workspaces untouched, and the store still writable.
 */
import type { EventStore } from '@atende/events';
import { newId } from '@atende/events';
import { collect, uniqueStream, type ContractSuite } from './contract-suite.js';
import { sampleEvent, sampleWorkspaceDeletion } from './sample-events.js';

export function workspaceErasureContract(suite: ContractSuite): void {
  let store: EventStore;
  beforeEach(() => (store = suite.store()));

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
      await store.appendToStream(account, [sampleEvent('conta', w.erased), sampleEvent('conta 2', w.other)]);
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
}
