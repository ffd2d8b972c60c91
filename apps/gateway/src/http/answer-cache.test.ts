import { AnswerCache } from './answer-cache.js';

describe('AnswerCache', () => {
  it('answers from cache while the version holds, recomputes when it moves', async () => {
    const cache = new AnswerCache();
    let computed = 0;
    const compute = async () => ({ n: ++computed });
    const text = async (key: string, version: number) => (await cache.get(key, version, compute)).toString();
    expect(await text('k', 1)).toBe('{"n":1}');
    expect(await text('k', 1)).toBe('{"n":1}');
    expect(await text('k', 2)).toBe('{"n":2}');
    expect(await text('other', 2)).toBe('{"n":3}');
    expect(computed).toBe(3);
  });

  it('keeps at most the configured number of entries, dropping the oldest', async () => {
    const cache = new AnswerCache(2);
    let computed = 0;
    const compute = async () => ++computed;
    await cache.get('a', 1, compute);
    await cache.get('b', 1, compute);
    await cache.get('c', 1, compute);
    await cache.get('b', 1, compute); // still cached
    await cache.get('a', 1, compute); // was dropped
    expect(computed).toBe(4);
  });
});
