import type {
  EventSource,
  EventStore,
  Processor,
  ProjectionWriter,
  ReadModels,
  StoredEvent,
} from '@atende/events';
import { CheckpointConflictError, ProcessorHost } from '@atende/events';
import type { ProjectionStatus } from '@atende/api-contract';
import type { Logger } from 'pino';
import type { Projection } from '../projection.js';
import { applyBatch } from './apply-batch.js';
import { settleEach } from './settle-each.js';

export interface ProjectorOptions {
  store: EventStore;
  /** Default: the event store itself (catch up, then follow). Distributed mode: the event bus. */
  source?: EventSource;
  readModels: ReadModels;
  projections: readonly Projection[];
  logger: Logger;
  /** Most events applied per batch; default 2000. */
  batchSize?: number;
  /** Commit a checkpoint that moved by this many skipped events even without changes; default 1000. */
  idleCheckpointEvery?: number;
  /**
   * Apply a batch to the projections side by side rather than one after the other: with remote read
   * models (Redis) their round trips overlap; in process there is nothing to overlap and the plain
   * loop costs less. Default false.
   */
  concurrent?: boolean;
  /**
   * Called after each batch with the position every running projection has applied and committed
   * (distributed mode: published for the gateways, so they need not read every checkpoint).
   */
  onPosition?: (position: number) => void;
  /**
   * The process's one consumer of the log, shared with its other processors (embedded mode: the
   * socket fan-out and the channel's reactors run after the projections of each batch). Default: a
   * host of its own on `source`, started and stopped with the projector.
   */
  host?: ProcessorHost;
  /** Its processor's id in the host; default 'projections'. */
  id?: string;
  /** See Processor.minBatchIntervalMs (projections that may lag: analytics). Default: none. */
  minBatchIntervalMs?: number;
}

/** Consumer name under which the distributed projector publishes its position (a CheckpointStore entry). */
export const LIVE_PROJECTOR_POSITION = 'live-projector';

/** A projection's state as /healthz reports it (the contract's). */
export type { ProjectionStatus };

interface Waiter {
  position: number;
  resolve: () => void;
}

/**
 * The live projector: follows the event store from the lowest checkpoint and applies each batch to
 * every projection, committing data and checkpoint together. A projection whose serving version a
 * rebuild switched in continues from that version's checkpoint (see applyOne).
 */
export class Projector {
  private readonly batchSize: number;
  private readonly idleEvery: number;
  private readonly states = new Map<string, ProjectionStatus>();
  private readonly committed = new Map<string, number>();
  private waiters: Waiter[] = [];
  private readonly writers: Map<string, ProjectionWriter>;
  private readonly host: ProcessorHost;
  private started = false;
  private stopped = false;
  /** What follows the log for the projections (hosted with the process's other processors). */
  readonly processor: Processor;

  constructor(private readonly options: ProjectorOptions) {
    this.batchSize = options.batchSize ?? 2000;
    this.idleEvery = options.idleCheckpointEvery ?? 1000;
    for (const p of options.projections)
      this.states.set(p.name, { name: p.name, position: 0, state: 'running' });
    this.writers = new Map(options.projections.map((p) => [p.name, options.readModels.writer(p.name)]));
    this.host =
      options.host ??
      new ProcessorHost({
        store: options.store,
        source: options.source,
        logger: options.logger,
        name: 'projector',
        batchSize: this.batchSize,
      });
    this.processor = {
      id: options.id ?? 'projections',
      startFrom: () => this.startFrom(),
      handleBatch: (events) => this.handleBatch(events),
      ...(options.minBatchIntervalMs ? { minBatchIntervalMs: options.minBatchIntervalMs } : {}),
    };
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.host.add(this.processor);
    if (!this.options.host) this.host.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.host.remove(this.processor.id);
    if (!this.options.host) await this.host.stop();
    for (const w of this.waiters) w.resolve();
    this.waiters = [];
  }

  status(): ProjectionStatus[] {
    return [...this.states.values()].map((s) => ({ ...s }));
  }

  /** Lowest position processed by the running projections. */
  position(): number {
    const running = [...this.states.values()].filter((s) => s.state === 'running');
    return running.length === 0 ? 0 : Math.min(...running.map((s) => s.position));
  }

  /** Resolves once every running projection has processed `position` (or the projector stopped). */
  waitForPosition(position: number, timeoutMs = 10_000): Promise<boolean> {
    if (this.position() >= position || this.stopped) return Promise.resolve(this.position() >= position);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve(false);
      }, timeoutMs);
      const waiter: Waiter = {
        position,
        resolve: () => {
          clearTimeout(timer);
          resolve(this.position() >= position);
        },
      };
      this.waiters.push(waiter);
    });
  }

  /** Resolves when the projections have caught up with everything stored at the time of the call. */
  async caughtUp(timeoutMs = 60_000): Promise<boolean> {
    return this.waitForPosition(await this.options.store.lastGlobalPosition(), timeoutMs);
  }

  /** Where the projections are: their stored checkpoints (read models kept from a last run may hold everything). */
  private async startFrom(): Promise<number> {
    for (const p of this.options.projections) await this.resync(p.name, this.writers.get(p.name)!);
    this.notify();
    return this.position();
  }

  private async handleBatch(batch: readonly StoredEvent[]): Promise<void> {
    if (batch.length === 0) return;
    await this.applyToAll(batch, this.writers);
    // Stopped in the middle (a projection may have left the batch): not reported as reached.
    if (!this.stopped) this.notify();
  }

  /** Takes a projection's stored checkpoint as where it is (at start, or after its version was switched). */
  private async resync(name: string, writer: ProjectionWriter): Promise<void> {
    const checkpoint = await writer.checkpoint();
    this.committed.set(name, checkpoint);
    this.states.get(name)!.position = checkpoint;
  }

  /**
   * Applies the batch to every projection (side by side when `concurrent`). A projection that fails
   * is marked failed and the others go on.
   */
  private async applyToAll(batch: readonly StoredEvent[], writers: Map<string, ProjectionWriter>) {
    const last = batch[batch.length - 1]!.globalPosition;
    const due = this.options.projections.filter((projection) => {
      const state = this.states.get(projection.name)!;
      return state.state !== 'failed' && state.position < last;
    });
    const outcomes = await settleEach(
      due,
      (projection) => this.applyOne(projection, writers.get(projection.name)!, batch),
      this.options.concurrent ?? false,
    );
    outcomes.forEach((outcome, i) => {
      // A stop may interrupt a catch-up: the projection resumes from its checkpoint next time.
      if (outcome.status === 'fulfilled' || this.stopped) return;
      const error: unknown = outcome.reason;
      // A projection bug must not stop the others or lose events: it stays at its checkpoint
      // and is reported as failed until fixed and rebuilt.
      const projection = due[i]!;
      const state = this.states.get(projection.name)!;
      state.state = 'failed';
      state.error = error instanceof Error ? error.message : String(error);
      this.options.logger.error({ err: error, projection: projection.name }, 'projection failed');
    });
  }

  /**
   * Applies the batch to one projection. A replay may have switched its serving version in since its
   * last batch: the batch then starts from another checkpoint than the one this projector knows, or
   * its commit is refused. The projection then takes the new version's checkpoint and first reads
   * what that version lacks from the log. The source (in distributed mode a Kafka consumer) goes on
   * untouched: a switch never makes the projector leave and rejoin its consumer group, nor wait on it.
   */
  private async applyOne(projection: Projection, writer: ProjectionWriter, batch: readonly StoredEvent[]) {
    for (;;) {
      try {
        await this.applyFrom(projection, writer, batch);
        return;
      } catch (error) {
        if (!(error instanceof CheckpointConflictError) || this.stopped) throw error;
        this.options.logger.info(
          { projection: projection.name, expected: error.expected, found: error.actual },
          'serving version switched (replay?): catching up from its checkpoint',
        );
        await this.resync(projection.name, writer);
        await this.fillFromLog(projection, writer, batch[0]!.globalPosition - 1);
        // Stopped before the gap was filled: applying the batch now would skip the rest of it.
        if (this.stopped) return;
      }
    }
  }

  /** Applies events that follow what this projector committed for the projection. */
  private async applyFrom(projection: Projection, writer: ProjectionWriter, events: readonly StoredEvent[]) {
    const name = projection.name;
    const committed = this.committed.get(name) ?? 0;
    const lag = events[events.length - 1]!.globalPosition - committed;
    const result = await applyBatch(projection, writer, events, {
      commitEmpty: lag >= this.idleEvery,
      expectedBase: committed,
    });
    if (result.applied > 0 || lag >= this.idleEvery) this.committed.set(name, result.checkpoint);
    this.states.get(name)!.position = result.checkpoint;
  }

  /** Brings a projection from its checkpoint up to `upTo` with events read from the log. */
  private async fillFromLog(projection: Projection, writer: ProjectionWriter, upTo: number) {
    let position = this.states.get(projection.name)!.position;
    while (position < upTo && !this.stopped) {
      const page = (
        await this.options.store.readBatch(position + 1, this.batchSize, { trusted: true })
      ).filter((event) => event.globalPosition <= upTo);
      if (page.length === 0) return;
      await this.applyFrom(projection, writer, page);
      position = page[page.length - 1]!.globalPosition;
    }
  }

  private notify(): void {
    const position = this.position();
    this.options.onPosition?.(position);
    const ready = this.waiters.filter((w) => w.position <= position);
    if (ready.length === 0) return;
    this.waiters = this.waiters.filter((w) => w.position > position);
    for (const w of ready) w.resolve();
  }
}
