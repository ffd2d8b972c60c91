import type { Logger } from 'pino';
import type { EventSource, EventStore, StoredEvent } from '@atende/events';
import type { BridgeCheckpoint } from './bridge-checkpoint.js';

export interface FollowLogOptions {
  store: EventStore;
  /** Where the pages come from: the store's subscription by default; the bus in distributed mode. */
  source?: EventSource | undefined;
  /** Who follows (the log's lines name it). */
  name: string;
  logger: Logger;
  checkpoint: BridgeCheckpoint;
  /** Aborted: the follow ends after the event in hand. */
  signal: AbortSignal;
  handle(event: StoredEvent): Promise<void>;
  /** A handler's failure: reported (logged by default), and the checkpoint moves past the event all the same. */
  onHandlerError?(error: unknown, event: StoredEvent): void;
}

/**
 * Follows the log from a consumer's checkpoint, handing each event it has not handled yet (a
 * redelivery after a restart or a rebalance is passed over) to `handle`, one at a time, in order.
 * Resolves once `signal` aborts or the source ends.
 */
export async function followLog(options: FollowLogOptions): Promise<void> {
  const { checkpoint, signal } = options;
  try {
    const pages = options.source
      ? options.source(checkpoint.fromPosition, signal)
      : options.store.subscribePages(checkpoint.fromPosition, { signal, trusted: true });
    for await (const page of pages) {
      for (const event of page) {
        if (signal.aborted) return;
        if (event.globalPosition <= checkpoint.handled) continue;
        try {
          await options.handle(event);
        } catch (error) {
          if (options.onHandlerError) options.onHandlerError(error, event);
          else {
            const { globalPosition, type } = event;
            options.logger.error({ err: error, globalPosition, type }, `${options.name}: event not handled`);
          }
        }
        checkpoint.handledTo(event.globalPosition);
      }
    }
  } catch (error) {
    // The follow has ended: what depends on it stops (a supervisor's health check sees it).
    if (!signal.aborted)
      options.logger.error({ err: error }, `${options.name} stopped following the event store`);
  }
}
