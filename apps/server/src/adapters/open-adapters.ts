import type { Logger } from 'pino';
import { KafkaEventBus } from '@atende/event-bus';
import {
  MASTER_KEY_CREATED_MESSAGE,
  PostgresKeyStore,
  PostgresLease,
  PostgresMediaStore,
  PostgresSessionLeaseStore,
  PostgresSessionArchiveStore,
  FileMediaStore,
  RedisKeyStore,
  SealedEventBus,
  SealedMediaStore,
  SealedSessionArchives,
  SESSION_ARCHIVES_FILE,
  SqliteSessionArchiveStore,
  encryptedStore,
  openDeploymentKeys,
  openEventStore,
  type DeploymentKeys,
  type ArchiveKeys,
  type EncryptedEventStore,
  type MediaKeys,
} from '@atende/event-store';
import type {
  EventBus,
  Lease,
  MediaStore,
  ReadModels,
  SessionArchiveStore,
  SessionLeaseStore,
} from '@atende/events';
import { getSession } from '@atende/projector';
import { RedisLease, RedisReadModels, RedisSessionLeaseStore, sealedDocCodec } from '@atende/read-models';
import path from 'node:path';
import type {
  KeyStorePlan,
  LeasePlan,
  MediaPlan,
  SessionArchivesPlan,
  SessionLeasesPlan,
  SharedPlan,
} from '../plan/role-plan.js';

/** The deployment's data keys where the plan says, wrapped by its master key. */
export function openKeys(plan: Pick<SharedPlan, 'dataDir' | 'keys' | 'masterKey'>): DeploymentKeys {
  const keys: KeyStorePlan = plan.keys;
  switch (keys.kind) {
    case 'postgres':
      return openDeploymentKeys(
        plan.dataDir,
        plan.masterKey,
        (master) => new PostgresKeyStore({ connectionString: keys.url }, master),
      );
    case 'redis':
      return openDeploymentKeys(
        plan.dataDir,
        plan.masterKey,
        (master) => new RedisKeyStore(keys.url, keys.prefix, master),
      );
    case 'sqlite':
      return openDeploymentKeys(keys.dataDir, plan.masterKey, undefined, keys.synchronous);
  }
}

/** The shared event log, its sensitive fields sealed with the deployment's keys. */
export function openStore(plan: SharedPlan, logger: Logger): EncryptedEventStore {
  const keys = openKeys(plan);
  if (keys.masterCreated) logger.warn({ file: keys.masterFile }, MASTER_KEY_CREATED_MESSAGE);
  return encryptedStore(openEventStore(plan.log), keys);
}

/** The Redis read models, sealed at rest with the deployment's read-model key (Redis holds ciphertext). */
export async function openReadModels(plan: SharedPlan, store: EncryptedEventStore): Promise<RedisReadModels> {
  return new RedisReadModels({
    url: plan.readModels.url,
    prefix: plan.readModels.prefix,
    codec: sealedDocCodec(await store.cipher.readModelsKey()),
  });
}

/** The Kafka bus with the store's encryption: sealed events published, batches opened for consumers. */
export function openBus(
  plan: SharedPlan,
  clientId: string,
  store: EncryptedEventStore,
): {
  kafka: KafkaEventBus;
  bus: EventBus;
} {
  const kafka = new KafkaEventBus({ brokers: plan.bus.brokers, topic: plan.bus.topic, clientId });
  return { kafka, bus: new SealedEventBus(kafka, store.cipher) };
}

/** The workspace a channel session belongs to, from the shared channel-sessions read model. */
export function sessionWorkspaces(
  readModels: ReadModels,
): (sessionId: string) => Promise<string | undefined> {
  const sessions = readModels.view('channel-sessions');
  return async (sessionId) => (await getSession(sessions, sessionId))?.workspaceId;
}

/**
 * The media of customers' messages, which the channel worker stores and every gateway serves, sealed
 * at rest with each customer's key (`keys`: the store's cipher), so erasing them erases it in every
 * copy. A DATA_DIR/media folder of an older version is named after its channel session: its owner is
 * looked up.
 */
export function openMedia(media: MediaPlan, readModels: ReadModels, keys: MediaKeys): MediaStore {
  const bytes =
    media.kind === 'postgres'
      ? new PostgresMediaStore({ connectionString: media.url })
      : new FileMediaStore({
          root: path.join(media.dataDir, 'media'),
          ownerOfUnmarkedFolder: sessionWorkspaces(readModels),
        });
  return new SealedMediaStore(bytes, keys);
}

export function openLease(lease: LeasePlan): Lease {
  return lease.kind === 'postgres'
    ? new PostgresLease({ connectionString: lease.url, name: lease.name })
    : new RedisLease({ url: lease.url, key: lease.key });
}

/** Where the channel workers' per-session leases are kept (the lease logic itself is SessionLeaseHolder). */
export function openSessionLeases(leases: SessionLeasesPlan): SessionLeaseStore {
  return leases.kind === 'postgres'
    ? new PostgresSessionLeaseStore({ connectionString: leases.url })
    : new RedisSessionLeaseStore({ url: leases.url, prefix: leases.prefix });
}

/**
 * The saved whatsapp-web.js logins, sealed with their workspace's key (`keys`: the store's cipher):
 * in PostgreSQL beside a PostgreSQL log, where every channel worker restores the sessions it takes
 * over; else in DATA_DIR/wwebjs-sessions.db.
 */
export function openSessionArchives(
  archives: SessionArchivesPlan,
  keys: ArchiveKeys,
  logger: Logger,
): SessionArchiveStore {
  const bytes =
    archives.kind === 'postgres'
      ? new PostgresSessionArchiveStore({ connectionString: archives.url })
      : new SqliteSessionArchiveStore(path.join(archives.dataDir, SESSION_ARCHIVES_FILE));
  return new SealedSessionArchives(bytes, keys, logger);
}
