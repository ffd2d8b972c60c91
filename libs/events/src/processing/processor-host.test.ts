import type { StoredEvent } from '../core/envelope.js';
import { MemoryLog } from '../testing/memory-log.js';
import type { BatchContext, Processor } from './processor.js';
import { ProcessorHost } from './processor-host.js';

const event = (globalPosition: number, type = 'NoteCreated'): StoredEvent =>
  ({
    type,
    data: {},
    metadata: {
      eventId: `00000000-0000-4000-8000-${String(globalPosition).padStart(12, '0')}`,
      workspaceId: 'w',
      occurredAt: new Date(0).toISOString(),
      schemaVersion: 1,
    },
    streamId: `note-${globalPosition}`,
    streamPosition: 0,
    globalPosition,
  }) as StoredEvent;

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => event(from + i));
const silent = { error: jest.fn(), warn: jest.fn() };

/** A processor that records what it was handed (and may be slowed down or made to fail). */
function recorder(
  id: string,
  options: Partial<Processor> & {
    from?: number;
    handle?: (events: readonly StoredEvent[]) => Promise<void>;
  } = {},
) {
  const seen: number[] = [];
  const batches: { positions: number[]; through: number }[] = [];
  const processor: Processor = {
    id,
    startFrom: async () => options.from ?? 0,
    ...options,
    async handleBatch(events: readonly StoredEvent[], context: BatchContext) {
      await options.handle?.(events);
      seen.push(...events.map((e) => e.globalPosition));
      batches.push({ positions: events.map((e) => e.globalPosition), through: context.through });
    },
  };
  return { processor, seen, batches };
}

describe('ProcessorHost: one read of the log for every processor of a process', () => {
  let host: ProcessorHost | undefined;
  afterEach(async () => {
    await host?.stop();
    host = undefined;
  });

  it('reads each page once and hands it to every processor from its own position, in order', async () => {
    const log = new MemoryLog(range(1, 10));
    host = new ProcessorHost({ store: log, logger: silent, batchSize: 4 });
    const a = recorder('a');
    const b = recorder('b', { from: 6 });
    host.add(a.processor);
    host.add(b.processor);
    host.start();
    expect(await host.waitFor(['a', 'b'], 10)).toBe(true);
    expect(a.seen).toEqual(range(1, 10).map((e) => e.globalPosition));
    expect(b.seen).toEqual([7, 8, 9, 10]);
    // Three pages of at most 4 and one look for more, for both processors together (a follower
    // each would read it all twice).
    expect(log.reads).toBe(4);

    log.push(...range(11, 12));
    expect(await host.waitFor(['a', 'b'], 12)).toBe(true);
    expect(a.seen.slice(-2)).toEqual([11, 12]);
    expect(b.seen.slice(-2)).toEqual([11, 12]);
    expect(host.status('b')).toEqual({ id: 'b', position: 12, state: 'running' });
  });

  it('hands a processor only the events it can handle, yet moves it through the whole page', async () => {
    const log = new MemoryLog([event(1), event(2, 'Other'), event(3), event(4, 'Other')]);
    host = new ProcessorHost({ store: log, logger: silent });
    const notes = recorder('notes', { canHandle: (e) => e.type === 'NoteCreated' });
    host.add(notes.processor);
    host.start();
    expect(await host.waitFor('notes', 4)).toBe(true);
    expect(notes.batches).toEqual([{ positions: [1, 3], through: 4 }]);
    expect(host.position('notes')).toBe(4);
  });

  it('gives a page to a processor declared after another only once that one has handled it', async () => {
    const log = new MemoryLog(range(1, 6));
    host = new ProcessorHost({ store: log, logger: silent, batchSize: 2 });
    const h = host;
    const projections = recorder('projections', {
      handle: () => new Promise((resolve) => setTimeout(resolve, 5)),
    });
    const seenAhead: number[] = [];
    const pushes = recorder('pushes', {
      after: ['projections'],
      handle: async (events) => {
        // What the projections have handled when the fan-out gets the page.
        seenAhead.push(h.position('projections') - events[events.length - 1]!.globalPosition);
      },
    });
    host.add(projections.processor);
    host.add(pushes.processor);
    host.start();
    expect(await host.waitFor('pushes', 6)).toBe(true);
    expect(pushes.seen).toEqual([1, 2, 3, 4, 5, 6]);
    expect(seenAhead.every((ahead) => ahead >= 0)).toBe(true);
  });

  it('does not let a slow processor hold up the others: it catches up from the log, missing nothing', async () => {
    const log = new MemoryLog(range(1, 40));
    host = new ProcessorHost({ store: log, logger: silent, batchSize: 2, maxQueued: 2 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = recorder('slow', { handle: () => gate });
    const fast = recorder('fast');
    host.add(slow.processor);
    host.add(fast.processor);
    host.start();
    // The fast one reaches the end while the slow one is still stuck in its first batch.
    expect(await host.waitFor('fast', 40)).toBe(true);
    expect(slow.seen).toEqual([]);
    release();
    expect(await host.waitFor('slow', 40)).toBe(true);
    expect(slow.seen).toEqual(range(1, 40).map((e) => e.globalPosition));
    log.push(event(41));
    expect(await host.waitFor(['slow', 'fast'], 41)).toBe(true);
    expect(slow.seen.at(-1)).toBe(41);
    expect(fast.seen).toEqual(range(1, 41).map((e) => e.globalPosition));
  });

  it('joins the small pages that waited for a processor into one batch (up to batchSize)', async () => {
    const log = new MemoryLog([event(1)]);
    host = new ProcessorHost({ store: log, logger: silent, batchSize: 3 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let busy!: () => void;
    const inFirstBatch = new Promise<void>((resolve) => (busy = resolve));
    const slow = recorder('slow', {
      handle: (events) => {
        if (events[0]!.globalPosition !== 1) return Promise.resolve();
        busy();
        return gate;
      },
    });
    host.add(slow.processor);
    host.start();
    await inFirstBatch;
    // Appends a few at a time while the processor is busy: pages of one event each.
    for (let p = 2; p <= 6; p += 1) {
      log.push(event(p));
      await new Promise((resolve) => setImmediate(resolve));
    }
    release();
    expect(await host.waitFor('slow', 6)).toBe(true);
    expect(slow.batches.map((b) => b.positions)).toEqual([[1], [2, 3, 4], [5, 6]]);
  });

  it('starts a batch at most every minBatchIntervalMs: what came meanwhile is one batch', async () => {
    const log = new MemoryLog([event(1)]);
    host = new ProcessorHost({ store: log, logger: silent });
    const paced = recorder('analytics', { minBatchIntervalMs: 150 });
    const eager = recorder('inbox');
    host.add(paced.processor);
    host.add(eager.processor);
    host.start();
    expect(await host.waitFor('analytics', 1)).toBe(true);
    for (let p = 2; p <= 4; p += 1) {
      log.push(event(p));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(await host.waitFor('analytics', 4)).toBe(true);
    expect(paced.batches.map((b) => b.positions)).toEqual([[1], [2, 3, 4]]);
    expect(eager.batches.map((b) => b.positions)).toEqual([[1], [2], [3], [4]]);
  });

  it('does not pace a processor catching up: a full batch waiting goes at once', async () => {
    const log = new MemoryLog(range(1, 9));
    host = new ProcessorHost({ store: log, logger: silent, batchSize: 3 });
    const paced = recorder('analytics', { minBatchIntervalMs: 60_000 });
    host.add(paced.processor);
    host.start();
    expect(await host.waitFor('analytics', 9, 2000)).toBe(true);
    expect(paced.batches.map((b) => b.positions)).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [7, 8, 9],
    ]);
  });

  it('retries a failed batch from the same position; a processor that stops on failure leaves the others going', async () => {
    const log = new MemoryLog(range(1, 3));
    host = new ProcessorHost({ store: log, logger: silent });
    let failures = 1;
    const flaky = recorder('flaky', {
      handle: async () => {
        if (failures-- > 0) throw new Error('broker away');
      },
    });
    const broken = recorder('broken', {
      onFailure: 'stop',
      handle: async () => {
        throw new Error('projection bug');
      },
    });
    host.add(flaky.processor);
    host.add(broken.processor);
    host.start();
    expect(await host.waitFor('flaky', 3)).toBe(true);
    expect(flaky.batches).toEqual([{ positions: [1, 2, 3], through: 3 }]);
    expect(host.status('broken')).toEqual({
      id: 'broken',
      position: 0,
      state: 'failed',
      error: 'projection bug',
    });
    expect(silent.warn).toHaveBeenCalledWith(
      expect.objectContaining({ processor: 'flaky' }),
      expect.any(String),
    );
  });

  it('takes a processor added while running from its own position, then live', async () => {
    const log = new MemoryLog(range(1, 5));
    host = new ProcessorHost({ store: log, logger: silent });
    host.add(recorder('first').processor);
    host.start();
    expect(await host.waitFor('first', 5)).toBe(true);
    const late = recorder('late', { from: 2 });
    host.add(late.processor);
    expect(await host.waitFor('late', 5)).toBe(true);
    log.push(event(6));
    expect(await host.waitFor('late', 6)).toBe(true);
    expect(late.seen).toEqual([3, 4, 5, 6]);
  });

  it('follows a source again after it fails, from the last page handed out', async () => {
    const log = new MemoryLog(range(1, 4));
    let calls = 0;
    const froms: number[] = [];
    host = new ProcessorHost({
      store: log,
      logger: silent,
      source: async function* (from, signal) {
        froms.push(from);
        calls += 1;
        for await (const page of log.subscribePages(from, { signal, batchSize: 2 })) {
          yield page;
          if (calls === 1) throw new Error('consumer crashed');
        }
      },
    });
    const once = recorder('once');
    host.add(once.processor);
    host.start();
    expect(await host.waitFor('once', 4)).toBe(true);
    expect(once.seen).toEqual([1, 2, 3, 4]);
    expect(froms.slice(0, 2)).toEqual([1, 3]);
    expect(silent.error).toHaveBeenCalledWith(expect.anything(), expect.stringMatching(/retrying in 1 s/));
  });

  it('remove() stops one processor after its batch; stop() answers pending waits with false', async () => {
    const log = new MemoryLog(range(1, 2));
    host = new ProcessorHost({ store: log, logger: silent });
    const a = recorder('a');
    host.add(a.processor);
    host.start();
    expect(await host.waitFor('a', 2)).toBe(true);
    await host.remove('a');
    expect(host.status('a')).toBeUndefined();
    const b = recorder('b');
    host.add(b.processor);
    const pending = host.waitFor('b', 99);
    await host.stop();
    expect(await pending).toBe(false);
  });
});
