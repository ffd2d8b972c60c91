import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const port = z.coerce.number().int().min(0).max(65535);

/** Every environment variable Atende reads, with its default. The only place that reads process.env. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** embedded: one process, SQLite + in-process bus and read models. distributed: Kafka + Redis. */
  ATENDE_MODE: z.enum(['embedded', 'distributed']).default('embedded'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Folder for the SQLite event store, WhatsApp sessions and media. */
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** SQLite durability: full fsyncs every commit (survives power loss); normal survives process crashes. */
  SQLITE_SYNCHRONOUS: z.enum(['full', 'normal']).default('full'),
  /**
   * Embedded mode: where the read models live. `sqlite` (default): DATA_DIR/read-models.db,
   * committed with their checkpoints, so a restart resumes instead of rebuilding; `memory`: in the
   * heap, rebuilt from the whole log at every start (the benchmarks' in-heap baseline).
   */
  EMBEDDED_READ_MODELS: z.enum(['memory', 'sqlite']).default('sqlite'),
  /**
   * Embedded SQLite read models: seal, insert and commit their rows in a thread of their own.
   * +55–65 % msg/s with 1,000 customers writing at once, nothing with 10,000, for ≈100 MB more RSS
   * and a higher p99 at 1,000 msg/s (README, bench:ingest): off unless spare cores and memory are
   * worth more than that.
   */
  EMBEDDED_READ_MODELS_WRITER_THREAD: booleanFlag.default(false),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  KAFKA_BROKERS: z
    .string()
    .default('127.0.0.1:9092')
    .transform((s) =>
      s
        .split(',')
        .map((b) => b.trim())
        .filter(Boolean),
    ),
  /** The multi-host event log: `postgres://…` (PostgreSQL) or `esdb://…` (EventStoreDB). Unset: SQLite in DATA_DIR. */
  EVENTSTORE_URL: z
    .string()
    .regex(/^(postgres|postgresql|esdb|esdb\+discover):\/\//i, 'must start with postgres:// or esdb://')
    .optional(),
  /**
   * Express `trust proxy`: set it (e.g. `1`, `loopback`) behind an https reverse proxy so the session
   * cookie is marked Secure and client addresses are right. Unset: no proxy trusted.
   */
  TRUST_PROXY: z.string().min(1).optional(),
  /** Origin allowed by CORS for the web client (same origin needs nothing). */
  WEB_ORIGIN: z.string().url().optional(),
  /** The built web client the gateway serves (default: apps/web/dist of this repository). */
  WEB_DIST_DIR: z.string().min(1).optional(),
  AUTH: z.enum(['local', 'firebase']).default('local'),
  /** Firebase mode: the project whose ID tokens are accepted, and the web SDK settings for the browser. */
  FIREBASE_PROJECT_ID: z.string().min(1).optional(),
  FIREBASE_API_KEY: z.string().min(1).optional(),
  FIREBASE_AUTH_DOMAIN: z.string().min(1).optional(),
  /** `open`: anyone may create a company (a workspace on the trial) at /signup. Default closed (404). */
  ATENDE_SIGNUP: z.enum(['open', 'closed']).default('closed'),
  ATENDE_OWNER_EMAIL: z.string().email().optional(),
  ATENDE_OWNER_PASSWORD: z.string().min(8).optional(),
  /**
   * sandbox: the simulated phone (on by default only in the embedded demo, i.e. without
   * ATENDE_OWNER_*); wwebjs: real WhatsApp through whatsapp-web.js.
   */
  WHATSAPP_DRIVER: z.enum(['sandbox', 'wwebjs']).optional(),
  /** The token the sandbox's controls require (x-sandbox-token); default one generated in DATA_DIR. */
  ATENDE_SANDBOX_TOKEN: z.string().min(16).optional(),
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  /**
   * Sandbox only: simulated network time of a send, spent both before the phone takes the message
   * and before it answers (so demos and tests can see, or interrupt, a send in flight).
   */
  SANDBOX_SEND_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /**
   * Operational endpoints: /metrics answers only with `Authorization: Bearer <METRICS_TOKEN>`, and
   * /healthz gives its details only then (anonymous callers get the status alone).
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Serves /metrics and a detailed /healthz on their own port, without a token (METRICS_HOST only). */
  METRICS_PORT: port.optional(),
  /** /readyz of a distributed gateway fails past this many events between the log and the projector. */
  ATENDE_READY_MAX_LAG: z.coerce.number().int().min(1).default(5000),
  /** …or when the relay + projector process has not said it is alive for this long (ms). */
  ATENDE_READY_STALE_MS: z.coerce.number().int().min(1000).default(15_000),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * The master key that wraps the data keys of encrypted event fields (base64url of 32 bytes, e.g.
   * `openssl rand -base64 32 | tr '+/' '-_' | tr -d '='`); default DATA_DIR/master.key, made at the
   * first start. Keep it apart from the data's backups: without it nothing encrypted can be read.
   */
  ATENDE_MASTER_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}=?$/, 'precisa ser base64url de 32 bytes (43 caracteres)')
    .optional(),
  /** Multi-host: prefix of every Redis key of this deployment (read models, sessions, adapter, queues, leases). */
  ATENDE_REDIS_PREFIX: z.string().min(1).default('atende:'),
  /** Multi-host: the Kafka topic of the event bus. */
  ATENDE_KAFKA_TOPIC: z.string().min(1).default('atende.events'),
  /** Channel worker of a multi-host deployment: port of the WhatsApp sandbox's controls (sandbox driver only). */
  SANDBOX_PORT: port.default(3010),
  /**
   * Channel worker: the most WhatsApp sessions it runs at once (each whatsapp-web.js session is a
   * Chromium, ≈0.25 GB); the others are left to other channel workers.
   */
  CHANNEL_WORKER_MAX_SESSIONS: z.coerce.number().int().min(1).default(50),
  /**
   * Channel worker: its name among the deployment's workers, unique and kept across restarts (its
   * session leases, consumer group and checkpoint are named after it). Default: the host name.
   */
  CHANNEL_WORKER_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, 'letras, números, ponto, hífen ou sublinhado (até 64)')
    .optional(),
  REQUIRE_INFRA: booleanFlag.default(false),
  /**
   * The gateway checks every answer against its contract schema before sending it (a mismatch is a
   * 500 and an error in the log). Default: on, except with NODE_ENV=production (it costs a parse).
   */
  VALIDATE_ANSWERS: booleanFlag.optional(),
});

export type RawConfig = z.infer<typeof configSchema>;

export interface AtendeConfig extends RawConfig {
  /** DATA_DIR made absolute. */
  dataDir: string;
  /** The sandbox is the default WhatsApp driver in the embedded demo (no ATENDE_OWNER_*). */
  whatsappDriver: 'sandbox' | 'wwebjs';
  /** VALIDATE_ANSWERS, or its default: on outside production. */
  validateAnswers: boolean;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Validates the environment; throws a ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AtendeConfig {
  const defined = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(defined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configuração inválida:\n${lines.join('\n')}`);
  }
  const raw = parsed.data;
  if (raw.AUTH === 'firebase' && !raw.FIREBASE_PROJECT_ID) {
    throw new ConfigError('Configuração inválida:\n  AUTH=firebase precisa de FIREBASE_PROJECT_ID');
  }
  if ((raw.ATENDE_OWNER_EMAIL === undefined) !== (raw.ATENDE_OWNER_PASSWORD === undefined)) {
    throw new ConfigError('Configuração inválida:\n  ATENDE_OWNER_EMAIL e ATENDE_OWNER_PASSWORD vão juntos');
  }
  return {
    ...raw,
    dataDir: path.resolve(cwd, raw.DATA_DIR),
    validateAnswers: raw.VALIDATE_ANSWERS ?? raw.NODE_ENV !== 'production',
    // A real deployment (its own owner) never gets an anonymous simulated phone by accident.
    whatsappDriver:
      raw.WHATSAPP_DRIVER ??
      (raw.ATENDE_MODE === 'embedded' && raw.ATENDE_OWNER_EMAIL === undefined ? 'sandbox' : 'wwebjs'),
  };
}
