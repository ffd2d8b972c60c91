import { Redis } from 'ioredis';
import { DelayedError, Queue, UnrecoverableError, Worker, type Job as BullJob } from 'bullmq';
import { DEFAULT_BACKOFF, backoffDelay } from './backoff.js';
import type {
  Job,
  JobCompletedListener,
  JobFailedListener,
  JobHandler,
  JobQueue,
  JobQueueRules,
} from './job-queue.js';
import { isPermanentError } from './job-queue.js';

export interface BullMqQueueOptions<T> extends JobQueueRules<T> {
  /** Queue name (one per purpose, e.g. 'atende-send'). */
  name: string;
  redisUrl: string;
  /** Key prefix in Redis; default 'atende-bull'. */
  prefix?: string;
  /** How long finished job ids are kept for deduplication; default 7 days. */
  keepDoneMs?: number;
  /**
   * A connection shared with other queues (made with `maxRetriesPerRequest: null`), left open by
   * close(); default one of its own. A worker still opens its own blocking connection.
   */
  connection?: Redis;
}

/** Starts the job within its key's rate: a Lua counter per key and window, shared by every worker. */
const TAKE_RATE_SLOT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

/**
 * The Jobs port on BullMQ (distributed mode): jobs survive restarts in Redis, any worker of the
 * queue runs them. Same rules as InProcessQueue — unique ids, exponential backoff with jitter
 * (capped), permanent errors fail at once, a per-key rate limit.
 */
export class BullMqQueue<T> implements JobQueue<T> {
  private readonly queue: Queue;
  private readonly redis: Redis;
  private worker: Worker | undefined;
  private readonly attempts: number;
  private readonly backoff: { baseDelayMs: number; maxDelayMs: number; jitter: number };
  private readonly ratePerKey: number;
  private readonly rateWindowMs: number;
  private readonly keepDoneSeconds: number;
  private readonly keyOf: (payload: T) => string | undefined;
  private readonly isPermanent: (error: unknown) => boolean;
  private readonly failedListeners = new Set<JobFailedListener<T>>();
  private readonly completedListeners = new Set<JobCompletedListener<T>>();
  /** The handler's own error of a job that failed here (BullMQ keeps only its message). */
  private readonly lastErrors = new Map<string, unknown>();
  private closed = false;

  constructor(private readonly options: BullMqQueueOptions<T>) {
    this.attempts = options.attempts ?? 6;
    this.backoff = {
      baseDelayMs: options.baseDelayMs ?? DEFAULT_BACKOFF.baseDelayMs,
      maxDelayMs: options.maxDelayMs ?? DEFAULT_BACKOFF.maxDelayMs,
      jitter: options.jitter ?? DEFAULT_BACKOFF.jitter,
    };
    this.ratePerKey = options.ratePerKey ?? 5;
    this.rateWindowMs = options.rateWindowMs ?? 1000;
    this.keepDoneSeconds = Math.ceil((options.keepDoneMs ?? 7 * 24 * 3600_000) / 1000);
    this.keyOf = options.keyOf ?? (() => undefined);
    this.isPermanent = options.isPermanent ?? isPermanentError;
    this.redis = options.connection ?? new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    this.queue = new Queue(options.name, { connection: this.redis, prefix: this.prefix });
  }

  private get prefix(): string {
    return this.options.prefix ?? 'atende-bull';
  }

  async add(id: string, payload: T): Promise<boolean> {
    if (this.closed) throw new Error('queue closed');
    // BullMQ ignores a second add of a known id; asking first tells the caller it was a duplicate.
    if (await this.queue.getJob(id)) return false;
    await this.queue.add('job', payload, {
      jobId: id,
      attempts: this.attempts,
      backoff: { type: 'atende' },
      removeOnComplete: { age: this.keepDoneSeconds },
      removeOnFail: { age: this.keepDoneSeconds },
    });
    return true;
  }

  process(handler: JobHandler<T>): void {
    if (this.worker) throw new Error('process() already called');
    this.worker = new Worker(
      this.options.name,
      async (job: BullJob, token?: string) => {
        const payload = job.data as T;
        const key = this.keyOf(payload);
        if (key !== undefined && !(await this.takeRateSlot(key))) {
          // Over the key's rate: back to delayed for the next window, not counted as an attempt.
          const nextWindow = (Math.floor(Date.now() / this.rateWindowMs) + 1) * this.rateWindowMs;
          await job.moveToDelayed(nextWindow, token);
          throw new DelayedError();
        }
        try {
          await handler({ id: job.id!, payload, attempt: job.attemptsMade + 1 });
        } catch (error) {
          this.lastErrors.set(job.id!, error);
          if (this.isPermanent(error))
            throw new UnrecoverableError((error as Error).message ?? String(error));
          throw error;
        }
      },
      {
        connection: this.redis,
        prefix: this.prefix,
        concurrency: this.options.concurrency ?? 8,
        settings: {
          backoffStrategy: (attemptsMade: number) => backoffDelay(attemptsMade, this.backoff),
        },
      },
    );
    this.worker.on('completed', (job: BullJob) => {
      this.lastErrors.delete(job.id!);
      // attemptsMade already counts this (successful) run.
      const done: Job<T> = { id: job.id!, payload: job.data as T, attempt: job.attemptsMade };
      for (const listener of this.completedListeners)
        void Promise.resolve(listener(done)).catch(() => undefined);
    });
    this.worker.on('failed', (job: BullJob | undefined, error: Error) => {
      if (!job) return;
      const final = error instanceof UnrecoverableError || job.attemptsMade >= this.attempts;
      if (!final) return;
      const original = this.lastErrors.get(job.id!) ?? error;
      this.lastErrors.delete(job.id!);
      const failed: Job<T> = { id: job.id!, payload: job.data as T, attempt: job.attemptsMade };
      for (const listener of this.failedListeners) {
        void Promise.resolve(listener(failed, original)).catch(() => undefined);
      }
    });
    this.worker.on('error', () => undefined); // connection hiccups: ioredis reconnects
  }

  private async takeRateSlot(key: string): Promise<boolean> {
    const window = Math.floor(Date.now() / this.rateWindowMs);
    const counter = `${this.prefix}:${this.options.name}:rate:${key}:${window}`;
    const taken = (await this.redis.eval(
      TAKE_RATE_SLOT,
      1,
      counter,
      String(this.rateWindowMs * 2),
    )) as number;
    return taken <= this.ratePerKey;
  }

  onFailed(listener: JobFailedListener<T>): () => void {
    this.failedListeners.add(listener);
    return () => this.failedListeners.delete(listener);
  }

  onCompleted(listener: JobCompletedListener<T>): () => void {
    this.completedListeners.add(listener);
    return () => this.completedListeners.delete(listener);
  }

  /** Stops taking jobs and waits for the running ones; waiting and delayed jobs stay in Redis. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.worker?.close();
    await this.queue.close();
    if (!this.options.connection) await this.redis.quit().catch(() => this.redis.disconnect());
  }

  /** Removes the queue's jobs and counters (tests). */
  async obliterate(): Promise<void> {
    await this.queue.obliterate({ force: true });
    const keys = await this.redis.keys(`${this.prefix}:${this.options.name}:rate:*`);
    if (keys.length > 0) await this.redis.del(...keys);
  }
}
