import { ChannelSendError } from '@atende/events';
import type { Job, JobQueue } from './job-queue.js';

/** Queue settings the contract runs with (small delays, real time). */
export interface ContractQueueSettings {
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  ratePerKey: number;
  rateWindowMs: number;
  keyOf: (payload: TestPayload) => string | undefined;
}

export interface TestPayload {
  key?: string;
  n?: number;
}

const SETTINGS: Omit<ContractQueueSettings, 'keyOf'> = {
  attempts: 3,
  baseDelayMs: 60,
  maxDelayMs: 1000,
  ratePerKey: 2,
  rateWindowMs: 400,
};

async function waitFor(check: () => boolean, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * How late a handler may note its start after the queue decided it (timers, a busy machine): a
 * start noted that soon after a window began may have been counted in the window before.
 */
const START_NOTED_LATE_MS = 50;

/**
 * The windows (epoch-aligned, as a shared counter keeps them; a sliding window keeps them too) that
 * hold more than `ratePerKey` of these start times, each start put in its own window or, when noted
 * just after a window began, in the one before if that has room.
 */
function overWindowRate(startTimes: readonly number[]): number[] {
  const perWindow = new Map<number, number>();
  const over: number[] = [];
  for (const at of [...startTimes].sort((x, y) => x - y)) {
    const own = Math.floor(at / SETTINGS.rateWindowMs);
    const before = Math.floor((at - START_NOTED_LATE_MS) / SETTINGS.rateWindowMs);
    const w = before !== own && (perWindow.get(before) ?? 0) < SETTINGS.ratePerKey ? before : own;
    perWindow.set(w, (perWindow.get(w) ?? 0) + 1);
    if (perWindow.get(w)! > SETTINGS.ratePerKey) over.push(w);
  }
  return over;
}

/**
 * What every JobQueue adapter does (the Jobs port, DESIGN §2), in real time with small delays.
 * `make` returns a fresh, empty queue; `cleanup` removes what it left behind.
 */
export function jobQueueContract(
  adapterName: string,
  make: (
    settings: ContractQueueSettings,
  ) => Promise<{ queue: JobQueue<TestPayload>; cleanup(): Promise<void> }>,
): void {
  describe(`JobQueue contract: ${adapterName}`, () => {
    const opened: { queue: JobQueue<TestPayload>; cleanup(): Promise<void> }[] = [];
    async function queue(): Promise<JobQueue<TestPayload>> {
      const made = await make({ ...SETTINGS, keyOf: (p) => p.key });
      opened.push(made);
      return made.queue;
    }
    afterEach(async () => {
      for (const made of opened.splice(0)) {
        await made.queue.close();
        await made.cleanup();
      }
    });

    it('retries a failing job with growing delays, then reports one failure after the last attempt', async () => {
      const q = await queue();
      const runs: number[] = [];
      const failed: [Job<TestPayload>, unknown][] = [];
      q.onFailed((job, error) => void failed.push([job, error]));
      q.process(async () => {
        runs.push(Date.now());
        throw new Error('temporário');
      });
      await q.add('a', { n: 1 });
      await waitFor(() => failed.length === 1);
      await new Promise((r) => setTimeout(r, 200));
      expect(runs).toHaveLength(3);
      expect(failed).toHaveLength(1);
      expect(failed[0]![0]).toMatchObject({ id: 'a', payload: { n: 1 }, attempt: 3 });
      expect((failed[0]![1] as Error).message).toBe('temporário');
      const [first, second] = [runs[1]! - runs[0]!, runs[2]! - runs[1]!];
      expect(first).toBeGreaterThanOrEqual(SETTINGS.baseDelayMs * 0.8 - 5);
      expect(second).toBeGreaterThan(first); // exponential: ~2× the first (±20 % jitter)
    });

    it('completes after a transient failure, telling the handler which attempt it is', async () => {
      const q = await queue();
      const attempts: number[] = [];
      const completed: Job<TestPayload>[] = [];
      q.onCompleted((job) => void completed.push(job));
      q.process(async (job) => {
        attempts.push(job.attempt);
        if (job.attempt < 2) throw new Error('instável');
      });
      await q.add('x', {});
      await waitFor(() => completed.length === 1);
      expect(attempts).toEqual([1, 2]);
      expect(completed[0]).toMatchObject({ id: 'x', attempt: 2 });
    });

    it('does not retry a permanent error', async () => {
      const q = await queue();
      const runs: string[] = [];
      const failed: unknown[] = [];
      q.onFailed((_job, error) => void failed.push(error));
      q.process(async (job) => {
        runs.push(job.id);
        throw new ChannelSendError('número inválido', true);
      });
      await q.add('p', {});
      await waitFor(() => failed.length === 1);
      await new Promise((r) => setTimeout(r, 300));
      expect(runs).toEqual(['p']);
      expect((failed[0] as Error).message).toBe('número inválido');
    });

    it('runs an id once, whether it is added again while pending or after it is done', async () => {
      const q = await queue();
      const seen: number[] = [];
      expect(await q.add('dup', { n: 1 })).toBe(true);
      expect(await q.add('dup', { n: 2 })).toBe(false);
      q.process(async (job) => void seen.push(job.payload.n!));
      await waitFor(() => seen.length === 1);
      await new Promise((r) => setTimeout(r, 100));
      expect(await q.add('dup', { n: 3 })).toBe(false);
      await new Promise((r) => setTimeout(r, 200));
      expect(seen).toEqual([1]);
    });

    it('starts at most the rate of one key per window, leaving other keys alone', async () => {
      const q = await queue();
      const starts: { key: string; at: number }[] = [];
      const begin = Date.now();
      q.process(async (job) => void starts.push({ key: job.payload.key!, at: Date.now() - begin }));
      for (let n = 1; n <= 5; n += 1) await q.add(`a${n}`, { key: 'a', n });
      await q.add('b1', { key: 'b', n: 1 });
      await waitFor(() => starts.length === 6);
      const a = starts.filter((s) => s.key === 'a').map((s) => s.at);
      // Two per 400 ms window: five jobs of one key need at least two more windows.
      expect(a[4]! - a[0]!).toBeGreaterThanOrEqual(SETTINGS.rateWindowMs);
      expect(overWindowRate(a.map((at) => at + begin))).toEqual([]);
      expect(starts.find((s) => s.key === 'b')!.at).toBeLessThan(SETTINGS.rateWindowMs);
    });

    it('stops running jobs after close, without reporting them failed', async () => {
      const q = await queue();
      const runs: number[] = [];
      const failed: unknown[] = [];
      q.onFailed((_job, error) => void failed.push(error));
      q.process(async () => {
        runs.push(Date.now());
        throw new Error('fora do ar');
      });
      await q.add('c', {});
      await waitFor(() => runs.length === 1);
      await q.close();
      await new Promise((r) => setTimeout(r, 400));
      expect(runs).toHaveLength(1);
      expect(failed).toEqual([]);
      await expect(q.add('d', {})).rejects.toThrow('closed');
    });
  });
}
