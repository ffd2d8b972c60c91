import type { StoredEvent } from '@atende/events';
import { TestLog } from '../testing/test-log.js';
import { BusOrderError, BusSequencer } from './bus-order.js';

/** A log of `count` events over three conversations, without the `erased` positions. */
function logOf(count: number, erased: readonly number[] = []): StoredEvent[] {
  const log = new TestLog();
  for (let i = 0; i < count; i += 1) {
    log.append(`conversation-w1-5511${i % 3}@c.us`, { type: 'ConversationPinned', data: {} });
  }
  return log.events.filter((e) => !erased.includes(e.globalPosition));
}

const at = (log: readonly StoredEvent[], ...positions: number[]) =>
  positions.map((p) => log.find((e) => e.globalPosition === p)!);

/** Given these bus batches, what the consumer applied (batch by batch) and how it ended. */
async function given(
  log: readonly StoredEvent[],
  batches: readonly StoredEvent[][],
  options: { from?: number; gapBatchSize?: number } = {},
) {
  const reads: [number, number][] = [];
  const sequencer = new BusSequencer({
    from: options.from ?? 1,
    bus: 'topic "atende.events"',
    readLog: async (position, limit) => {
      reads.push([position, limit]);
      return log.filter((e) => e.globalPosition >= position).slice(0, limit);
    },
    ...(options.gapBatchSize ? { gapBatchSize: options.gapBatchSize } : {}),
  });
  const applied: number[][] = [];
  let error: unknown;
  try {
    for (const batch of batches) {
      for await (const out of sequencer.accept(batch)) applied.push(out.map((e) => e.globalPosition));
    }
  } catch (caught) {
    error = caught;
  }
  return { applied, flat: applied.flat(), error, reads, next: sequencer.next() };
}

describe('BusSequencer', () => {
  it('passes batches that follow the log through as they are', async () => {
    const log = logOf(5);
    const result = await given(log, [at(log, 1, 2), at(log, 3, 4, 5)]);
    expect(result.applied).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
    expect(result.reads).toEqual([]);
    expect(result.next).toBe(6);
  });

  it('drops what the bus delivers again (at-least-once, a relay that published again)', async () => {
    const log = logOf(5);
    const result = await given(log, [at(log, 1, 2, 3), at(log, 2, 3, 4), at(log, 1, 2, 3, 4, 5)]);
    expect(result.flat).toEqual([1, 2, 3, 4, 5]);
    expect(result.error).toBeUndefined();
  });

  it('reads from the log what the bus starts past, and takes a later redelivery of it as one', async () => {
    const log = logOf(6);
    const result = await given(log, [at(log, 4, 5), at(log, 1, 2, 3, 4, 5, 6)]);
    expect(result.applied).toEqual([[1, 2, 3], [4, 5], [6]]);
    expect(result.error).toBeUndefined();
  });

  it('reads a gap inside a batch from the log before the events after it', async () => {
    const log = logOf(6);
    const result = await given(log, [at(log, 1, 2, 5, 6)]);
    expect(result.applied).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
  });

  it('takes positions the log does not have as erasure holes', async () => {
    const log = logOf(6, [3, 4]);
    const result = await given(log, [at(log, 1, 2, 5, 6)]);
    expect(result.flat).toEqual([1, 2, 5, 6]);
    expect(result.error).toBeUndefined();
  });

  it('reads a long gap in pages of gapBatchSize', async () => {
    const log = logOf(9);
    const result = await given(log, [at(log, 9)], { gapBatchSize: 3 });
    expect(result.flat).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(result.reads).toEqual([
      [1, 3],
      [4, 3],
      [7, 3],
    ]);
  });

  it('stops with BusOrderError when the bus delivers what it had skipped (a topic with 3 partitions)', async () => {
    const log = logOf(9);
    // Keyed by conversation over 3 partitions: each partition's batch holds every third event.
    const result = await given(log, [at(log, 1, 4, 7), at(log, 2, 5, 8), at(log, 3, 6, 9)]);
    // Nothing was hidden up to the stop: the skipped positions came from the log.
    expect(result.flat).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(result.error).toBeInstanceOf(BusOrderError);
    expect(result.error).toMatchObject({ kind: 'reordered', expected: 8, received: 2 });
    expect((result.error as Error).message).toContain(
      'Event bus topic "atende.events": expected global position 8, received 2.',
    );
  });

  it('stops with BusOrderError when the bus carries events the log does not have', async () => {
    const log = logOf(3);
    const bus = [...log, { ...log[2]!, globalPosition: 10 }];
    const result = await given(log, [bus]);
    expect(result.flat).toEqual([1, 2, 3]);
    expect(result.error).toMatchObject({ kind: 'ahead-of-log', expected: 4, received: 10 });
    expect((result.error as Error).message).toContain('expected global position 4, received 10');
  });
});
