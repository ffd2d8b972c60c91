import { DocCache } from './doc-cache.js';

describe('DocCache', () => {
  it('does not know documents it never saw, until it is told the version started empty', () => {
    const cache = new DocCache(10);
    expect(cache.peek('docs', 'a')).toBeUndefined();
    cache.set('docs', 'gone', undefined);
    expect(cache.peek('docs', 'gone')).toEqual({ found: false });
    cache.startEmpty();
    expect(cache.isComplete).toBe(true);
    expect(cache.peek('docs', 'a')).toEqual({ found: false });
    cache.set('docs', 'a', { v: 1 });
    expect(cache.peek('docs', 'a')).toEqual({ found: true, doc: { v: 1 } });
    expect(cache.lookup('docs', 'a')).toEqual({ v: 1 });
  });

  it('lists the ids it holds under a prefix, not the deleted ones', () => {
    const cache = new DocCache(10);
    cache.set('docs', 'w1:a', { v: 1 });
    cache.set('docs', 'w1:b', undefined);
    cache.set('docs', 'w2:c', { v: 3 });
    expect(cache.idsStartingWith('docs', 'w1:')).toEqual(['w1:a']);
    expect(cache.idsStartingWith('other', 'w1:')).toEqual([]);
  });

  it('forgets the least recently used past its limit, and is no longer complete', () => {
    const cache = new DocCache(3);
    cache.startEmpty();
    cache.set('docs', 'a', { v: 1 });
    cache.set('docs', 'a', { v: 2 }); // the same document counts once
    cache.set('docs', 'b', { v: 1 });
    cache.set('docs', 'c', undefined);
    cache.trim(); // at the limit: nothing goes
    expect(cache.isComplete).toBe(true);
    expect(cache.lookup('docs', 'a')).toEqual({ v: 2 });
    expect(cache.peek('docs', 'a')).toEqual({ found: true, doc: { v: 2 } }); // used again: b, c are older
    cache.set('docs', 'd', { v: 4 });
    cache.trim(); // 4 > 3: down to 90 % of the limit (2), the least recently used first
    expect(cache.isComplete).toBe(false);
    expect(cache.peek('docs', 'b')).toBeUndefined();
    expect(cache.peek('docs', 'c')).toBeUndefined();
    expect(cache.peek('docs', 'a')).toEqual({ found: true, doc: { v: 2 } });
    expect(cache.peek('docs', 'd')).toEqual({ found: true, doc: { v: 4 } });
  });

  it('trims every collection by the same share, each from its least recently used', () => {
    const cache = new DocCache(10);
    for (let i = 0; i < 10; i += 1) cache.set('big', `b${i}`, { i });
    for (let i = 0; i < 10; i += 1) cache.set('small', `s${i}`, { i });
    cache.trim(); // 20 > 10: down to 90 % of the limit, the same share of each (6 of 10)
    const kept = (collection: string, prefix: string) =>
      Array.from({ length: 10 }, (_, i) => `${prefix}${i}`).filter((id) => cache.peek(collection, id));
    expect(kept('big', 'b')).toEqual(['b6', 'b7', 'b8', 'b9']);
    expect(kept('small', 's')).toEqual(['s6', 's7', 's8', 's9']);
  });

  it('forgets everything when the heap is fuller than its share', () => {
    const cache = new DocCache(Infinity, 0); // any heap in use is more than 0% full
    cache.startEmpty();
    cache.set('docs', 'a', { v: 1 });
    cache.trim();
    expect(cache.isComplete).toBe(false);
    expect(cache.peek('docs', 'a')).toBeUndefined();
    const roomy = new DocCache(Infinity, 1);
    roomy.startEmpty();
    roomy.set('docs', 'a', { v: 1 });
    roomy.trim();
    expect(roomy.lookup('docs', 'a')).toEqual({ v: 1 });
  });
});
