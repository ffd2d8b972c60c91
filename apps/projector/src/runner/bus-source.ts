import type { EventBus, EventSource, EventStore, StoredEvent } from '@atende/events';
import { BusSequencer } from './bus-order.js';
import { BusSilenceWatch, type BusStall } from './bus-silence.js';

// What the source ends with on a bus it cannot trust; exported with it (the package exports this file).
export { BusOrderError } from './bus-order.js';
export type { BusStall } from './bus-silence.js';

export interface BusSourceOptions {
  /** A group that never committed starts at the beginning of the bus (default) or at its end. */
  fromBeginning?: boolean;
  /** Most events read from the log at once while filling a gap; default 2000. */
  gapBatchSize?: number;
  /** How errors name the bus, e.g. its Kafka topic; default: the consumer group. */
  busName?: string;
  /**
   * How long the bus may stay silent about events the log already has before the source reads them
   * from the log itself; default 3 s. Checked once per such period.
   */
  stallMs?: number;
  /**
   * Silent that long while events kept coming from the log only: the subscription is replaced (a
   * kafkajs consumer has been seen to stop fetching without a crash); default 20 s.
   */
  resubscribeAfterMs?: number;
  /** How long the stop of a subscription left for silence is awaited (it may hang too); default 10 s. */
  replacedStopWaitMs?: number;
  /** Told each time the source read from the log because the bus was silent (for the logs). */
  onStall?: (stall: BusStall) => void;
}

/** Waits for `work` to settle (its failure ignored), at most `ms`. */
function untilSettledOr(work: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void work
      .catch(() => undefined)
      .then(() => {
        clearTimeout(timer);
        resolve();
      });
  });
}

interface Delivery {
  events: StoredEvent[];
  applied: () => void;
  notApplied: (reason: Error) => void;
}

/**
 * A process's events from the event bus (distributed mode), as consumer group `group`, in log order
 * with nothing missing (BusSequencer): what the bus skipped is read from the event log, what it
 * delivers again is dropped, and a bus that delivers out of log order, or events the log does not
 * have, ends the source with a BusOrderError instead of hiding events. The bus commits a batch once
 * its consumer (the ProcessorHost) has taken it; batches not taken when the source ends (stopped or
 * failed) are refused, so the bus delivers them again. The processors keep their own checkpoints: a
 * restart resumes from those, and whatever the bus has committed past them is read from the log.
 * `fromBeginning: false` suits a consumer that only follows from now on (a gateway's fan-out).
 *
 * A bus that stays silent while the log has moved on (a relay changing hands, a consumer that hung)
 * does not hold the consumer up: after `stallMs` the source reads those events from the log, and
 * after `resubscribeAfterMs` of such silence it subscribes again.
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
    const watch = new BusSilenceWatch({
      stallMs: options.stallMs ?? 3_000,
      resubscribeAfterMs: options.resubscribeAfterMs ?? 20_000,
      logEnd: () => store.lastGlobalPosition(),
    });
    while (!signal.aborted) {
      watch.subscribed();
      const resubscribe: boolean = yield* followSubscription(bus, group, busName, options, {
        sequencer,
        watch,
        signal,
      });
      if (!resubscribe) return;
    }
  };
}

interface Following {
  sequencer: BusSequencer;
  watch: BusSilenceWatch;
  signal: AbortSignal;
}

/** One subscription of the source; returns true when the bus was silent for too long (subscribe again). */
async function* followSubscription(
  bus: EventBus,
  group: string,
  busName: string,
  options: BusSourceOptions,
  { sequencer, watch, signal }: Following,
): AsyncGenerator<StoredEvent[], boolean> {
  const queue: Delivery[] = [];
  let inHand: Delivery | undefined;
  let closed = false;
  /** Leaving a silent subscription for a new one: its stop may hang like its fetches did. */
  let replacing = false;
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
        if (inHand) {
          yield* sequencer.accept(inHand.events);
          inHand.applied(); // taken: the bus may commit it
          inHand = undefined;
          watch.delivered();
          continue;
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, watch.checkEveryMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
        if (queue.length > 0 || busFailure || signal.aborted) continue;
        const stall = await watch.check(sequencer.next());
        if (!stall) continue;
        yield* sequencer.readAhead(stall.to);
        options.onStall?.(stall);
        if (stall.resubscribing) {
          replacing = true;
          return true;
        }
      }
      return false;
    } catch (error) {
      failure = error;
      throw error;
    } finally {
      closed = true;
      const reason =
        failure instanceof Error ? failure : new Error(`bus source of ${busName} stopped: not applied`);
      for (const delivery of [inHand, ...queue.splice(0)]) delivery?.notApplied(reason);
      const stopping = subscription.stop();
      if (replacing) await untilSettledOr(stopping, options.replacedStopWaitMs ?? 10_000);
      else await stopping;
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
