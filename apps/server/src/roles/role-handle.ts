/** A role started in this process: stopped (cleanly, in order) on SIGTERM. */
export interface RoleHandle {
  stop(): Promise<void>;
}

/** A step of a stop that took at least this long is reported (onSlow): where a slow stop waits. */
const SLOW_STEP_MS = 1_000;

/**
 * Closes resources in order, each tried even when one before failed; the first failure is rethrown.
 * `onSlow` hears of each step that took a second or more (by its index), to find what holds a stop.
 */
export async function closeInOrder(
  closers: readonly (() => Promise<unknown> | unknown)[],
  onSlow?: (step: number, ms: number) => void,
): Promise<void> {
  let failure: unknown;
  for (const [step, close] of closers.entries()) {
    const started = performance.now();
    try {
      await close();
    } catch (error) {
      failure ??= error;
    }
    const ms = performance.now() - started;
    if (onSlow && ms >= SLOW_STEP_MS) onSlow(step, Math.round(ms));
  }
  if (failure !== undefined) throw failure;
}
