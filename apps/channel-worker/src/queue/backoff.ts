export interface BackoffOptions {
  /** Delay before the first retry; default 500 ms. */
  baseDelayMs: number;
  /** Upper bound of any delay; default 30 000 ms. */
  maxDelayMs: number;
  /** Relative spread, 0.2 = ±20 %; default 0.2. */
  jitter: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseDelayMs: 500, maxDelayMs: 30_000, jitter: 0.2 };

/**
 * Delay before the next run after `failedAttempts` failures (1 → base): base·2^(n-1) capped at
 * max, then spread by ±jitter (`random` in [0, 1)), never above max nor below 0.
 */
export function backoffDelay(
  failedAttempts: number,
  options: BackoffOptions = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  const exponent = Math.max(0, failedAttempts - 1);
  const raw = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** exponent);
  const spread = 1 + options.jitter * (2 * random() - 1);
  return Math.max(0, Math.min(options.maxDelayMs, Math.round(raw * spread)));
}
