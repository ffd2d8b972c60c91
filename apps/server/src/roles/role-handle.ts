/** A role started in this process: stopped (cleanly, in order) on SIGTERM. */
export interface RoleHandle {
  stop(): Promise<void>;
}

/** A step of a stop that took at least this long is reported (onSlow): where a slow stop waits. */
const SLOW_STEP_MS = 1_000;

/** How a slow step ended: it finished, or the stop went on without it (giveUpAfterMs). */
export type SlowStep = 'finished' | 'given up';

export interface CloseInOrderOptions {
  /** Hears of each step that took a second or more (by its index), to find what holds a stop. */
  onSlow?: (step: number, ms: number, ended: SlowStep) => void;
  /**
   * A step still running after this long is left behind and the next one starts: a connection cut
   * by a network partition must not hold the stop until the supervisor kills the process, leaving
   * the later steps (releasing leases, closing the log) undone. Default: wait for every step.
   */
  giveUpAfterMs?: number;
}

/**
 * Closes resources in order, each tried even when one before failed; the first failure is rethrown.
 */
export async function closeInOrder(
  closers: readonly (() => Promise<unknown> | unknown)[],
  options: CloseInOrderOptions = {},
): Promise<void> {
  let failure: unknown;
  for (const [step, close] of closers.entries()) {
    const started = performance.now();
    let ended: SlowStep = 'finished';
    let timer: NodeJS.Timeout | undefined;
    try {
      const closing = Promise.resolve().then(close);
      const deadline = options.giveUpAfterMs;
      if (deadline === undefined) await closing;
      else {
        closing.catch(() => undefined); // a step given up may still fail later: nobody waits for it then
        const givenUp = new Promise<'given up'>(
          (resolve) => (timer = setTimeout(resolve, deadline, 'given up')),
        );
        if ((await Promise.race([closing, givenUp])) === 'given up') ended = 'given up';
      }
    } catch (error) {
      failure ??= error;
    } finally {
      clearTimeout(timer);
    }
    const ms = performance.now() - started;
    if (options.onSlow && ms >= SLOW_STEP_MS) options.onSlow(step, Math.round(ms), ended);
  }
  if (failure !== undefined) throw failure;
}
