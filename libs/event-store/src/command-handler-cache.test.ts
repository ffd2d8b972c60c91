import {
  AggregateCache,
  atendeRegistry,
  handleCommand,
  noteDecider,
  type EventStore,
  type NoteCommand,
} from '@atende/events';
import { createSqliteEventStore } from './sqlite/sqlite-event-store.js';

const STREAM = 'note-w1-n1';
const ctx = { workspaceId: 'w1', actorId: 'u1' };
const create: NoteCommand = {
  type: 'CreateNote',
  data: { noteId: 'n1', authorId: 'u1', title: 'Título', content: 'Texto' },
};
const pin: NoteCommand = { type: 'PinNote', data: {} };
const unpin: NoteCommand = { type: 'UnpinNote', data: {} };

describe('handleCommand with an AggregateCache', () => {
  let store: EventStore;
  let reads: { streamId: string; from: number | undefined }[];
  beforeEach(() => {
    store = createSqliteEventStore({ filename: ':memory:' });
    reads = [];
    const readStream = store.readStream.bind(store);
    store.readStream = ((streamId: string, options?: { fromStreamPosition?: number }) => {
      reads.push({ streamId, from: options?.fromStreamPosition });
      return readStream(streamId, options);
    }) as EventStore['readStream'];
  });
  afterEach(async () => store.close());

  it('decides on the cached state without reading the stream again', async () => {
    const cache = new AggregateCache();
    const deps = { store, registry: atendeRegistry, cache };
    await handleCommand(deps, noteDecider, STREAM, create, ctx);
    await handleCommand(deps, noteDecider, STREAM, pin, ctx);
    await handleCommand(deps, noteDecider, STREAM, unpin, ctx);
    expect(reads.map((r) => r.from)).toEqual([0]);
    expect((await store.readStream(STREAM)).map((e) => e.type)).toEqual([
      'NoteCreated',
      'NotePinned',
      'NoteUnpinned',
    ]);
    expect(cache.get(STREAM)).toMatchObject({
      version: 2,
      state: { status: 'active', note: { isPinned: false } },
    });
  });

  it("keeps a state weighed by its decider's weigh, after a load and after an append", async () => {
    const cache = new AggregateCache();
    const weighed = { ...noteDecider, weigh: () => 7 };
    await handleCommand({ store, registry: atendeRegistry, cache }, weighed, STREAM, create, ctx);
    expect(cache.get(STREAM)?.weight).toBe(7);
    cache.delete(STREAM);
    await handleCommand({ store, registry: atendeRegistry, cache }, weighed, STREAM, pin, ctx);
    expect(cache.get(STREAM)).toMatchObject({ version: 1, weight: 7 });
    // Without one, the weight is left to the cache (the events folded).
    await handleCommand({ store, registry: atendeRegistry, cache }, noteDecider, STREAM, unpin, ctx);
    expect(cache.get(STREAM)?.weight).toBeUndefined();
  });

  it('takes events another writer appended into account (a stale cached state conflicts, then is read)', async () => {
    const cache = new AggregateCache();
    await handleCommand({ store, registry: atendeRegistry, cache }, noteDecider, STREAM, create, ctx);
    // Another process pins the note without this cache.
    await handleCommand({ store, registry: atendeRegistry }, noteDecider, STREAM, pin, ctx);
    // Pinning again must be a no-op here, though the cached state has the note unpinned.
    const again = await handleCommand(
      { store, registry: atendeRegistry, cache },
      noteDecider,
      STREAM,
      pin,
      ctx,
    );
    expect(again.events).toEqual([]);
    expect(again.newState).toMatchObject({ note: { isPinned: true } });
    expect((await store.readStream(STREAM)).map((e) => e.type)).toEqual(['NoteCreated', 'NotePinned']);
  });

  it('confirms a no-op decided on the cached state against the stream (another writer may have undone it)', async () => {
    const cache = new AggregateCache();
    const deps = { store, registry: atendeRegistry, cache };
    await handleCommand(deps, noteDecider, STREAM, create, ctx);
    await handleCommand(deps, noteDecider, STREAM, pin, ctx);
    // Another process unpins it; this cache still has it pinned.
    await handleCommand({ store, registry: atendeRegistry }, noteDecider, STREAM, unpin, ctx);

    const pinAgain = await handleCommand(deps, noteDecider, STREAM, pin, ctx);

    expect(pinAgain.events.map((e) => e.type)).toEqual(['NotePinned']);
    expect(reads.at(-1)).toEqual({ streamId: STREAM, from: 2 }); // only the tail after the cached version
    expect((await store.readStream(STREAM)).map((e) => e.type)).toEqual([
      'NoteCreated',
      'NotePinned',
      'NoteUnpinned',
      'NotePinned',
    ]);
  });

  it('retries from the whole stream when another command wrote first', async () => {
    const cache = new AggregateCache();
    const deps = { store, registry: atendeRegistry, cache };
    await handleCommand(deps, noteDecider, STREAM, create, ctx);
    const tags: NoteCommand = { type: 'ChangeNoteTags', data: { tags: 'vip, urgente' } };
    const [pinned, tagged] = await Promise.all([
      handleCommand(deps, noteDecider, STREAM, pin, ctx),
      handleCommand(deps, noteDecider, STREAM, tags, ctx),
    ]);
    expect([...pinned.events, ...tagged.events].map((e) => e.type).sort()).toEqual([
      'NotePinned',
      'NoteTagsChanged',
    ]);
    expect((await store.readStream(STREAM)).map((e) => e.streamPosition)).toEqual([0, 1, 2]);
    // One of them had to start again from position 0 (the conflict), then the cache holds the end.
    expect(reads.filter((r) => r.from === 0)).toHaveLength(2);
    expect(cache.get(STREAM)).toMatchObject({
      version: 2,
      state: { note: { isPinned: true, tags: ['vip', 'urgente'] } },
    });
  });
});

describe('AggregateCache', () => {
  it('evicts the least recently used stream and never goes back to an older version', () => {
    const cache = new AggregateCache(2);
    cache.set('a', { version: 1, state: 'a1' });
    cache.set('b', { version: 1, state: 'b1' });
    cache.get('a');
    cache.set('c', { version: 1, state: 'c1' });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toEqual({ version: 1, state: 'a1' });
    cache.set('a', { version: 0, state: 'a0' });
    expect(cache.get('a')).toEqual({ version: 1, state: 'a1' });
    expect(cache.size).toBe(2);
  });
});
