/** Distributed mode: one gateway (HTTP API + Socket.IO) on the shared log, Redis read models and sessions. */
import { hostname } from 'node:os';
import path from 'node:path';
import { KafkaEventBus } from '@atende/event-bus';
import { RedisCheckpointStore } from '@atende/read-models';
import { LIVE_PROJECTOR_POSITION, busSource, startupProjections } from '@atende/projector';
import { Redis } from 'ioredis';
import { RedisSessionStore } from '../../apps/gateway/src/auth/redis-session-store.js';
import { redisRateLimitStores } from '../../apps/gateway/src/distributed/redis-rate-limit-store.js';
import { ensureDemoWorkspace } from '../../apps/gateway/src/bootstrap/ensure-demo-workspace.js';
import { ReadModelsProgress } from '../../apps/gateway/src/distributed/read-models-progress.js';
import { startGateway } from '../../apps/gateway/src/distributed/start-gateway.js';
import { defaultWebDistDir } from '../../apps/gateway/src/http/web-client.js';
import {
  distributedSettings,
  onShutdown,
  openSharedMediaStore,
  openSharedReadModels,
  openSharedStore,
  sealedBus,
} from './settings.js';

const settings = distributedSettings('atende-gateway');
const { config, redisPrefix, kafkaTopic, logger } = settings;
const store = openSharedStore(settings);
const readModels = await openSharedReadModels(settings, store);
const media = openSharedMediaStore(settings, readModels);
// Where the projector process publishes how far every read model is.
const projectorPosition = new RedisCheckpointStore({ url: config.REDIS_URL, prefix: redisPrefix });
const sessions = new RedisSessionStore(config.REDIS_URL, `${redisPrefix}session:`);
// Sign-in throttle and per-member limits count on every gateway together.
const limits = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 });
const demo = await ensureDemoWorkspace(store, config); // idempotent: every gateway may run it
const bus = sealedBus(
  new KafkaEventBus({
    brokers: config.KAFKA_BROKERS,
    topic: kafkaTopic,
    clientId: 'atende-gateway',
  }),
  store,
);
const gateway = await startGateway({
  store,
  contactKeys: store.cipher,
  readModels,
  sessions,
  progress: new ReadModelsProgress(
    readModels,
    startupProjections.map((p) => p.name),
    2,
    async () => (await projectorPosition.load(LIVE_PROJECTOR_POSITION)) ?? 0,
  ),
  logger,
  port: config.PORT,
  host: config.HOST,
  webDistDir: config.WEB_DIST_DIR ? path.resolve(config.WEB_DIST_DIR) : defaultWebDistDir,
  redisUrl: config.REDIS_URL,
  adapterKey: `${redisPrefix}socket.io`,
  whatsappDriver: config.whatsappDriver,
  signupOpen: config.ATENDE_SIGNUP === 'open',
  rateLimitStore: redisRateLimitStores(limits, `${redisPrefix}rl:`),
  ...(config.METRICS_TOKEN ? { metricsToken: config.METRICS_TOKEN } : {}),
  media,
  // The fan-out follows the bus as this gateway's own consumer group, from now on.
  eventSource: busSource(bus, `${kafkaTopic}.notifier.${hostname()}.${config.PORT}`, store, {
    fromBeginning: false,
  }),
});
logger.info({ url: gateway.url, port: gateway.port }, `Atende gateway em ${gateway.url}`);
if (demo.demoCredentials) {
  logger.info(`Login de demonstração: ${demo.demoCredentials.email} / ${demo.demoCredentials.password}`);
}
onShutdown(logger, async () => {
  await gateway.stop();
  await bus.close();
  await sessions.close();
  await limits.quit().catch(() => limits.disconnect());
  await projectorPosition.close();
  await media.close();
  await readModels.close();
  await store.close();
});
