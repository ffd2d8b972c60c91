import path from 'node:path';
import { pino, type Logger } from 'pino';
import { z } from 'zod';
import { loadConfig, securePrivateDataDir, type AtendeConfig } from '@atende/config';
import { openEventStore } from '@atende/event-store';
import type { EventStore } from '@atende/events';

/** What the distributed processes share besides the main configuration (validated like it). */
const distributedSchema = z.object({
  /** Prefix of every Redis key of this deployment (read models, sessions, adapter, queues). */
  ATENDE_REDIS_PREFIX: z.string().min(1).default('atende:'),
  /** Kafka topic of the event bus. */
  ATENDE_KAFKA_TOPIC: z.string().min(1).default('atende.events'),
  /** Channel worker: port of the WhatsApp sandbox controls (sandbox driver only). */
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(3010),
});

export interface DistributedSettings {
  config: AtendeConfig;
  redisPrefix: string;
  kafkaTopic: string;
  sandboxPort: number;
  logger: Logger;
}

export function distributedSettings(processName: string): DistributedSettings {
  const config = loadConfig();
  securePrivateDataDir(config.dataDir);
  const extra = distributedSchema.parse(process.env);
  return {
    config,
    redisPrefix: extra.ATENDE_REDIS_PREFIX,
    kafkaTopic: extra.ATENDE_KAFKA_TOPIC,
    sandboxPort: extra.SANDBOX_PORT,
    logger: pino({ level: config.LOG_LEVEL, name: processName }),
  };
}

/**
 * The shared event log: EventStoreDB when EVENTSTORE_URL is set (processes on several machines);
 * otherwise the SQLite file in DATA_DIR, which every process on one machine opens (WAL, several writers).
 */
export function openSharedStore(config: AtendeConfig): EventStore {
  return config.EVENTSTORE_URL
    ? openEventStore({ kind: 'eventstoredb', connectionString: config.EVENTSTORE_URL })
    : openEventStore({
        kind: 'sqlite',
        filename: path.join(config.dataDir, 'events.db'),
        synchronous: config.SQLITE_SYNCHRONOUS,
      });
}

/** Runs `stop` once on SIGINT/SIGTERM, then exits. */
export function onShutdown(logger: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (stopping) return;
      stopping = true;
      stop().then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'stop failed');
          process.exit(1);
        },
      );
    });
  }
}
