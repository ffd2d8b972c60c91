import type { Logger } from 'pino';
import type { CheckpointStore, EventBus, EventStore } from '@atende/events';
import { BusMisconfiguredError } from '../bus-misconfigured-error.js';

export interface RelayOptions {
  /** Only read: the relay follows the log (woken by appends, not by polling). */
  store: Pick<EventStore, 'subscribePages'>;
  bus: EventBus;
  checkpoints: CheckpointStore;
  logger: Pick<Logger, 'error' | 'warn'>;
  /** Checkpoint name; default 'kafka-relay'. */
  name?: string;
  /** Events per publish; default 500. */
  batchSize?: number;
  /** Wait before looking again whether a misconfigured bus was fixed; default 30 s. */
  refusalRetryMs?: number;
}

export interface Relay {
  /** Last global position the bus acknowledged (and the checkpoint holds). */
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
 * checkpoint only after the bus acknowledged: a crash in between publishes some events twice
 * (consumers apply by global position), never loses one. A bus that is misconfigured
 * (BusMisconfiguredError) gets nothing: the relay logs the error and looks again every
 * `refusalRetryMs`, and goes on from its checkpoint once an operator has fixed the bus.
 */
export async function startRelay(options: RelayOptions): Promise<Relay> {
  const { store, bus, checkpoints, logger } = options;
  const name = options.name ?? 'kafka-relay';
  const batchSize = options.batchSize ?? 500;
  const refusalRetryMs = options.refusalRetryMs ?? 30_000;
  let position = (await checkpoints.load(name)) ?? 0;
  let stopped = false;
  let refusal: BusMisconfiguredError | undefined;
  let wake: (() => void) | undefined;
  const stopping = new AbortController();
  // Interrupted by stop(): a relay that waits for a fix must not hold a shutdown up for as long.
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const loop = (async () => {
    let failures = 0;
    while (!stopped) {
      try {
        // A subscription, not a poll: the store wakes it on appends (LISTEN/NOTIFY in PostgreSQL),
        // so an idle relay costs the log nothing and a new event is read at once.
        const pages = store.subscribePages(position + 1, {
          batchSize,
          trusted: true,
          signal: stopping.signal,
        });
        for await (const batch of pages) {
          await bus.publish(batch);
          const last = batch[batch.length - 1]!.globalPosition;
          await checkpoints.save(name, last);
          position = last;
          failures = 0;
          if (refusal) {
            logger.warn({ position }, 'relay publishing again: the event bus was fixed');
            refusal = undefined;
          }
        }
        if (!stopped) throw new Error('the event log subscription ended (store closed?)');
      } catch (error) {
        if (error instanceof BusMisconfiguredError) {
          refusal = error;
          logger.error({ err: error, position }, `relay refuses to publish: ${error.message}`);
          await pause(refusalRetryMs);
          continue;
        }
        // Broker or store unavailable: follow again from the checkpoint with backoff (nothing is skipped).
        failures += 1;
        logger.warn({ err: error, position, failures }, 'relay could not publish; retrying');
        await pause(Math.min(5000, 100 * 2 ** Math.min(failures, 6)));
      }
    }
  })();

  return {
    position: () => position,
    async waitFor(target, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (position < target) {
        if (Date.now() > deadline || stopped) return false;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return true;
    },
    refusal: () => refusal,
    async stop() {
      stopped = true;
      stopping.abort();
      wake?.();
      await loop;
    },
  };
}
