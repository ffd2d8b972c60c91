import { sleepUnlessAborted } from '../core/sleep.js';
import type { EventSource } from '../ports/event-bus.js';
import type { StoredEvent } from '../core/envelope.js';
import type { EventStore } from '../ports/event-store.js';
import type { Processor, ProcessorStatus } from './processor.js';
import { ProcessorLane } from './processor-lane.js';

/** What the host logs through (a pino logger fits). */
export interface ProcessorLogger {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface ProcessorHostOptions {
  /** The log: read by a processor that catches up, and subscribed to when there is no `source`. */
  store: Pick<EventStore, 'subscribePages' | 'readBatch'>;
  /** Where the pages come from; default the store's subscription (distributed mode: the event bus). */
  source?: EventSource | undefined;
  logger: ProcessorLogger;
  /** Names the host in its logs; default 'processors'. */
  name?: string;
  /** Events per page read from the log; default 2000. */
  batchSize?: number;
  /**
   * Events a processor may have waiting; past that it reads the log for itself until it is back with
   * the others, so one slow processor (an erasure, a broker that does not answer) holds nobody up.
   * Default 4 pages' worth (4 × batchSize).
   */
  maxQueued?: number;
}

/** The pause before trying a failed batch (or start) again: 200 ms doubling up to 5 s. */
const retryPauseMs = (failures: number) => Math.min(5000, 100 * 2 ** Math.min(failures, 6));

interface Waiter {
  reached(): boolean;
  resolve(reached: boolean): void;
}

/**
 * One consumer of the log per process: it reads each page once (the store's subscription in embedded
 * mode, Kafka in distributed mode) and hands it to every processor in log order, each from its own
 * position. Processors run side by side; one declared `after` others gets a page once they have
 * handled it. A failed batch is retried from the same position after a pause (up to 5 s).
 */
export class ProcessorHost {
  private readonly lanes = new Map<string, ProcessorLane>();
  private readonly abort = new AbortController();
  private readonly batchSize: number;
  private readonly maxQueued: number;
  private readonly name: string;
  /** The last position the reader handed out; -1 until it has started. */
  private head = -1;
  private reader: Promise<void> | undefined;
  private readerWake: (() => void) | undefined;
  private waiters: Waiter[] = [];

  constructor(private readonly options: ProcessorHostOptions) {
    this.batchSize = options.batchSize ?? 2000;
    this.maxQueued = options.maxQueued ?? 4 * this.batchSize;
    this.name = options.name ?? 'processors';
  }

  /** Adds a processor, before or after start(); it begins from its own position. */
  add(processor: Processor): void {
    if (this.lanes.has(processor.id)) throw new Error(`processor "${processor.id}" is already hosted`);
    const lane = new ProcessorLane(processor, this.abort.signal);
    this.lanes.set(processor.id, lane);
    lane.loop = this.runLane(lane);
  }

  /** Starts reading the log, from the lowest position of the processors added so far. */
  start(): void {
    this.reader ??= this.runReader();
  }

  /** Stops one processor after the batch in hand; the others go on. */
  async remove(id: string): Promise<void> {
    const lane = this.lanes.get(id);
    if (!lane) return;
    lane.abort.abort();
    lane.wake();
    await lane.loop;
    if (lane.state !== 'failed') lane.state = 'stopped';
    this.lanes.delete(id);
    this.settle();
    this.wakeReader();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    this.wakeReader();
    await this.reader;
    await Promise.all([...this.lanes.values()].map((lane) => lane.loop));
    for (const lane of this.lanes.values()) if (lane.state !== 'failed') lane.state = 'stopped';
    this.settle();
  }

  status(id: string): ProcessorStatus | undefined {
    return this.lanes.get(id)?.status();
  }

  /** Last position the processor has handled (0 when it is not hosted). */
  position(id: string): number {
    return this.lanes.get(id)?.position ?? 0;
  }

  /**
   * Resolves true once every named processor that is running has handled `position` (one that is
   * not hosted, failed or stopped holds nothing up), false after `timeoutMs` or on stop.
   */
  waitFor(ids: string | readonly string[], position: number, timeoutMs = 10_000): Promise<boolean> {
    const names = typeof ids === 'string' ? [ids] : ids;
    const reached = () =>
      names.every((id) => {
        const lane = this.lanes.get(id);
        return !lane || lane.state === 'failed' || lane.state === 'stopped' || lane.position >= position;
      });
    if (reached()) return Promise.resolve(true);
    if (this.abort.signal.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer =
        timeoutMs === Infinity
          ? undefined
          : setTimeout(() => {
              this.waiters = this.waiters.filter((w) => w !== waiter);
              resolve(false);
            }, timeoutMs);
      const waiter: Waiter = {
        reached,
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value);
        },
      };
      this.waiters.push(waiter);
    });
  }

  // ---- the reader ---------------------------------------------------------------------------

  private async runReader(): Promise<void> {
    const { signal } = this.abort;
    const from = await this.firstPosition();
    if (from === undefined) return;
    this.head = from - 1;
    for (const lane of this.lanes.values()) {
      if (lane.running && lane.position >= this.head) lane.attached = true;
      lane.wake();
    }
    while (!signal.aborted) {
      try {
        const pages = this.options.source
          ? this.options.source(this.head + 1, signal)
          : this.options.store.subscribePages(this.head + 1, {
              signal,
              batchSize: this.batchSize,
              trusted: true,
            });
        for await (const page of pages) {
          if (signal.aborted) return;
          if (page.length === 0) continue;
          this.deliver(page);
          await this.roomForMore();
        }
        if (!signal.aborted) throw new Error('the event log subscription ended');
      } catch (error) {
        if (signal.aborted) return;
        this.options.logger.error(
          { err: error, position: this.head },
          `${this.name}: following the event log failed; retrying in 1 s`,
        );
        await sleepUnlessAborted(1000, signal);
      }
    }
  }

  /** The lowest position of the processors added before start (once each knows it). */
  private async firstPosition(): Promise<number | undefined> {
    for (;;) {
      if (this.abort.signal.aborted) return undefined;
      const lanes = [...this.lanes.values()];
      if (lanes.length > 0 && lanes.every((lane) => lane.state !== 'starting')) {
        const running = lanes.filter((lane) => lane.running);
        if (running.length > 0) return Math.min(...running.map((lane) => lane.position)) + 1;
      }
      await new Promise<void>((resolve) => (this.readerWake = resolve));
    }
  }

  private deliver(page: StoredEvent[]): void {
    for (const lane of this.lanes.values()) {
      if (!lane.attached || !lane.running) continue;
      if (lane.queued + page.length > this.maxQueued) lane.detach();
      else lane.push(page);
    }
    this.head = page[page.length - 1]!.globalPosition;
  }

  /** Waits until a processor fed by the reader has room for another page. */
  private async roomForMore(): Promise<void> {
    const hasRoom = () =>
      [...this.lanes.values()].some((lane) => lane.attached && lane.running && lane.queued < this.maxQueued);
    while (!hasRoom() && !this.abort.signal.aborted) {
      await new Promise<void>((resolve) => (this.readerWake = resolve));
    }
  }

  private wakeReader(): void {
    const wake = this.readerWake;
    this.readerWake = undefined;
    wake?.();
  }

  // ---- the processors -----------------------------------------------------------------------

  private async runLane(lane: ProcessorLane): Promise<void> {
    const { signal } = lane.abort;
    if (!(await this.startLane(lane))) return;
    let failures = 0;
    while (!signal.aborted) {
      const page = await this.nextPage(lane);
      if (!page || signal.aborted) continue;
      const through = page[page.length - 1]!.globalPosition;
      if (through <= lane.position) continue;
      const { processor } = lane;
      const events = page.filter(
        (event) => event.globalPosition > lane.position && (processor.canHandle?.(event) ?? true),
      );
      if (processor.after) await this.waitFor(processor.after, through, Infinity);
      const started = performance.now();
      for (;;) {
        if (signal.aborted) return;
        try {
          await processor.handleBatch(events, { through, signal });
          failures = 0;
          break;
        } catch (error) {
          if (signal.aborted) return;
          if (processor.onFailure === 'stop') {
            lane.state = 'failed';
            lane.error = error instanceof Error ? error.message : String(error);
            lane.detach();
            this.options.logger.error(
              { err: error, processor: lane.id, through },
              `${lane.id}: stopped by a failed batch`,
            );
            this.settle();
            return;
          }
          failures += 1;
          this.options.logger.warn(
            { err: error, processor: lane.id, through, failures },
            `${lane.id}: batch failed; retrying`,
          );
          await sleepUnlessAborted(retryPauseMs(failures), signal);
        }
      }
      // Stopped in the middle: the processor may have left the batch, so it is not taken as handled.
      if (signal.aborted) return;
      lane.position = through;
      this.settle();
      // Following the log (a page short of a full batch, less than one waiting): pages queue
      // meanwhile, one batch next. Catching up (full pages), it goes on at once.
      const rest = (processor.minBatchIntervalMs ?? 0) - (performance.now() - started);
      const following = page.length < this.batchSize && lane.queued < this.batchSize;
      if (rest > 0 && following) await sleepUnlessAborted(rest, signal);
    }
  }

  private async startLane(lane: ProcessorLane): Promise<boolean> {
    const { signal } = lane.abort;
    for (let failures = 1; !signal.aborted; failures += 1) {
      try {
        lane.position = await lane.processor.startFrom();
        lane.state = 'running';
        this.settle();
        this.wakeReader();
        return true;
      } catch (error) {
        this.options.logger.warn(
          { err: error, processor: lane.id, failures },
          `${lane.id}: could not start; retrying`,
        );
        await sleepUnlessAborted(retryPauseMs(failures), signal);
      }
    }
    return false;
  }

  /**
   * The lane's next page: queued by the reader, or read from the log while it catches up (it joins
   * the reader once it is where the reader is). Undefined when there is nothing yet.
   */
  private async nextPage(lane: ProcessorLane): Promise<StoredEvent[] | undefined> {
    if (lane.attached) {
      const page = lane.take(this.batchSize);
      if (page) this.wakeReader();
      else await lane.sleep();
      return page;
    }
    if (this.head < 0) {
      await lane.sleep(); // the reader has not started: it will take this lane along
      return undefined;
    }
    if (lane.position >= this.head) {
      lane.attached = true;
      this.wakeReader();
      return undefined;
    }
    let page: StoredEvent[];
    try {
      page = await this.options.store.readBatch(lane.position + 1, this.batchSize, { trusted: true });
    } catch (error) {
      this.options.logger.warn(
        { err: error, processor: lane.id },
        `${lane.id}: could not read the log; retrying in 1 s`,
      );
      await sleepUnlessAborted(1000, lane.abort.signal);
      return undefined;
    }
    if (page.length === 0) {
      // Nothing more in the log: what comes next, the reader brings.
      lane.attached = true;
      this.wakeReader();
      return undefined;
    }
    return page;
  }

  private settle(): void {
    if (this.waiters.length === 0) return;
    const done = this.waiters.filter((w) => w.reached() || this.abort.signal.aborted);
    if (done.length === 0) return;
    this.waiters = this.waiters.filter((w) => !done.includes(w));
    for (const w of done) w.resolve(w.reached());
  }
}

/**
 * Runs `processors` on `shared`, or on a host of their own made by `own()` (started once they are
 * all added), until `signal` aborts; resolves once they have let go and that own host has stopped.
 */
export async function followUntilAborted(
  signal: AbortSignal,
  processors: readonly Processor[],
  shared: ProcessorHost | undefined,
  own: () => ProcessorHost,
): Promise<void> {
  const host = shared ?? own();
  for (const processor of processors) host.add(processor);
  if (!shared) host.start();
  if (!signal.aborted) {
    await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  }
  await Promise.all(processors.map((processor) => host.remove(processor.id)));
  if (!shared) await host.stop();
}
