import type { Logger } from 'pino';
import {
  ProcessorHost,
  followUntilAborted,
  type EventSource,
  type EventStore,
  type Processor,
  type StoredEvent,
} from '@atende/events';
import type { BridgeCheckpoint } from './bridge-checkpoint.js';

export interface FollowLogOptions {
  store: EventStore;
  /** Where the pages come from: the store's subscription by default; the bus in distributed mode. */
  source?: EventSource | undefined;
  /**
   * The process's one consumer of the log, shared with its other processors (embedded mode); default
   * a host of its own on `source`.
   */
  host?: ProcessorHost | undefined;
  /** Who follows (its processor's id; the log's lines name it). */
  name: string;
  logger: Logger;
  checkpoint: BridgeCheckpoint;
  /** Aborted: the follow ends after the event in hand. */
  signal: AbortSignal;
  /** The event types it reacts to (the others only move it on); default every event. */
  eventTypes?: ReadonlySet<string>;
  /** Reactors of the same host that handle each page before this one (see Processor.after). */
  after?: readonly string[];
  handle(event: StoredEvent): Promise<void> | undefined;
  /** A handler's failure: reported (logged by default), and the checkpoint moves past the event all the same. */
  onHandlerError?(error: unknown, event: StoredEvent): void;
}

/**
 * A reactor of the log: each event after its checkpoint it has not handled yet (a redelivery after a
 * restart or a rebalance is passed over) goes to `handle`, one at a time, in order.
 */
export function logReactor(options: FollowLogOptions): Processor {
  const { checkpoint, name, eventTypes } = options;
  return {
    id: name,
    ...(eventTypes ? { canHandle: (event: StoredEvent) => eventTypes.has(event.type) } : {}),
    ...(options.after ? { after: options.after } : {}),
    startFrom: async () => checkpoint.join(name),
    async handleBatch(events, { through, signal }) {
      for (const event of events) {
        if (signal.aborted) return;
        if (event.globalPosition <= checkpoint.handledBy(name)) continue;
        try {
          await options.handle(event);
        } catch (error) {
          if (options.onHandlerError) options.onHandlerError(error, event);
          else {
            const { globalPosition, type } = event;
            options.logger.error({ err: error, globalPosition, type }, `${options.name}: event not handled`);
          }
        }
        checkpoint.handledTo(event.globalPosition, name);
      }
      if (!signal.aborted && through > checkpoint.handledBy(name)) checkpoint.handledTo(through, name);
    },
  };
}

/** Follows the log with a logReactor until `signal` aborts; resolves once it has let go. */
export function followLog(options: FollowLogOptions): Promise<void> {
  return followUntilAborted(options.signal, [logReactor(options)], options.host, () => ownHost(options));
}

/** A host of the follower's own (no process-wide one): on `source`, or the store's subscription. */
export function ownHost(
  options: Pick<FollowLogOptions, 'store' | 'source' | 'logger' | 'name'>,
): ProcessorHost {
  const { store, source, logger, name } = options;
  return new ProcessorHost({ store, source, logger, name });
}
