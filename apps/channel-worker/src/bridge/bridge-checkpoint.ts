import type { Logger } from 'pino';
import { CheckpointSaver, type CheckpointStore, type EventStore } from '@atende/events';

/** The checkpoint is written at most this often while events flow (and once more on stop). */
const CHECKPOINT_EVERY_MS = 200;

export interface BridgeCheckpointOptions {
  store: EventStore;
  checkpoints: CheckpointStore | undefined;
  consumer: string;
  logger: Logger;
  fromPosition: number | undefined;
  startAtBeginning: boolean | undefined;
}

/**
 * The bridge's checkpoint: everything below the oldest unfinished request (a send, an erasure) is
 * done, so a restart picks up from there and finishes what was pending when it stopped.
 */
export class BridgeCheckpoint {
  /** Global position to follow the log from (inclusive). */
  readonly fromPosition: number;
  /** Request key (message id, `erase:<event id>`) → global position of its request, while unfinished. */
  private readonly open = new Map<string, number>();
  /** Each reactor sharing the checkpoint → the log's events up to there it has handled. */
  private readonly reactors = new Map<string, number>();
  /** Saves (one at a time) at most every CHECKPOINT_EVERY_MS while events flow; none without a store. */
  private readonly saver: CheckpointSaver | undefined;
  private stopped = false;

  private constructor(options: BridgeCheckpointOptions, saved: number | undefined, fromPosition: number) {
    this.fromPosition = fromPosition;
    const { checkpoints, consumer, logger } = options;
    this.saver =
      checkpoints &&
      new CheckpointSaver({
        checkpoints,
        name: consumer,
        position: () => this.position(),
        saved,
        everyMs: CHECKPOINT_EVERY_MS,
        onError: (error, position) =>
          logger.error({ err: error, consumer, position }, 'channel bridge checkpoint not saved'),
      });
  }

  /** Loads the saved position; a first start saves one at once, so later restarts resume from it. */
  static async start(options: BridgeCheckpointOptions): Promise<BridgeCheckpoint> {
    const saved = options.checkpoints ? await options.checkpoints.load(options.consumer) : undefined;
    const fromPosition =
      options.fromPosition ??
      (saved !== undefined
        ? saved + 1
        : options.startAtBeginning
          ? 1
          : (await options.store.lastGlobalPosition()) + 1);
    const checkpoint = new BridgeCheckpoint(options, saved, fromPosition);
    if (saved === undefined) await checkpoint.save();
    return checkpoint;
  }

  /**
   * A reactor that shares the checkpoint (the bridge's sends, sessions and erasures): the checkpoint
   * never passes what it has not handled. Answers where it starts.
   */
  join(reactor: string): number {
    if (!this.reactors.has(reactor)) this.reactors.set(reactor, this.fromPosition - 1);
    return this.reactors.get(reactor)!;
  }

  /** The log's events up to here were handled by `reactor` (its redeliveries below it are skipped). */
  handledBy(reactor: string): number {
    return this.reactors.get(reactor) ?? this.fromPosition - 1;
  }

  handledTo(position: number, reactor: string): void {
    this.reactors.set(reactor, position);
    this.schedule();
  }

  has(key: string): boolean {
    return this.open.has(key);
  }

  /** A request to finish before the checkpoint may pass `position` (kept at its first position). */
  begin(key: string, position: number): void {
    if (!this.open.has(key)) this.open.set(key, position);
  }

  finish(key: string): void {
    if (this.open.delete(key)) this.schedule();
  }

  /** Finishes the request only if it is still the one begun at `position`. */
  finishAt(key: string, position: number): void {
    if (this.open.get(key) === position) this.finish(key);
  }

  save(): Promise<void> {
    return this.saver?.now() ?? Promise.resolve();
  }

  /** Stops the timer and saves a last time. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.save();
  }

  private position(): number {
    let position = this.fromPosition - 1;
    if (this.reactors.size > 0) position = Math.min(...this.reactors.values());
    for (const requestedAt of this.open.values()) position = Math.min(position, requestedAt - 1);
    return position;
  }

  private schedule(): void {
    if (!this.stopped) this.saver?.soon();
  }
}
