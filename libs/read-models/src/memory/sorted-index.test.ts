import { SortedIndex } from './sorted-index.js';

/** Deterministic pseudo-random integers below `n` (mulberry32). */
function randomInts(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

type Op = ['put', string, number] | ['delete', string] | ['deletePrefix', string];

function apply(index: SortedIndex, ops: readonly Op[]): void {
  for (const op of ops) {
    if (op[0] === 'put') index.put(op[1], op[2]);
    else if (op[0] === 'delete') index.delete(op[1]);
    else index.deletePrefix(op[1]);
  }
}

describe('SortedIndex', () => {
  it('orders by score, then id, with the latest score of an id', () => {
    const index = new SortedIndex();
    apply(index, [
      ['put', 'b', 2],
      ['put', 'a', 2],
      ['put', 'c', 1],
      ['put', 'c', 3],
      ['delete', 'a'],
    ]);
    expect(index.entries()).toEqual([
      { id: 'b', score: 2 },
      { id: 'c', score: 3 },
    ]);
    expect(index.range({ reverse: true, limit: 1 })).toEqual([{ id: 'c', score: 3 }]);
  });

  it('a deferred index ends up exactly like one sorted all along, with deletes in between', () => {
    const next = randomInts(7);
    const ops: Op[] = [];
    for (let i = 0; i < 20_000; i += 1) {
      const id = `chat-${next(50)}:msg-${next(400)}`;
      const roll = next(100);
      if (roll < 90) ops.push(['put', id, next(1_000_000) / 8]);
      else if (roll < 99) ops.push(['delete', id]);
      else ops.push(['deletePrefix', `chat-${next(50)}:`]);
    }
    const sorted = new SortedIndex();
    const deferred = new SortedIndex(true);
    apply(sorted, ops.slice(0, 15_000));
    apply(deferred, ops.slice(0, 15_000));
    expect(deferred.size).toBe(sorted.size);
    expect(deferred.entries()).toEqual(sorted.entries());
    // Read once, it is sorted: later updates go to its tree.
    apply(sorted, ops.slice(15_000));
    apply(deferred, ops.slice(15_000));
    expect(deferred.size).toBe(sorted.size);
    expect(deferred.entries()).toEqual(sorted.entries());
    expect(sorted.size).toBeGreaterThan(1000);
  });

  it('counts a deferred index before it is sorted, the latest put of an id counted once', () => {
    const index = new SortedIndex(true);
    for (let i = 0; i < 10_000; i += 1) index.put(`id-${i % 3000}`, i);
    index.delete('id-0');
    index.put('gone:1', 1);
    index.deletePrefix('gone:');
    expect(index.size).toBe(2999);
    expect(index.range({ limit: 1 })).toEqual([{ id: 'id-1000', score: 7000 }]);
  });
});
