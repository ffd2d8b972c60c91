import { sleepUnlessAborted } from './sleep.js';

describe('sleepUnlessAborted', () => {
  it('waits the time when nothing aborts', async () => {
    const started = Date.now();
    await sleepUnlessAborted(40, new AbortController().signal);
    expect(Date.now() - started).toBeGreaterThanOrEqual(35);
  });

  it('ends at once when the signal aborts meanwhile, or had aborted already', async () => {
    const stop = new AbortController();
    const started = Date.now();
    const pause = sleepUnlessAborted(10_000, stop.signal);
    stop.abort();
    await pause;
    await sleepUnlessAborted(10_000, stop.signal);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
