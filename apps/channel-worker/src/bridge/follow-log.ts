import type { EventSource, EventStore, StoredEvent } from '@atende/events';
import type { BridgeCheckpoint } from './bridge-checkpoint.js';

export interface FollowLogOptions {
  store: EventStore;
  /** Where the pages come from: the store's subscription by default; the bus in distributed mode. */
  source?: EventSource;
  checkpoint: BridgeCheckpoint;
  /** Aborted: the follow ends after the event in hand. */
  signal: AbortSignal;
  handle(event: StoredEvent): Promise<void>;
  /** A handler's failure: reported, and the checkpoint moves past the event all the same. */
  onHandlerError(error: unknown, event: StoredEvent): void;
  /** The source failed: the follow has ended (not called once `signal` aborted). */
  onSourceError(error: unknown): void;
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
          options.onHandlerError(error, event);
        }
        checkpoint.handledTo(event.globalPosition);
      }
    }
  } catch (error) {
    if (!signal.aborted) options.onSourceError(error);
  }
}
