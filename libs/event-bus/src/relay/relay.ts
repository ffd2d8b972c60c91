import type { Logger } from 'pino';
import {
  CheckpointSaver,
  ProcessorHost,
  sleepUnlessAborted,
  type CheckpointStore,
  type EventBus,
  type EventStore,
  type Processor,
} from '@atende/events';
import { BusMisconfiguredError } from '../bus-misconfigured-error.js';

export interface RelayOptions {
  /** Only read: the relay follows the log (woken by appends, not by polling). */
  store: Pick<EventStore, 'subscribePages' | 'readBatch'>;
  bus: EventBus;
  checkpoints: CheckpointStore;
  logger: Pick<Logger, 'error' | 'warn'>;
  /** Checkpoint name; default 'kafka-relay'. */
  name?: string;
  /** Events per publish; default 500. */
  batchSize?: number;
  /** Wait before looking again whether a misconfigured bus was fixed; default 30 s. */
  refusalRetryMs?: number;
  /** The checkpoint is saved at most this often, and when the relay stops; default 200 ms. */
  checkpointEveryMs?: number;
}

export interface Relay {
  /** Last global position the bus acknowledged (the checkpoint holds it within `checkpointEveryMs`). */
  position(): number;
  /** Resolves once everything up to `position` is published (or the timeout passes: false). */
  waitFor(position: number, timeoutMs?: number): Promise<boolean>;
  /**
   * Why the relay refuses to publish (the bus cannot keep the log's order, e.g. a Kafka topic with
   * the wrong partition count); undefined while it publishes or only waits for the broker.
   */
  refusal(): BusMisconfiguredError | undefined;
  stop(): Promise<void>;
}

/**
 * Follows the event log from its checkpoint and publishes every event to the bus, saving the
 * checkpoint only after the bus acknowledged, at most every `checkpointEveryMs` (a round trip per
 * batch was ≈2 % of the projector process at 1,000 msg/s): a crash publishes again what came after
 * the last save (consumers apply by global position), never loses one. A bus that is misconfigured
 * (BusMisconfiguredError) gets nothing: the relay logs the error and looks again every
 * `refusalRetryMs`, and goes on from its checkpoint once an operator has fixed the bus.
 */
export async function startRelay(options: RelayOptions): Promise<Relay> {
  const { store, bus, checkpoints, logger } = options;
  const name = options.name ?? 'kafka-relay';
  const refusalRetryMs = options.refusalRetryMs ?? 30_000;
  let position = (await checkpoints.load(name)) ?? 0;
  let refusal: BusMisconfiguredError | undefined;
  const checkpoint = new CheckpointSaver({
    checkpoints,
    name,
    position: () => position,
    saved: position,
    everyMs: options.checkpointEveryMs ?? 200,
    // Not lost: the next batch (or the stop) saves it again; until then a restart republishes.
    onError: (error, through) => logger.warn({ err: error, position: through }, 'relay checkpoint not saved'),
  });

  const relay: Processor = {
    id: name,
    startFrom: async () => position,
    async handleBatch(events, { through, signal }) {
      try {
        await bus.publish(events);
      } catch (error) {
        // A bus that cannot keep the log's order gets nothing until an operator fixes it: it is
        // looked at again after a long pause. Any other failure (the broker away) is the host's to
        // retry with backoff; nothing is skipped either way.
        if (error instanceof BusMisconfiguredError && !signal.aborted) {
          refusal = error;
          logger.error({ err: error, position }, `relay refuses to publish: ${error.message}`);
          await sleepUnlessAborted(refusalRetryMs, signal);
        }
        throw error;
      }
      position = through;
      checkpoint.soon();
      if (refusal) {
        logger.warn({ position }, 'relay publishing again: the event bus was fixed');
        refusal = undefined;
      }
    },
  };
  // A subscription, not a poll: the store wakes it on appends (LISTEN/NOTIFY in PostgreSQL), so an
  // idle relay costs the log nothing and a new event is read at once.
  const host = new ProcessorHost({
    store,
    logger,
    name,
    batchSize: options.batchSize ?? 500,
  });
  host.add(relay);
  host.start();

  return {
    position: () => position,
    waitFor: (target, timeoutMs = 10_000) => host.waitFor(name, target, timeoutMs),
    refusal: () => refusal,
    async stop() {
      await host.stop();
      await checkpoint.now();
    },
  };
}
