import { BusSilenceWatch } from './bus-silence.js';

/** A watch on a clock the test moves, over a log whose end the test sets. */
function watchOn(options: { stallMs?: number; resubscribeAfterMs?: number } = {}) {
  const clock = { t: 0, end: 0 };
  const watch = new BusSilenceWatch({
    stallMs: options.stallMs ?? 1_000,
    resubscribeAfterMs: options.resubscribeAfterMs ?? 5_000,
    logEnd: async () => clock.end,
    now: () => clock.t,
  });
  watch.subscribed();
  return { clock, watch };
}

describe('BusSilenceWatch', () => {
  it('never calls an idle bus stalled: nothing past what it delivered', async () => {
    const { clock, watch } = watchOn();
    clock.end = 10;
    for (let i = 1; i <= 5; i += 1) {
      clock.t = i * 1_000;
      expect(await watch.check(11)).toBeUndefined();
    }
  });

  it('gives the bus one period: events it delivers meanwhile are no stall', async () => {
    const { clock, watch } = watchOn();
    clock.end = 12;
    clock.t = 1_000;
    expect(await watch.check(11)).toBeUndefined(); // seen ahead
    watch.delivered();
    clock.t = 2_000;
    expect(await watch.check(13)).toBeUndefined();
  });

  it('reports a stall when the log was ahead a whole period ago and the bus still has not delivered', async () => {
    const { clock, watch } = watchOn();
    clock.end = 12;
    clock.t = 1_000;
    expect(await watch.check(11)).toBeUndefined();
    clock.end = 15;
    clock.t = 2_000;
    expect(await watch.check(11)).toEqual({ from: 11, to: 15, silentMs: 1_000, resubscribing: false });
    // Stalled: the next period reads at once what the log gained.
    clock.end = 17;
    clock.t = 3_000;
    expect(await watch.check(16)).toEqual({ from: 16, to: 17, silentMs: 2_000, resubscribing: false });
  });

  it('asks the log at most once a period, however often it is woken', async () => {
    let asked = 0;
    let t = 0;
    const watch = new BusSilenceWatch({
      stallMs: 1_000,
      resubscribeAfterMs: 5_000,
      logEnd: async () => (asked += 1),
      now: () => t,
    });
    watch.subscribed();
    t = 999;
    await watch.check(1);
    t = 1_000;
    await watch.check(1);
    await watch.check(1);
    expect(asked).toBe(1);
  });

  it('resubscribes once the bus stayed silent for resubscribeAfterMs of stalls, and counts afresh after', async () => {
    const { clock, watch } = watchOn({ stallMs: 1_000, resubscribeAfterMs: 3_000 });
    let next = 1;
    const stalls = [];
    for (let i = 1; i <= 6; i += 1) {
      clock.t = i * 1_000;
      clock.end = next + 1;
      const stall = await watch.check(next);
      if (stall) {
        stalls.push(stall.resubscribing);
        next = stall.to + 1;
        if (stall.resubscribing) watch.subscribed();
      }
    }
    // t=1 s ahead; t=2,3,4 s stalled (2 s → 4 s: 2 s of stalls), t=5 s: 3 s → resubscribe; t=6 s: new count.
    expect(stalls).toEqual([false, false, false, true]);
  });

  it('a delivery ends the stall: the next silence gets its period again', async () => {
    const { clock, watch } = watchOn();
    clock.end = 5;
    clock.t = 1_000;
    await watch.check(1);
    clock.t = 2_000;
    expect(await watch.check(1)).toBeDefined();
    watch.delivered();
    clock.end = 8;
    clock.t = 3_000;
    expect(await watch.check(6)).toBeUndefined();
  });
});
