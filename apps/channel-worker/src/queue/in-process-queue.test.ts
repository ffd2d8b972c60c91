import { ChannelSendError } from '@atende/events';
import { backoffDelay, DEFAULT_BACKOFF } from './backoff.js';
import { InProcessQueue } from './in-process-queue.js';
import type { Job } from './job-queue.js';

describe('backoffDelay', () => {
  it('doubles from the base up to the cap (no jitter at the midpoint)', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffDelay(n, DEFAULT_BACKOFF, () => 0.5));
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('keeps the jitter within ±20 % and never above the cap', () => {
    for (let n = 1; n <= 10; n += 1) {
      const raw = Math.min(30_000, 500 * 2 ** (n - 1));
      for (const r of [0, 0.1, 0.25, 0.5, 0.75, 0.9, 0.999999]) {
        const d = backoffDelay(n, DEFAULT_BACKOFF, () => r);
        expect(d).toBeGreaterThanOrEqual(Math.floor(raw * 0.8));
        expect(d).toBeLessThanOrEqual(Math.min(30_000, Math.ceil(raw * 1.2)));
      }
    }
    expect(backoffDelay(1, DEFAULT_BACKOFF, () => 0)).toBe(400);
    expect(backoffDelay(1, DEFAULT_BACKOFF, () => 0.999999)).toBe(600);
  });
});

describe('InProcessQueue', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.setSystemTime(0);
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('retries with growing backoff, then fails after the last attempt', async () => {
    const queue = new InProcessQueue<string>({ random: () => 0.5 });
    const calls: number[] = [];
    const failed: [Job<string>, unknown][] = [];
    queue.onFailed((job, error) => {
      failed.push([job, error]);
    });
    queue.process(async () => {
      calls.push(Date.now());
      throw new Error('temporary');
    });
    await queue.add('a', 'payload');
    await jest.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual([0, 500, 1500, 3500, 7500, 15500]);
    expect(failed).toHaveLength(1);
    expect(failed[0]![0]).toMatchObject({ id: 'a', payload: 'payload', attempt: 6 });
    expect((failed[0]![1] as Error).message).toBe('temporary');
    await queue.close();
  });

  it('completes after a transient failure', async () => {
    const queue = new InProcessQueue<number>({ random: () => 0.5, attempts: 3 });
    const completed: Job<number>[] = [];
    queue.onCompleted((job) => {
      completed.push(job);
    });
    let runs = 0;
    queue.process(async () => {
      runs += 1;
      if (runs < 3) throw new Error('flaky');
    });
    await queue.add('x', 1);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(3);
    expect(completed.map((j) => j.attempt)).toEqual([3]);
    await queue.close();
  });

  it('does not retry a permanent error', async () => {
    const queue = new InProcessQueue<string>();
    const failed: unknown[] = [];
    queue.onFailed((_job, error) => {
      failed.push(error);
    });
    const handler = jest.fn(async () => {
      throw new ChannelSendError('número inválido', true);
    });
    queue.process(handler);
    await queue.add('p', 'x');
    await jest.advanceTimersByTimeAsync(60_000);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toBeInstanceOf(ChannelSendError);
    await queue.close();
  });

  it('runs a duplicate id once, whether pending or done', async () => {
    const queue = new InProcessQueue<string>();
    const seen: string[] = [];
    expect(await queue.add('dup', 'first')).toBe(true);
    expect(await queue.add('dup', 'second')).toBe(false);
    queue.process(async (job) => {
      seen.push(job.payload);
    });
    expect(await queue.add('dup', 'third')).toBe(false);
    await jest.advanceTimersByTimeAsync(0);
    await queue.whenIdle();
    expect(await queue.add('dup', 'fourth')).toBe(false);
    await jest.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['first']);
    await queue.close();
  });

  it('spaces jobs of one key by the rate limit, leaving other keys alone', async () => {
    const queue = new InProcessQueue<{ session: string; n: number }>({
      keyOf: (p) => p.session,
      ratePerKey: 2,
      rateWindowMs: 1000,
    });
    const starts: string[] = [];
    queue.process(async (job) => {
      starts.push(`${job.payload.session}${job.payload.n}@${Date.now()}`);
    });
    for (let n = 1; n <= 5; n += 1) await queue.add(`a${n}`, { session: 'a', n });
    await queue.add('b1', { session: 'b', n: 1 });
    await jest.advanceTimersByTimeAsync(5_000);
    expect(starts.filter((s) => s.startsWith('a'))).toEqual([
      'a1@0',
      'a2@0',
      'a3@1000',
      'a4@1000',
      'a5@2000',
    ]);
    expect(starts).toContain('b1@0');
    await queue.close();
  });

  it('uses a default limit of 5 jobs per key per second', async () => {
    const queue = new InProcessQueue<string>({ keyOf: (p) => p });
    const times: number[] = [];
    queue.process(async () => {
      times.push(Date.now());
    });
    for (let n = 0; n < 12; n += 1) await queue.add(`j${n}`, 'session');
    await jest.advanceTimersByTimeAsync(5_000);
    expect(times).toEqual([0, 0, 0, 0, 0, 1000, 1000, 1000, 1000, 1000, 2000, 2000]);
    await queue.close();
  });

  it('close stops retries without reporting a failure', async () => {
    const queue = new InProcessQueue<string>({ random: () => 0.5 });
    const failed = jest.fn();
    queue.onFailed(failed);
    const handler = jest.fn(async () => {
      throw new Error('down');
    });
    queue.process(handler);
    await queue.add('c', 'x');
    await jest.advanceTimersByTimeAsync(0);
    await queue.close();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(failed).not.toHaveBeenCalled();
    await expect(queue.add('d', 'y')).rejects.toThrow('closed');
  });
});
