import { setMaxListeners } from 'node:events';

/**
 * Runs `task(i)` for i in [0, count) with at most `concurrency` running at once, in order of i.
 *
 * The first failure stops the pool: no new task starts, `signal` tells the running ones to give up
 * (a sender retrying until acknowledged would otherwise go on for minutes against servers the test
 * is already stopping), and the failure is thrown once every task has settled, so nothing the pool
 * started is still running when it returns.
 */
export async function runPool(
  count: number,
  concurrency: number,
  task: (i: number, signal: AbortSignal) => Promise<void>,
): Promise<void> {
  const abort = new AbortController();
  // Every running task listens to it (its request, its pause between tries): more than Node's
  // default 10 is the normal case, not a leak.
  setMaxListeners(0, abort.signal);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const workers = Array.from({ length: Math.min(concurrency, count) }, async () => {
    while (next < count && !failure) {
      const i = next;
      next += 1;
      try {
        await task(i, abort.signal);
      } catch (error) {
        // The first one is the cause; the others are mostly the abort it caused.
        if (!failure) {
          failure = { error };
          abort.abort(new Error('stopped: another task of the pool failed'));
        }
      }
    }
  });
  await Promise.all(workers);
  if (failure) throw failure.error;
}
