import { AggregateCache } from './aggregate-cache.js';

describe('AggregateCache', () => {
  it('keeps the most recently used states, bounded by their count', () => {
    const cache = new AggregateCache(2);
    cache.set('a', { version: 0, state: 'A' });
    cache.set('b', { version: 0, state: 'B' });
    cache.get('a');
    cache.set('c', { version: 0, state: 'C' });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.state).toBe('A');
    expect(cache.size).toBe(2);
  });

  it('bounds the events folded into its states: long streams evict the least recently used', () => {
    const cache = new AggregateCache(100, 10);
    cache.set('a', { version: 3, state: 'A' }); // 4 events
    cache.set('b', { version: 3, state: 'B' }); // 8
    cache.set('a', { version: 5, state: 'A2' }); // 10: a grew, still within
    expect(cache.size).toBe(2);
    cache.set('c', { version: 1, state: 'C' }); // 12: b, the least recently used, goes
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.state).toBe('A2');
    // A stream longer than the bound on its own is kept (alone) rather than not cached at all.
    cache.set('long', { version: 50, state: 'L' });
    expect(cache.size).toBe(1);
    expect(cache.get('long')?.version).toBe(50);
    // An older state never replaces a newer one, and does not count twice.
    cache.set('long', { version: 10, state: 'old' });
    expect(cache.get('long')?.state).toBe('L');
    cache.delete('long');
    cache.set('d', { version: 9, state: 'D' });
    expect(cache.size).toBe(1);
    cache.set('e', { version: 0, state: 'E' });
    expect(cache.size).toBe(1); // 10 + 1 > 10: d goes
    expect(cache.get('e')?.state).toBe('E');
  });

  it('weighs a state by what its decider says it holds, not by the events it folded', () => {
    const cache = new AggregateCache(100, 10);
    cache.set('a', { version: 1_000, state: 'A', weight: 4 }); // a long stream, a bounded state
    cache.set('b', { version: 2_000, state: 'B', weight: 4 });
    expect(cache.size).toBe(2);
    cache.set('c', { version: 0, state: 'C', weight: 3 }); // 11 > 10: a, the least recently used, goes
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.state).toBe('B');
  });
});
