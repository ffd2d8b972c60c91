import type { StoredEvent } from '../core/envelope.js';

/** What a processor is told with each batch. */
export interface BatchContext {
  /** The page the events come from ends here: once the batch is handled, the processor is this far. */
  through: number;
  /** Aborted when the host stops or the processor is removed: finish the event in hand, then return. */
  signal: AbortSignal;
}

/**
 * Anything that follows the event log (in the spirit of Emmett's processors): a projector applying
 * read models, a reactor pushing to sockets or sending WhatsApp messages, the relay publishing to
 * Kafka. A ProcessorHost reads the log once per process and hands each processor the events after
 * its own position, in log order; how the processor keeps its checkpoint is its own business
 * (committed with its rows, saved after a publish, held below an unfinished send).
 */
export interface Processor {
  /** Names it in logs and in waits (`host.waitFor(id, position)`). */
  readonly id: string;
  /** The last global position it has handled (0: nothing yet): it is handed the events after it. */
  startFrom(): Promise<number>;
  /** Whether an event concerns it; the others only move its position. Default: every event. */
  canHandle?(event: StoredEvent): boolean;
  /**
   * Handles, in order, the events after its position that it can handle (maybe none) from a page
   * ending at `context.through`. A rejection is retried from the same position after a pause, or
   * ends the processor when `onFailure` is 'stop' (the others go on).
   */
  handleBatch(events: readonly StoredEvent[], context: BatchContext): Promise<void>;
  /**
   * Processors that must have handled a page before this one gets it: the socket fan-out runs after
   * the projections of the same batch, so its pushes read what the batch changed.
   */
  readonly after?: readonly string[];
  /** On a failed batch: 'retry' it (default) or 'stop' this processor. */
  readonly onFailure?: 'retry' | 'stop';
  /**
   * While it follows the log, starts a batch at most this often (ms): what comes meanwhile is
   * handled together. For a processor that may lag (analytics): it then writes once per interval,
   * not once per event. Catching up, it does not wait.
   */
  readonly minBatchIntervalMs?: number;
}

export interface ProcessorStatus {
  id: string;
  /** Last global position it has handled. */
  position: number;
  state: 'starting' | 'running' | 'failed' | 'stopped';
  error?: string;
}
