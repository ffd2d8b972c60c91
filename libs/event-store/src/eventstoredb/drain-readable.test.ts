import { PassThrough } from 'node:stream';
import { drainReadable } from './drain-readable.js';

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe('drainReadable', () => {
  it('hands over every item in order until the source ends', async () => {
    const source = new PassThrough({ objectMode: true });
    const reading = collect(drainReadable<number>(source));
    for (let i = 0; i < 5; i += 1) source.write(i);
    source.end();
    await expect(reading).resolves.toEqual([0, 1, 2, 3, 4]);
  });

  it('ends on abort even when the source never ends', async () => {
    const source = new PassThrough({ objectMode: true });
    const controller = new AbortController();
    const seen: number[] = [];
    const reading = (async () => {
      for await (const item of drainReadable<number>(source, { signal: controller.signal })) {
        seen.push(item);
        if (seen.length === 2) setTimeout(() => controller.abort(), 5);
      }
    })();
    source.write(1);
    source.write(2);
    await reading;
    expect(seen).toEqual([1, 2]);
    // A late error from the cancelled source does not crash anything.
    source.destroy(new Error('cancelled'));
  });

  it('throws the source error after the items that came before it', async () => {
    const source = new PassThrough({ objectMode: true });
    const seen: number[] = [];
    const reading = (async () => {
      for await (const item of drainReadable<number>(source)) seen.push(item);
    })();
    source.write(1);
    await new Promise((r) => setImmediate(r));
    source.destroy(new Error('connection lost'));
    await expect(reading).rejects.toThrow('connection lost');
    expect(seen).toEqual([1]);
  });

  it('pauses a source that runs ahead and resumes it once drained', async () => {
    const source = new PassThrough({ objectMode: true, highWaterMark: 1000 });
    const iterator = drainReadable<number>(source, { highWaterMark: 4 });
    const first = iterator.next();
    for (let i = 0; i < 10; i += 1) source.write(i);
    expect((await first).value).toBe(0);
    expect(source.isPaused()).toBe(true);
    const rest: number[] = [];
    for (let i = 1; i < 10; i += 1) rest.push((await iterator.next()).value as number);
    expect(rest).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(source.isPaused()).toBe(false);
    await iterator.return(undefined);
  });
});
