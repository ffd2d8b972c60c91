import type { Logger } from 'pino';
import type { CheckpointStore, EventBus, EventStore } from '@atende/events';

export interface RelayOptions {
  store: EventStore;
  bus: EventBus;
  checkpoints: CheckpointStore;
  logger: Pick<Logger, 'error' | 'warn'>;
  /** Checkpoint name; default 'kafka-relay'. */
  name?: string;
  /** Events per publish; default 500. */
  batchSize?: number;
  /** Wait between looks at the log when it has nothing new; default 2 ms (it is on the latency path). */
  idleMs?: number;
}

export interface Relay {
  /** Last global position the bus acknowledged (and the checkpoint holds). */
  position(): number;
  /** Resolves once everything up to `position` is published (or the timeout passes: false). */
  waitFor(position: number, timeoutMs?: number): Promise<boolean>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Follows the event log from its checkpoint and publishes every event to the bus, saving the
 * checkpoint only after the bus acknowledged: a crash in between publishes some events twice
 * (consumers apply by global position), never loses one.
 */
export async function startRelay(options: RelayOptions): Promise<Relay> {
  const { store, bus, checkpoints, logger } = options;
  const name = options.name ?? 'kafka-relay';
  const batchSize = options.batchSize ?? 500;
  const idleMs = options.idleMs ?? 2;
  let position = (await checkpoints.load(name)) ?? 0;
  let stopped = false;

  const loop = (async () => {
    let failures = 0;
    while (!stopped) {
      try {
        const batch = await store.readBatch(position + 1, batchSize, { trusted: true });
        if (batch.length === 0) {
          await sleep(idleMs);
          continue;
        }
        await bus.publish(batch);
        const last = batch[batch.length - 1]!.globalPosition;
        await checkpoints.save(name, last);
        position = last;
        failures = 0;
      } catch (error) {
        // Broker or store unavailable: retry the same events with backoff (nothing is skipped).
        failures += 1;
        logger.warn({ err: error, position, failures }, 'relay could not publish; retrying');
        await sleep(Math.min(5000, 100 * 2 ** Math.min(failures, 6)));
      }
    }
  })();

  return {
    position: () => position,
    async waitFor(target, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (position < target) {
        if (Date.now() > deadline || stopped) return false;
        await sleep(5);
      }
      return true;
    },
    async stop() {
      stopped = true;
      await loop;
    },
  };
}
