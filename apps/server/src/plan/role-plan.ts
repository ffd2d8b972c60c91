import { hostname } from 'node:os';
import path from 'node:path';
import type { AtendeConfig } from '@atende/config';
import type { BootstrapConfig, GatewayHttpConfig } from '@atende/gateway';
import { deploymentLogLocation, eventLogKindOfUrl, type EventStoreLocation } from '@atende/event-store';

/** The roles of a multi-host deployment; `all` runs every one of them in one process. */
export const ROLES = ['gateway', 'projector', 'channel-worker'] as const;
export type Role = (typeof ROLES)[number];

/** Where the data keys of the encrypted event fields live (beside the log, or in Redis beside EventStoreDB). */
export type KeyStorePlan =
  | { kind: 'sqlite'; dataDir: string; synchronous: 'full' | 'normal' }
  | { kind: 'postgres'; url: string }
  | { kind: 'redis'; url: string; prefix: string };

/** Where the media of customers' messages live: PostgreSQL beside a PostgreSQL log, else DATA_DIR/media. */
export type MediaPlan = { kind: 'postgres'; url: string } | { kind: 'files'; dataDir: string };

/** Where the saved WhatsApp logins are: beside a PostgreSQL log (every worker reaches them), else DATA_DIR. */
export type SessionArchivesPlan = { kind: 'postgres'; url: string } | { kind: 'sqlite'; dataDir: string };

/** Where the channel workers' per-session leases are: beside a PostgreSQL log, else in Redis. */
export type SessionLeasesPlan =
  { kind: 'postgres'; url: string } | { kind: 'redis'; url: string; prefix: string };

/** The lease that lets exactly one instance run (PostgreSQL advisory lock beside a PostgreSQL log, else Redis). */
export type LeasePlan =
  { kind: 'postgres'; url: string; name: string } | { kind: 'redis'; url: string; key: string };

/** Where a role's Redis keys are: one server, one prefix per purpose. */
export interface RedisPlace {
  url: string;
  prefix: string;
}

/** What every role opens: the log with its keys, the read models, the bus. */
export interface SharedPlan {
  dataDir: string;
  log: EventStoreLocation;
  keys: KeyStorePlan;
  /** ATENDE_MASTER_KEY, or undefined for DATA_DIR/master.key. Secret: a plan is never logged. */
  masterKey: string | undefined;
  readModels: RedisPlace;
  bus: { brokers: string[]; topic: string };
}

export interface GatewayPlan extends SharedPlan {
  role: 'gateway';
  listen: { port: number; host: string };
  /** The settings of the HTTP side, read by gatewaySettings() exactly as the embedded product reads them. */
  http: GatewayHttpConfig;
  /** The first company and its owner (or the demo one), made idempotently by every gateway. */
  bootstrap: BootstrapConfig;
  sessions: RedisPlace;
  rateLimits: RedisPlace;
  socketAdapter: { url: string; key: string };
  media: MediaPlan;
  readiness: { maxLag: number; staleMs: number };
  /** Position the projector publishes, and its heartbeat (read by /readyz). */
  progress: RedisPlace;
  /** This gateway's own consumer group on the bus (its socket fan-out), unique per host and port. */
  notifierGroup: string;
}

export interface ProjectorPlan extends SharedPlan {
  role: 'projector';
  lease: LeasePlan;
  checkpoints: RedisPlace;
  consumerGroup: string;
}

export interface ChannelWorkerPlan extends SharedPlan {
  role: 'channel-worker';
  /** This worker's name: its leases, consumer group and checkpoint are its own. */
  workerId: string;
  media: MediaPlan;
  checkpoints: RedisPlace;
  /**
   * Its own consumer group, the one through which its bridge and e-mail processors follow the bus:
   * every worker reads the whole log (each acts on the sessions it holds).
   */
  consumerGroup: string;
  /** Its send checkpoint's name. */
  checkpointName: string;
  /**
   * The e-mail outbox's own checkpoint (every worker queues; one sends each). It follows the bus
   * through the worker's one consumer group, with the bridge and the inboxes.
   */
  email: { checkpointName: string };
  sessionLeases: SessionLeasesPlan;
  /** The whatsapp-web.js logins, sealed with their workspace's key. */
  sessionArchives: SessionArchivesPlan;
  /** The BullMQ send queue. */
  queue: RedisPlace;
  whatsapp: {
    driver: AtendeConfig['whatsappDriver'];
    chromiumPath: string;
    /** Sandbox only: simulated network time of a send. */
    sendDelayMs: number;
    maxSessions: number;
  };
  /** The sandbox phone's HTTP controls and its memory, shared by the workers (sandbox driver only). */
  sandbox: { port: number; host: string; token: string | undefined; phone: RedisPlace } | undefined;
}

export type RolePlan = GatewayPlan | ProjectorPlan | ChannelWorkerPlan;

/** The keys' place for a configuration (also what the ops CLIs open). */
export function keyStorePlan(config: AtendeConfig): KeyStorePlan {
  const url = config.EVENTSTORE_URL;
  const kind = url ? eventLogKindOfUrl(url) : undefined;
  if (url && kind === 'postgres') return { kind: 'postgres', url };
  if (url && kind === 'eventstoredb') {
    return { kind: 'redis', url: config.REDIS_URL, prefix: `${config.ATENDE_REDIS_PREFIX}keys:` };
  }
  return { kind: 'sqlite', dataDir: config.dataDir, synchronous: config.SQLITE_SYNCHRONOUS };
}

/** The event log of a configuration, not opened: EVENTSTORE_URL's, else DATA_DIR/events.db. */
export function logLocation(config: AtendeConfig): EventStoreLocation {
  return deploymentLogLocation({
    url: config.EVENTSTORE_URL,
    sqliteFile: path.join(config.dataDir, 'events.db'),
    synchronous: config.SQLITE_SYNCHRONOUS,
    sharedByProcesses: config.ATENDE_MODE === 'distributed',
  });
}

function mediaPlan(config: AtendeConfig): MediaPlan {
  const url = config.EVENTSTORE_URL;
  return url && eventLogKindOfUrl(url) === 'postgres'
    ? { kind: 'postgres', url }
    : { kind: 'files', dataDir: config.dataDir };
}

function sharedPlan(config: AtendeConfig): SharedPlan {
  const prefix = config.ATENDE_REDIS_PREFIX;
  return {
    dataDir: config.dataDir,
    log: logLocation(config),
    keys: keyStorePlan(config),
    masterKey: config.ATENDE_MASTER_KEY,
    readModels: { url: config.REDIS_URL, prefix: `${prefix}rm:` },
    bus: { brokers: config.KAFKA_BROKERS, topic: config.ATENDE_KAFKA_TOPIC },
  };
}

/**
 * What a role opens and how it behaves, from the validated configuration: the one place that maps
 * settings to adapters, so every role that uses a setting honours it (role-plan.test.ts checks a
 * table of settings × roles). Pure: the roles open adapters from the plan, never from the config.
 */
export function planRole(config: AtendeConfig, role: Role, host: string = hostname()): RolePlan {
  const shared = sharedPlan(config);
  const prefix = config.ATENDE_REDIS_PREFIX;
  const topic = config.ATENDE_KAFKA_TOPIC;
  const redis = (suffix: string): RedisPlace => ({ url: config.REDIS_URL, prefix: `${prefix}${suffix}` });
  switch (role) {
    case 'gateway':
      return {
        ...shared,
        role,
        listen: { port: config.PORT, host: config.HOST },
        http: {
          whatsappDriver: config.whatsappDriver,
          ATENDE_SIGNUP: config.ATENDE_SIGNUP,
          WEB_ORIGIN: config.WEB_ORIGIN,
          AUTH: config.AUTH,
          FIREBASE_PROJECT_ID: config.FIREBASE_PROJECT_ID,
          FIREBASE_API_KEY: config.FIREBASE_API_KEY,
          FIREBASE_AUTH_DOMAIN: config.FIREBASE_AUTH_DOMAIN,
          WEB_DIST_DIR: config.WEB_DIST_DIR,
          TRUST_PROXY: config.TRUST_PROXY,
          METRICS_TOKEN: config.METRICS_TOKEN,
          validateAnswers: config.validateAnswers,
        },
        bootstrap: {
          ATENDE_OWNER_EMAIL: config.ATENDE_OWNER_EMAIL,
          ATENDE_OWNER_PASSWORD: config.ATENDE_OWNER_PASSWORD,
          whatsappDriver: config.whatsappDriver,
        },
        sessions: redis('session:'),
        rateLimits: redis('rl:'),
        socketAdapter: { url: config.REDIS_URL, key: `${prefix}socket.io` },
        media: mediaPlan(config),
        readiness: { maxLag: config.ATENDE_READY_MAX_LAG, staleMs: config.ATENDE_READY_STALE_MS },
        progress: redis(''),
        notifierGroup: `${topic}.notifier.${host}.${config.PORT}`,
      };
    case 'projector': {
      const url = config.EVENTSTORE_URL;
      return {
        ...shared,
        role,
        // The lease lives where the log does when it is PostgreSQL (one server less to depend on).
        lease:
          url && eventLogKindOfUrl(url) === 'postgres'
            ? { kind: 'postgres', url, name: `${prefix}relay-projector` }
            : { kind: 'redis', url: config.REDIS_URL, key: `${prefix}lease:relay-projector` },
        checkpoints: redis(''),
        consumerGroup: `${topic}.projector`,
      };
    }
    case 'channel-worker': {
      const workerId = config.CHANNEL_WORKER_ID ?? host;
      const url = config.EVENTSTORE_URL;
      return {
        ...shared,
        role,
        workerId,
        media: mediaPlan(config),
        checkpoints: redis(''),
        consumerGroup: `${topic}.channel-worker.${workerId}`,
        checkpointName: `channel-bridge:${workerId}`,
        email: { checkpointName: `email-outbox:${workerId}` },
        sessionLeases:
          url && eventLogKindOfUrl(url) === 'postgres'
            ? { kind: 'postgres', url }
            : { kind: 'redis', url: config.REDIS_URL, prefix },
        sessionArchives:
          url && eventLogKindOfUrl(url) === 'postgres'
            ? { kind: 'postgres', url }
            : { kind: 'sqlite', dataDir: config.dataDir },
        queue: redis('bull'),
        whatsapp: {
          driver: config.whatsappDriver,
          chromiumPath: config.CHROMIUM_PATH,
          sendDelayMs: config.SANDBOX_SEND_DELAY_MS,
          maxSessions: config.CHANNEL_WORKER_MAX_SESSIONS,
        },
        sandbox:
          config.whatsappDriver === 'sandbox'
            ? {
                port: config.SANDBOX_PORT,
                host: config.HOST,
                token: config.ATENDE_SANDBOX_TOKEN,
                phone: redis('sandbox:'),
              }
            : undefined,
      };
    }
  }
}
