import { pino, type Logger } from 'pino';
import { z } from 'zod';
import { loadConfig, securePrivateDataDir, type AtendeConfig } from '@atende/config';
import type { EncryptedEventStore } from '@atende/event-store';
import {
  MASTER_KEY_CREATED_MESSAGE,
  SealedEventBus,
  deploymentMediaStore,
  encryptedStore,
  openEventStore,
} from '@atende/event-store';
import type { EventBus, MediaStore, ReadModels } from '@atende/events';
import { getSession } from '@atende/projector';
import { RedisReadModels, sealedDocCodec } from '@atende/read-models';
import { deploymentLog, openKeysForOps } from '../ops/open.js';

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
 * The shared event log, its sensitive fields encrypted: PostgreSQL or EventStoreDB when
 * EVENTSTORE_URL is set (processes on several machines; data keys in PostgreSQL, or in Redis beside
 * EventStoreDB); otherwise the SQLite file in DATA_DIR, which every process on one machine opens
 * (WAL, several writers), with the keys in DATA_DIR/keys.db.
 */
export function openSharedStore(
  settings: Pick<DistributedSettings, 'config' | 'redisPrefix' | 'logger'>,
): EncryptedEventStore {
  const { config, redisPrefix, logger } = settings;
  const keys = openKeysForOps(config, redisPrefix);
  if (keys.masterCreated) logger.warn({ file: keys.masterFile }, MASTER_KEY_CREATED_MESSAGE);
  return encryptedStore(openEventStore(deploymentLog(config)), keys);
}

/** The Redis read models, sealed at rest with the deployment's read-model key (Redis holds ciphertext). */
export async function openSharedReadModels(
  settings: Pick<DistributedSettings, 'config' | 'redisPrefix'>,
  store: EncryptedEventStore,
): Promise<RedisReadModels> {
  return new RedisReadModels({
    url: settings.config.REDIS_URL,
    prefix: `${settings.redisPrefix}rm:`,
    codec: sealedDocCodec(await store.cipher.readModelsKey()),
  });
}

/** The workspace a channel session belongs to, from the shared channel-sessions read model. */
export function sessionWorkspaces(
  readModels: ReadModels,
): (sessionId: string) => Promise<string | undefined> {
  const sessions = readModels.view('channel-sessions');
  return async (sessionId) => (await getSession(sessions, sessionId))?.workspaceId;
}

/**
 * The media of customers' messages, which the channel worker stores and every gateway serves: in
 * PostgreSQL (schema `atende_media`) when EVENTSTORE_URL is `postgres://…`, so processes on several
 * machines share it; otherwise files in DATA_DIR/media, shared by the processes of one machine only.
 */
export function openSharedMediaStore(
  settings: Pick<DistributedSettings, 'config'>,
  readModels: ReadModels,
): MediaStore {
  return deploymentMediaStore({
    url: settings.config.EVENTSTORE_URL,
    dataDir: settings.config.dataDir,
    // DATA_DIR/media of an older version: its folders are named after their channel session.
    ownerOfUnmarkedFolder: sessionWorkspaces(readModels),
  });
}

/** The bus with the store's encryption: sealed events published, batches opened for consumers. */
export function sealedBus(bus: EventBus, store: EncryptedEventStore): EventBus {
  return new SealedEventBus(bus, store.cipher);
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
