import { WriteSoon } from './write-soon.js';

describe('WriteSoon', () => {
  let runs: number[];
  let value: number;
  let failNext: boolean;
  const writer = () =>
    new WriteSoon(async () => {
      if (failNext) {
        failNext = false;
        throw new Error('store away');
      }
      runs.push(value);
    }, 200);

  beforeEach(() => {
    runs = [];
    value = 0;
    failNext = false;
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  it('writes once per interval however often it is asked, with the latest value', async () => {
    const w = writer();
    for (value = 1; value <= 5; value += 1) w.soon();
    value = 5;
    await jest.advanceTimersByTimeAsync(199);
    expect(runs).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(runs).toEqual([5]);
    await jest.advanceTimersByTimeAsync(1000); // nothing asked since
    expect(runs).toEqual([5]);
  });

  it('writes at once when asked now, and the timer that was due does not write again', async () => {
    const w = writer();
    value = 7;
    w.soon();
    await w.now();
    expect(runs).toEqual([7]);
    await jest.advanceTimersByTimeAsync(1000);
    expect(runs).toEqual([7]);
  });

  it('a failed write rejects its own now() only; the next one writes', async () => {
    const w = writer();
    failNext = true;
    value = 1;
    await expect(w.now()).rejects.toThrow('store away');
    value = 2;
    w.soon();
    await jest.advanceTimersByTimeAsync(200);
    expect(runs).toEqual([2]);
  });

  it('runs one write at a time, in order', async () => {
    const order: string[] = [];
    let release!: () => void;
    const w = new WriteSoon(async () => {
      order.push('start');
      await new Promise<void>((resolve) => (release = resolve));
      order.push('end');
    }, 200);
    const first = w.now();
    const second = w.now();
    await Promise.resolve();
    expect(order).toEqual(['start']);
    release();
    await first;
    await jest.advanceTimersByTimeAsync(0);
    release();
    await second;
    expect(order).toEqual(['start', 'end', 'start', 'end']);
  });
});
