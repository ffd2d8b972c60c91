import type { StoredEvent } from '../core/envelope.js';
import type { Processor, ProcessorStatus } from './processor.js';

/** One processor in a host: where it is, and the pages the host's reader queued for it. */
export class ProcessorLane {
  position = 0;
  state: ProcessorStatus['state'] = 'starting';
  error: string | undefined;
  /** Pages read once by the host, waiting for this processor. */
  queue: StoredEvent[][] = [];
  /** How many events `queue` holds. */
  queued = 0;
  /**
   * Fed by the host's reader. A lane that falls too far behind (or starts after the reader) is not:
   * it reads the log for itself until it is back where the reader is.
   */
  attached = false;
  readonly abort = new AbortController();
  loop: Promise<void> = Promise.resolve();
  private wakeUp: (() => void) | undefined;

  constructor(
    readonly processor: Processor,
    hostSignal: AbortSignal,
  ) {
    const stop = () => {
      this.abort.abort();
      this.wake();
    };
    if (hostSignal.aborted) stop();
    else hostSignal.addEventListener('abort', stop, { once: true });
  }

  get id(): string {
    return this.processor.id;
  }

  /** Taking pages (neither starting nor ended). */
  get running(): boolean {
    return this.state === 'running';
  }

  status(): ProcessorStatus {
    return {
      id: this.id,
      position: this.position,
      state: this.state,
      ...(this.error === undefined ? {} : { error: this.error }),
    };
  }

  /** Resolves at the next wake() (a page queued, the reader started) or when the lane is stopped. */
  sleep(): Promise<void> {
    if (this.abort.signal.aborted) return Promise.resolve();
    return new Promise((resolve) => (this.wakeUp = resolve));
  }

  wake(): void {
    const wakeUp = this.wakeUp;
    this.wakeUp = undefined;
    wakeUp?.();
  }

  /** Drops what was queued: the lane reads it again from the log, at its own pace. */
  detach(): void {
    this.queue = [];
    this.queued = 0;
    this.attached = false;
    this.wake();
  }

  push(page: StoredEvent[]): void {
    this.queue.push(page);
    this.queued += page.length;
    this.wake();
  }

  /**
   * The next batch: the pages waiting, joined up to `max` events. Appends come a few at a time, and
   * a processor handles one batch of many as fast as one of a few (one transaction, one publish).
   */
  take(max: number): StoredEvent[] | undefined {
    const first = this.queue.shift();
    if (!first) return undefined;
    let batch = first;
    while (this.queue.length > 0 && batch.length + this.queue[0]!.length <= max) {
      batch = batch.concat(this.queue.shift()!);
    }
    this.queued -= batch.length;
    return batch;
  }
}
