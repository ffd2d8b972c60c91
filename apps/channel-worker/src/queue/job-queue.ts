/** A job as a handler sees it. */
export interface Job<T> {
  /** Unique: adding the same id again while it is pending or done changes nothing. */
  readonly id: string;
  readonly payload: T;
  /** 1 for the first run, 2 for the first retry… */
  readonly attempt: number;
}

export type JobHandler<T> = (job: Job<T>) => Promise<void>;
export type JobFailedListener<T> = (job: Job<T>, error: unknown) => void | Promise<void>;
export type JobCompletedListener<T> = (job: Job<T>) => void | Promise<void>;

/**
 * The Jobs port (DESIGN §2): an in-process adapter now, BullMQ later, with the same rules —
 * unique job ids, retries with exponential backoff and jitter, permanent errors fail at once,
 * a per-key rate limit.
 */
export interface JobQueue<T> {
  /** Enqueues; resolves true when added, false when a job with this id is pending or done. */
  add(id: string, payload: T): Promise<boolean>;
  /** Sets the one handler; jobs run from then on. */
  process(handler: JobHandler<T>): void;
  /** Called once per job when it finally fails (permanent error or last attempt). Returns unsubscribe. */
  onFailed(listener: JobFailedListener<T>): () => void;
  /** Called once per job when its handler succeeds. Returns unsubscribe. */
  onCompleted(listener: JobCompletedListener<T>): () => void;
  /** Stops taking jobs, waits for the running ones; pending ones are dropped. */
  close(): Promise<void>;
}

/**
 * Durable queues, one per key (e.g. per WhatsApp session, so only the session's owner consumes its
 * jobs), sharing what they can (a connection).
 */
export interface KeyedJobQueues<T> {
  /** A new handle on the key's queue; its jobs stay when every handle is closed. */
  open(key: string): JobQueue<T>;
  /** Closes what the handles share (once they are closed). */
  close(): Promise<void>;
}

/** The rules every JobQueue adapter takes (the same defaults everywhere). */
export interface JobQueueRules<T> {
  /** Runs per job including the first; default 6. */
  attempts?: number;
  /** Delay before the first retry, doubling after; defaults in DEFAULT_BACKOFF. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** ±fraction, default 0.2. */
  jitter?: number;
  /** Jobs running at once; default 8. */
  concurrency?: number;
  /** Rate-limit key of a job (e.g. the WhatsApp session); no key = no limit. */
  keyOf?: (payload: T) => string | undefined;
  /** Jobs per key started within `rateWindowMs`; default 5. */
  ratePerKey?: number;
  /** Default 1000 ms. */
  rateWindowMs?: number;
  /** Errors that must not be retried; default: errors with `permanent: true`. */
  isPermanent?: (error: unknown) => boolean;
}

/** Throw from a handler (or any error with `permanent: true`, e.g. ChannelSendError) to fail without retry. */
export class PermanentJobError extends Error {
  readonly permanent = true;
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

/** Whether an error must not be retried: it carries `permanent: true`. */
export function isPermanentError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { permanent?: unknown }).permanent === true;
}
