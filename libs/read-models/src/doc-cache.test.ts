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

  it('forgets everything past its limit, and is no longer complete', () => {
    const cache = new DocCache(2);
    cache.startEmpty();
    cache.set('docs', 'a', { v: 1 });
    cache.set('docs', 'a', { v: 2 }); // the same document counts once
    cache.trim();
    expect(cache.lookup('docs', 'a')).toEqual({ v: 2 });
    cache.set('docs', 'b', { v: 1 });
    cache.trim();
    expect(cache.isComplete).toBe(false);
    expect(cache.peek('docs', 'a')).toBeUndefined();
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
