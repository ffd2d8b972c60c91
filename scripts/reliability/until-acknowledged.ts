/**
 * Sending a request again until the server acknowledges it, as a phone does with a message: a
 * connection the saturated or restarting server dropped or refused, or a "not now" answer, is what
 * fault suites provoke, so it must never fail them. The caller sends the same message every time
 * (same id: the server's idempotency stores it once, and the suites' exact counts check that).
 */
import { setTimeout as sleep } from 'node:timers/promises';

/** An answer no retry can change (a wrong token, a malformed message): stops the retries at once. */
export class NotRetryable extends Error {
  override name = 'NotRetryable';
}

export interface RetryOptions {
  /** No acknowledgement this long after the first try: throw, naming the last failure. Default 120 s. */
  deadlineMs?: number;
  /** Pause after the first failure, doubled after each further one up to `maxDelayMs`. Default 25 ms. */
  firstDelayMs?: number;
  /** Default 1 s. */
  maxDelayMs?: number;
  /** Stops the retries (and, passed on to the request, the attempt in flight): a sibling failed. */
  signal?: AbortSignal;
}

export interface Acknowledged<T> {
  value: T;
  /** Requests it took (1 = first try). */
  attempts: number;
  /** From the first request to the acknowledgement. */
  ms: number;
}

/**
 * The signal of one attempt: aborted after `timeoutMs` (a hung request is a dropped one, sent again)
 * or with `outer`. `release` when the attempt is over: the listener on `outer`, which many attempts
 * share, goes with it (AbortSignal.any would keep one per attempt for the outer signal's lifetime).
 */
export function attemptSignal(
  timeoutMs: number,
  outer?: AbortSignal,
): { signal: AbortSignal; release(): void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  const onOuter = () => controller.abort(outer!.reason);
  if (outer?.aborted) onOuter();
  else outer?.addEventListener('abort', onOuter, { once: true });
  return {
    signal: controller.signal,
    release() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuter);
    },
  };
}

/** HTTP statuses worth sending again: timeouts, conflicts of the moment, throttling, server trouble. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 425 || status === 429 || status >= 500;
}

/** The `code` of a JSON error answer (`{ success: false, code }`), or '' for anything else. */
export function answerCode(text: string): string {
  try {
    const code = (JSON.parse(text) as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? code : '';
  } catch {
    return ''; // not JSON
  }
}

/** The message of an error and of its causes: fetch says only "fetch failed", its cause says why. */
export function failureText(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error; e !== undefined && parts.length < 4; e = (e as { cause?: unknown }).cause) {
    parts.push(e instanceof Error ? `${e.name}: ${e.message}` : String(e));
    if (!(e instanceof Error)) break;
  }
  return parts.join(' ← ');
}

/**
 * Calls `attempt` until it resolves: a rejection is a failed try, sent again after a growing pause
 * (25 ms doubling to 1 s, jittered so many senders do not come back in step after a restart),
 * except `NotRetryable`, which is thrown at once. Throws a clear error once `deadlineMs` passed.
 */
export async function untilAcknowledged<T>(
  label: string,
  attempt: (n: number) => Promise<T>,
  options: RetryOptions = {},
): Promise<Acknowledged<T>> {
  const { deadlineMs = 120_000, firstDelayMs = 25, maxDelayMs = 1_000, signal } = options;
  const started = performance.now();
  let delay = firstDelayMs;
  for (let n = 1; ; n += 1) {
    signal?.throwIfAborted();
    let failure: unknown;
    try {
      return { value: await attempt(n), attempts: n, ms: performance.now() - started };
    } catch (error) {
      if (error instanceof NotRetryable) throw error;
      signal?.throwIfAborted();
      failure = error;
    }
    const elapsed = performance.now() - started;
    if (elapsed >= deadlineMs) {
      throw new Error(
        `${label}: not acknowledged within ${deadlineMs / 1000} s (${n} attempts); ` +
          `last failure: ${failureText(failure)}`,
        { cause: failure },
      );
    }
    const pause = Math.min(delay * (0.5 + Math.random() / 2), deadlineMs - elapsed);
    try {
      await sleep(pause, undefined, signal ? { signal } : {});
    } catch (error) {
      signal?.throwIfAborted(); // the caller's reason rather than a bare AbortError
      throw error;
    }
    delay = Math.min(delay * 2, maxDelayMs);
  }
}
