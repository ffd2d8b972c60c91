import type { ReadModels } from '@atende/events';
import type { ProjectionProgress } from '../http/gateway-deps.js';

/** How long one read of the progress may take before the loop asks again. */
const READ_TIMEOUT_MS = 1_000;

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

interface Waiter {
  position: number;
  resolve: (reached: boolean) => void;
  timer: NodeJS.Timeout;
}

/**
 * How far a projector in another process has come (distributed mode): read-your-writes and pushes
 * wait until every listed projection holds a position. Read from the position the projector
 * publishes when given (`readPosition`: one key), else from the read models' checkpoints. However
 * many wait, one loop reads it (a poll per waiter would flood Redis under load).
 */
export class ReadModelsProgress implements ProjectionProgress {
  /** Highest position seen reached: checkpoints only move forward, so no need to ask again below it. */
  private reached = 0;
  private waiters: Waiter[] = [];
  private polling: Promise<void> | undefined;

  constructor(
    private readonly readModels: ReadModels,
    private readonly projections: readonly string[],
    private readonly pollMs = 2,
    private readonly readPosition?: () => Promise<number>,
    /** A read that has not answered by then is left behind and another one asked. */
    private readonly readTimeoutMs = READ_TIMEOUT_MS,
  ) {}

  async position(): Promise<number> {
    const position = this.readPosition
      ? await this.readPosition()
      : Math.min(...(await Promise.all(this.projections.map((p) => this.readModels.view(p).checkpoint()))));
    this.reached = Math.max(this.reached, position);
    return this.reached;
  }

  waitForPosition(position: number, timeoutMs = 10_000): Promise<boolean> {
    if (position <= this.reached) return Promise.resolve(true); // the fan-out asks for every event: most are known
    return new Promise((resolve) => {
      const waiter: Waiter = {
        position,
        resolve,
        timer: setTimeout(() => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          resolve(false);
        }, timeoutMs),
      };
      this.waiters.push(waiter);
      this.polling ??= this.poll();
    });
  }

  private async poll(): Promise<void> {
    try {
      while (this.waiters.length > 0) {
        // A failed read (Redis restarting) is tried again; a read that never answers (a reply lost on a
        // connection ioredis has not yet found dead) must not hold every later push: it is left behind.
        // The waiters' own timeouts bound each wait.
        await Promise.race([this.position().catch(() => undefined), sleep(this.readTimeoutMs)]);
        const ready = this.waiters.filter((w) => w.position <= this.reached);
        if (ready.length > 0) {
          this.waiters = this.waiters.filter((w) => w.position > this.reached);
          for (const w of ready) {
            clearTimeout(w.timer);
            w.resolve(true);
          }
        }
        if (this.waiters.length > 0) await new Promise((resolve) => setTimeout(resolve, this.pollMs));
      }
    } finally {
      this.polling = undefined;
    }
  }
}
