import { batched } from './batched.js';

async function collect<T>(it: AsyncIterable<T[]>): Promise<T[][]> {
  const out: T[][] = [];
  for await (const b of it) out.push(b);
  return out;
}

describe('batched', () => {
  it('fills batches up to the maximum while items are ready', async () => {
    async function* ready() {
      for (let i = 0; i < 7; i += 1) yield i;
    }
    expect(await collect(batched(ready(), 3))).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
  });

  it('hands over a partial batch when the source waits', async () => {
    async function* bursty() {
      yield 1;
      yield 2;
      await new Promise((r) => setTimeout(r, 20));
      yield 3;
    }
    expect(await collect(batched(bursty(), 10))).toEqual([[1, 2], [3]]);
  });

  it('closes the source when the consumer stops early', async () => {
    let closed = false;
    async function* endless() {
      try {
        for (let i = 0; ; i += 1) yield i;
      } finally {
        closed = true;
      }
    }
    for await (const b of batched(endless(), 2)) {
      expect(b).toEqual([0, 1]);
      break;
    }
    expect(closed).toBe(true);
  });
});
