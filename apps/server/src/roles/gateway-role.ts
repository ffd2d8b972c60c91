import type { Logger } from 'pino';
import { Redis } from 'ioredis';
import { ensureDemoWorkspace, gatewaySettings } from '@atende/gateway';
import {
  ReadModelsProgress,
  RedisSessionStore,
  checkpointRoleProbe,
  redisRateLimitStores,
  startGateway,
} from '@atende/gateway/distributed';
import { LIVE_PROJECTOR_POSITION, startupProjections } from '@atende/projector';
import { RedisCheckpointStore } from '@atende/read-models';
import { followBus } from '../adapters/follow-bus.js';
import { openBus, openMedia, openReadModels, openStore } from '../adapters/open-adapters.js';
import type { GatewayPlan } from '../plan/role-plan.js';
import { closeInOrder, type RoleHandle } from './role-handle.js';

/** Reads-your-writes: how many projector batches a gateway's answer may wait for. */
const PROGRESS_BATCHES = 2;

/** A gateway (HTTP API + Socket.IO) on the shared log, Redis read models, sessions and limits. */
export async function startGatewayRole(plan: GatewayPlan, logger: Logger): Promise<RoleHandle> {
  const store = openStore(plan, logger);
  const readModels = await openReadModels(plan, store);
  const media = openMedia(plan.media, readModels, store.cipher);
  // Where the projector publishes how far every read model is, and that it is alive.
  const progress = new RedisCheckpointStore({ url: plan.progress.url, prefix: plan.progress.prefix });
  const sessions = new RedisSessionStore(plan.sessions.url, plan.sessions.prefix);
  // Sign-in throttle and per-member limits count on every gateway together.
  const limits = new Redis(plan.rateLimits.url, { maxRetriesPerRequest: 2 });
  const demo = await ensureDemoWorkspace(store, plan.bootstrap); // idempotent: every gateway may run it
  const { bus } = openBus(plan, 'atende-gateway', store);
  const http = gatewaySettings(plan.http);
  const gateway = await startGateway({
    store,
    contactKeys: store.cipher,
    readModels,
    sessions,
    progress: new ReadModelsProgress(
      readModels,
      startupProjections.map((p) => p.name),
      PROGRESS_BATCHES,
      async () => (await progress.load(LIVE_PROJECTOR_POSITION)) ?? 0,
    ),
    logger,
    port: plan.listen.port,
    host: plan.listen.host,
    ...http.deps,
    ...http.app,
    redisUrl: plan.socketAdapter.url,
    adapterKey: plan.socketAdapter.key,
    rateLimitStore: redisRateLimitStores(limits, plan.rateLimits.prefix),
    media,
    roles: {
      probe: checkpointRoleProbe(progress),
      limits: { maxLag: plan.readiness.maxLag, staleMs: plan.readiness.staleMs },
    },
    // The fan-out follows the bus as this gateway's own consumer group, from now on.
    eventSource: followBus(bus, plan.notifierGroup, store, logger, {
      fromBeginning: false,
      busName: `Kafka topic "${plan.bus.topic}"`,
    }),
  });
  logger.info({ url: gateway.url, port: gateway.port }, `Atende gateway em ${gateway.url}`);
  if (demo.demoCredentials) {
    logger.info(`Login de demonstração: ${demo.demoCredentials.email} / ${demo.demoCredentials.password}`);
  }
  return {
    stop: () =>
      closeInOrder([
        () => gateway.stop(),
        () => bus.close(),
        () => sessions.close(),
        () => limits.quit().catch(() => limits.disconnect()),
        () => progress.close(),
        () => media.close(),
        () => readModels.close(),
        () => store.close(),
      ]),
  };
}
