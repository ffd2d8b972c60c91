import { sleepUnlessAborted } from '@atende/events';
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

export interface InProcessQueueOptions<T> extends JobQueueRules<T> {
  /** Ids of done jobs remembered for deduplication; default 50 000 (oldest forgotten first). */
  keepDone?: number;
  /** Injectable time, for tests. */
  now?: () => number;
  /** Resolves after `ms` or as soon as `signal` aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** In [0, 1); for the jitter. */
  random?: () => number;
}

interface Entry<T> {
  id: string;
  payload: T;
  key: string | undefined;
}

/** The Jobs port in one process, with the rules the BullMQ adapter will have. */
export class InProcessQueue<T> implements JobQueue<T> {
  private readonly attempts: number;
  private readonly backoff: { baseDelayMs: number; maxDelayMs: number; jitter: number };
  private readonly concurrency: number;
  private readonly ratePerKey: number;
  private readonly rateWindowMs: number;
  private readonly keepDone: number;
  private readonly keyOf: (payload: T) => string | undefined;
  private readonly isPermanent: (error: unknown) => boolean;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  private readonly random: () => number;

  private handler: JobHandler<T> | undefined;
  private readonly waiting: Entry<T>[] = [];
  /** Ids pending or running. */
  private readonly pending = new Set<string>();
  /** Ids done, oldest first. */
  private readonly done = new Set<string>();
  private readonly running = new Set<Promise<void>>();
  private readonly failedListeners = new Set<JobFailedListener<T>>();
  private readonly completedListeners = new Set<JobCompletedListener<T>>();
  private readonly abort = new AbortController();
  private closed = false;

  private active = 0;
  private readonly slotWaiters: (() => void)[] = [];
  /** Start times per key within the window. */
  private readonly starts = new Map<string, number[]>();
  /** Per-key chain so jobs of one key pass the rate limit in order. */
  private readonly rateChains = new Map<string, Promise<void>>();
  private readonly idleWaiters: (() => void)[] = [];

  constructor(options: InProcessQueueOptions<T> = {}) {
    this.attempts = Math.max(1, options.attempts ?? 6);
    this.backoff = {
      baseDelayMs: options.baseDelayMs ?? DEFAULT_BACKOFF.baseDelayMs,
      maxDelayMs: options.maxDelayMs ?? DEFAULT_BACKOFF.maxDelayMs,
      jitter: options.jitter ?? DEFAULT_BACKOFF.jitter,
    };
    this.concurrency = Math.max(1, options.concurrency ?? 8);
    this.ratePerKey = Math.max(1, options.ratePerKey ?? 5);
    this.rateWindowMs = options.rateWindowMs ?? 1000;
    this.keepDone = options.keepDone ?? 50_000;
    this.keyOf = options.keyOf ?? (() => undefined);
    this.isPermanent = options.isPermanent ?? isPermanentError;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? sleepUnlessAborted;
    this.random = options.random ?? Math.random;
  }

  async add(id: string, payload: T): Promise<boolean> {
    if (this.closed) throw new Error('Queue is closed');
    if (this.pending.has(id) || this.done.has(id)) return false;
    this.pending.add(id);
    const entry: Entry<T> = { id, payload, key: this.keyOf(payload) };
    if (this.handler) this.launch(entry);
    else this.waiting.push(entry);
    return true;
  }

  process(handler: JobHandler<T>): void {
    if (this.handler) throw new Error('Queue already has a handler');
    this.handler = handler;
    for (const entry of this.waiting.splice(0)) this.launch(entry);
  }

  onFailed(listener: JobFailedListener<T>): () => void {
    this.failedListeners.add(listener);
    return () => this.failedListeners.delete(listener);
  }

  onCompleted(listener: JobCompletedListener<T>): () => void {
    this.completedListeners.add(listener);
    return () => this.completedListeners.delete(listener);
  }

  /** Resolves when no job is pending or running (jobs added before `process` count as pending). */
  whenIdle(): Promise<void> {
    if (this.running.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.abort.abort();
    this.waiting.length = 0;
    for (const wake of this.slotWaiters.splice(0)) wake();
    await Promise.all([...this.running]);
  }

  private launch(entry: Entry<T>): void {
    const run = this.run(entry).finally(() => {
      this.running.delete(run);
      if (this.running.size === 0) for (const wake of this.idleWaiters.splice(0)) wake();
    });
    this.running.add(run);
  }

  private async run(entry: Entry<T>): Promise<void> {
    const handler = this.handler!;
    for (let attempt = 1; ; attempt += 1) {
      if (entry.key !== undefined) await this.passRateLimit(entry.key);
      await this.acquireSlot();
      if (this.closed) {
        this.releaseSlot();
        this.pending.delete(entry.id);
        return;
      }
      const job: Job<T> = { id: entry.id, payload: entry.payload, attempt };
      let error: unknown;
      let ok = false;
      try {
        await handler(job);
        ok = true;
      } catch (e) {
        error = e;
      } finally {
        this.releaseSlot();
      }
      if (ok) {
        this.pending.delete(entry.id);
        this.rememberDone(entry.id);
        await this.notify([...this.completedListeners], (l) => l(job));
        return;
      }
      if (this.isPermanent(error) || attempt >= this.attempts || this.closed) {
        this.pending.delete(entry.id);
        if (!this.closed || this.isPermanent(error) || attempt >= this.attempts) {
          await this.notify([...this.failedListeners], (l) => l(job, error));
        }
        return;
      }
      await this.sleep(backoffDelay(attempt, this.backoff, this.random), this.abort.signal);
      if (this.closed) {
        this.pending.delete(entry.id);
        return;
      }
    }
  }

  private async notify<L>(listeners: L[], call: (listener: L) => void | Promise<void>): Promise<void> {
    for (const listener of listeners) {
      try {
        await call(listener);
      } catch {
        // A listener's failure must not break the queue; listeners log their own errors.
      }
    }
  }

  private rememberDone(id: string): void {
    this.done.add(id);
    if (this.done.size > this.keepDone) {
      const oldest = this.done.values().next().value;
      if (oldest !== undefined) this.done.delete(oldest);
    }
  }

  private acquireSlot(): Promise<void> {
    if (this.active < this.concurrency || this.closed) {
      this.active += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) =>
      this.slotWaiters.push(() => {
        this.active += 1;
        resolve();
      }),
    );
  }

  private releaseSlot(): void {
    this.active -= 1;
    const next = this.slotWaiters.shift();
    if (next) next();
  }

  private passRateLimit(key: string): Promise<void> {
    const previous = this.rateChains.get(key) ?? Promise.resolve();
    const mine = previous.then(() => this.waitForRate(key));
    this.rateChains.set(key, mine);
    void mine.then(() => {
      if (this.rateChains.get(key) === mine) this.rateChains.delete(key);
    });
    return mine;
  }

  private async waitForRate(key: string): Promise<void> {
    for (;;) {
      if (this.closed) return;
      const now = this.now();
      const recent = (this.starts.get(key) ?? []).filter((t) => t > now - this.rateWindowMs);
      if (recent.length < this.ratePerKey) {
        recent.push(now);
        this.starts.set(key, recent);
        this.pruneStarts(now);
        return;
      }
      this.starts.set(key, recent);
      await this.sleep(recent[0]! + this.rateWindowMs - now, this.abort.signal);
    }
  }

  /** Forgets keys idle for a whole window, so the map does not grow with every session ever seen. */
  private pruneStarts(now: number): void {
    if (this.starts.size < 1024) return;
    for (const [key, times] of this.starts) {
      if (times.every((t) => t <= now - this.rateWindowMs)) this.starts.delete(key);
    }
  }
}
