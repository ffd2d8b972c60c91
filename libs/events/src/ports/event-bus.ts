import type { StoredEvent } from '../core/envelope.js';

/**
 * Where a follower of the log (projector, fan-out, channel bridge) takes its events: batches in log
 * order from a global position on — the event store itself, or the bus (see busSource).
 */
export type EventSource = (from: number, signal: AbortSignal) => AsyncIterable<StoredEvent[]>;

/** A running consumer of the bus; stop() waits for the batch in hand and commits what it handled. */
export interface BusSubscription {
  stop(): Promise<void>;
}

export interface BusSubscribeOptions {
  /** A group that never committed starts at the beginning (default) or only sees new events. */
  fromBeginning?: boolean;
  /**
   * The subscription died and delivers nothing more (a Kafka consumer that crashed for good): the
   * subscriber stops it and subscribes again, instead of waiting forever. Buses that cannot die
   * never call it.
   */
  onFailure?: (error: Error) => void;
}

/**
 * The EventBus port (DESIGN §2): carries stored events from the log to the processes that follow
 * it (projector, channel worker, the gateway's notifier). Keyed by stream id, so one stream's events
 * stay in order; delivery is at least once, so consumers apply idempotently (by global position).
 */
export interface EventBus {
  /** Publishes in order; resolves once the bus acknowledged every event. */
  publish(events: readonly StoredEvent[]): Promise<void>;
  /**
   * Consumes as `group` from the group's committed position; `handler` gets batches in log order
   * (per stream at least); a batch counts as handled (committed) once the handler resolves.
   */
  subscribe(
    group: string,
    handler: (events: StoredEvent[]) => Promise<void>,
    options?: BusSubscribeOptions,
  ): Promise<BusSubscription>;
  close(): Promise<void>;
}
