/** Distributed mode: one gateway (HTTP API + Socket.IO) on the shared log, Redis read models and sessions. */
import { hostname } from 'node:os';
import { KafkaEventBus } from '@atende/event-bus';
import { RedisCheckpointStore } from '@atende/read-models';
import { LIVE_PROJECTOR_POSITION, busSource, startupProjections } from '@atende/projector';
import { Redis } from 'ioredis';
import { RedisSessionStore } from '../../apps/gateway/src/auth/redis-session-store.js';
import { redisRateLimitStores } from '../../apps/gateway/src/distributed/redis-rate-limit-store.js';
import { ensureDemoWorkspace } from '../../apps/gateway/src/bootstrap/ensure-demo-workspace.js';
import { ReadModelsProgress } from '../../apps/gateway/src/distributed/read-models-progress.js';
import { startGateway } from '../../apps/gateway/src/distributed/start-gateway.js';
import { gatewaySettings } from '../../apps/gateway/src/http/gateway-settings.js';
import { checkpointRoleProbe } from '../../apps/gateway/src/distributed/role-progress.js';
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
const http = gatewaySettings(config);
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
  // WEB_ORIGIN, TRUST_PROXY, AUTH=firebase, METRICS_TOKEN…: read as the embedded product reads them.
  ...http.deps,
  ...http.app,
  redisUrl: config.REDIS_URL,
  adapterKey: `${redisPrefix}socket.io`,
  rateLimitStore: redisRateLimitStores(limits, `${redisPrefix}rl:`),
  media,
  roles: {
    probe: checkpointRoleProbe(projectorPosition),
    limits: { maxLag: config.ATENDE_READY_MAX_LAG, staleMs: config.ATENDE_READY_STALE_MS },
  },
  // The fan-out follows the bus as this gateway's own consumer group, from now on.
  eventSource: busSource(bus, `${kafkaTopic}.notifier.${hostname()}.${config.PORT}`, store, {
    fromBeginning: false,
    busName: `Kafka topic "${kafkaTopic}"`,
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
