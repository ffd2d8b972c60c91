import type { EventSource, EventStore, ProjectionWriter, ReadModels, StoredEvent } from '@atende/events';
import { CheckpointConflictError } from '@atende/events';
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
}

/** Consumer name under which the distributed projector publishes its position (a CheckpointStore entry). */
export const LIVE_PROJECTOR_POSITION = 'live-projector';

export interface ProjectionStatus {
  name: string;
  /** Last global position processed. */
  position: number;
  state: 'running' | 'failed';
  error?: string;
}

interface Waiter {
  position: number;
  resolve: () => void;
}

/**
 * The live projector: follows the event store from the lowest checkpoint and applies each batch to
 * every projection, committing data and checkpoint together. A checkpoint conflict (a rebuild
 * switched versions, or another projector moved on) restarts it from the stored checkpoints.
 */
export class Projector {
  private readonly batchSize: number;
  private readonly idleEvery: number;
  private readonly states = new Map<string, ProjectionStatus>();
  private readonly committed = new Map<string, number>();
  private waiters: Waiter[] = [];
  private abort = new AbortController();
  private loop: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly options: ProjectorOptions) {
    this.batchSize = options.batchSize ?? 2000;
    this.idleEvery = options.idleCheckpointEvery ?? 1000;
    for (const p of options.projections)
      this.states.set(p.name, { name: p.name, position: 0, state: 'running' });
  }

  start(): void {
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    await this.loop;
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

  private async run(): Promise<void> {
    const { store, readModels, projections, logger } = this.options;
    const writers = new Map(projections.map((p) => [p.name, readModels.writer(p.name)]));
    while (!this.stopped) {
      try {
        for (const p of projections) {
          const checkpoint = await writers.get(p.name)!.checkpoint();
          this.committed.set(p.name, checkpoint);
          this.states.get(p.name)!.position = checkpoint;
        }
        // What the stored checkpoints already hold (read models restored at start may hold everything).
        this.notify();
        const from = this.position() + 1;
        const source: EventSource =
          this.options.source ??
          ((start, signal) =>
            store.subscribePages(start, { signal, batchSize: this.batchSize, trusted: true }));
        for await (const batch of source(from, this.abort.signal)) {
          await this.applyToAll(batch, writers);
          this.notify();
        }
      } catch (error) {
        if (this.stopped) break;
        if (error instanceof CheckpointConflictError) {
          logger.info({ projection: error.projection }, 'checkpoint moved (rebuild switched?): resuming');
          continue;
        }
        logger.error({ err: error }, 'projector loop failed; retrying in 1 s');
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }

  /**
   * Applies the batch to every projection (side by side when `concurrent`). A projection that fails
   * is marked failed and the others go on; a checkpoint conflict restarts the loop.
   */
  private async applyToAll(batch: StoredEvent[], writers: Map<string, ProjectionWriter>) {
    const last = batch[batch.length - 1]!.globalPosition;
    const due = this.options.projections.filter((projection) => {
      const state = this.states.get(projection.name)!;
      return state.state !== 'failed' && state.position < last;
    });
    const apply = async (projection: Projection) => {
      const lag = last - (this.committed.get(projection.name) ?? 0);
      const result = await applyBatch(projection, writers.get(projection.name)!, batch, {
        commitEmpty: lag >= this.idleEvery,
      });
      if (result.applied > 0 || lag >= this.idleEvery) this.committed.set(projection.name, result.checkpoint);
      this.states.get(projection.name)!.position = result.checkpoint;
    };
    const outcomes = await settleEach(due, apply, this.options.concurrent ?? false);
    let conflict: CheckpointConflictError | undefined;
    outcomes.forEach((outcome, i) => {
      if (outcome.status === 'fulfilled') return;
      const error: unknown = outcome.reason;
      if (error instanceof CheckpointConflictError) {
        conflict ??= error;
        return;
      }
      // A projection bug must not stop the others or lose events: it stays at its checkpoint
      // and is reported as failed until fixed and rebuilt.
      const projection = due[i]!;
      const state = this.states.get(projection.name)!;
      state.state = 'failed';
      state.error = error instanceof Error ? error.message : String(error);
      this.options.logger.error({ err: error, projection: projection.name }, 'projection failed');
    });
    if (conflict) throw conflict;
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
