import type { EventBus, EventSource, EventStore, StoredEvent } from '@atende/events';
import { BusSequencer } from './bus-order.js';

// What the source ends with on a bus it cannot trust; exported with it (the package exports this file).
export { BusOrderError } from './bus-order.js';

export interface BusSourceOptions {
  /** A group that never committed starts at the beginning of the bus (default) or at its end. */
  fromBeginning?: boolean;
  /** Most events read from the log at once while filling a gap; default 2000. */
  gapBatchSize?: number;
  /** How errors name the bus, e.g. its Kafka topic; default: the consumer group. */
  busName?: string;
}

interface Delivery {
  events: StoredEvent[];
  applied: () => void;
  notApplied: (reason: Error) => void;
}

/**
 * The projector's events from the event bus (distributed mode), as consumer group `group`, in log
 * order with nothing missing (BusSequencer): what the bus skipped is read from the event log, what it
 * delivers again is dropped, and a bus that delivers out of log order, or events the log does not
 * have, ends the source with a BusOrderError instead of hiding events. The bus commits a batch only
 * after the projector applied it; batches not applied when the source ends (stopped or failed) are
 * refused, so the bus delivers them again. `fromBeginning: false` suits a consumer that only follows
 * from now on (a gateway's fan-out).
 */
export function busSource(
  bus: EventBus,
  group: string,
  store: EventStore,
  options: BusSourceOptions = {},
): EventSource {
  const busName = options.busName ? `${options.busName} (consumer group "${group}")` : `group "${group}"`;
  return async function* (from, signal) {
    const sequencer = new BusSequencer({
      from,
      readLog: (position, limit) => store.readBatch(position, limit, { trusted: true }),
      bus: busName,
      ...(options.gapBatchSize === undefined ? {} : { gapBatchSize: options.gapBatchSize }),
    });
    const queue: Delivery[] = [];
    let inHand: Delivery | undefined;
    let closed = false;
    let failure: unknown;
    let busFailure: Error | undefined;
    let wake: (() => void) | undefined;
    const onAbort = () => wake?.();
    signal.addEventListener('abort', onAbort);
    try {
      const subscription = await bus.subscribe(
        group,
        (events) =>
          new Promise<void>((applied, notApplied) => {
            if (closed) return notApplied(new Error(`bus source of ${busName} closed: not applied`));
            queue.push({ events, applied, notApplied });
            wake?.();
          }),
        {
          ...(options.fromBeginning === undefined ? {} : { fromBeginning: options.fromBeginning }),
          onFailure: (error) => {
            busFailure = error;
            wake?.();
          },
        },
      );
      try {
        while (!signal.aborted) {
          // The subscription died: the source ends with why, and its caller subscribes again.
          if (busFailure) throw new Error(`bus subscription of ${busName} died: ${busFailure.message}`);
          inHand = queue.shift();
          if (!inHand) {
            await new Promise<void>((resolve) => (wake = resolve));
            wake = undefined;
            continue;
          }
          yield* sequencer.accept(inHand.events);
          inHand.applied(); // the bus may commit it
          inHand = undefined;
        }
      } catch (error) {
        failure = error;
        throw error;
      } finally {
        closed = true;
        const reason =
          failure instanceof Error ? failure : new Error(`bus source of ${busName} stopped: not applied`);
        for (const delivery of [inHand, ...queue.splice(0)]) delivery?.notApplied(reason);
        await subscription.stop();
      }
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  };
}
