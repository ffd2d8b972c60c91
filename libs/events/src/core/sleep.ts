/**
 * Waits `ms`, or less when `signal` aborts: followers and queues pause between polls and retries this
 * way, and their stop must not wait for the pause to end. Resolves (never rejects) either way.
 */
export function sleepUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
