/**
 * Distributed mode: the channel worker — WhatsApp (whatsapp-web.js, or the sandbox phone with its
 * controls on SANDBOX_PORT) → commands → events; sends from a BullMQ queue in Redis.
 */
import type { Server } from 'node:http';
import express from 'express';
import type { Channel } from '@atende/events';
import {
  BullMqQueue,
  SandboxChannel,
  SqliteSandboxStorage,
  WhatsAppWebChannel,
  WorkspaceMediaSink,
  startChannelBridge,
  type SendJob,
} from '@atende/channel-worker';
import { KafkaEventBus } from '@atende/event-bus';
import { busSource, conversationAllowance, listRestorableSessions } from '@atende/projector';
import { RedisCheckpointStore } from '@atende/read-models';
import path from 'node:path';
import { DEMO_SANDBOX_SESSION } from '../../apps/gateway/src/bootstrap/ensure-demo-workspace.js';
import { toErrorResponse } from '../../apps/gateway/src/http/errors.js';
import type { GatewayDeps } from '../../apps/gateway/src/http/gateway-deps.js';
import { listenHttp } from '../../apps/gateway/src/http/listen.js';
import { mountRoutes } from '../../apps/gateway/src/http/mount-routes.js';
import { sandboxRoutes } from '../../apps/gateway/src/routes/sandbox/sandbox-routes.js';
import { sandboxToken, sandboxTokenGuard } from '../../apps/gateway/src/routes/sandbox/sandbox-token.js';
import {
  distributedSettings,
  onShutdown,
  openSharedMediaStore,
  openSharedReadModels,
  openSharedStore,
  sealedBus,
  sessionWorkspaces,
} from './settings.js';

const settings = distributedSettings('atende-channel-worker');
const { config, redisPrefix, kafkaTopic, sandboxPort, logger } = settings;
const store = openSharedStore(settings);
const readModels = await openSharedReadModels(settings, store);
const workspaceOf = sessionWorkspaces(readModels);
// Where the WhatsApp driver puts the media it downloads, for every gateway to serve.
const media = openSharedMediaStore(settings, readModels);
const checkpoints = new RedisCheckpointStore({ url: config.REDIS_URL, prefix: redisPrefix });
const queue = new BullMqQueue<SendJob>({
  name: 'atende-send',
  redisUrl: config.REDIS_URL,
  prefix: `${redisPrefix}bull`,
  keyOf: (job) => job.sessionId,
});
const sandboxStorage =
  config.whatsappDriver === 'sandbox'
    ? new SqliteSandboxStorage(path.join(config.dataDir, 'sandbox.db'))
    : undefined;
const sandbox = sandboxStorage
  ? new SandboxChannel({ paired: [DEMO_SANDBOX_SESSION.sessionId], storage: sandboxStorage })
  : undefined;
const channel: Channel =
  sandbox ??
  new WhatsAppWebChannel({
    dataDir: config.dataDir,
    chromiumPath: config.CHROMIUM_PATH,
    mediaSink: new WorkspaceMediaSink(media, workspaceOf),
    logger,
  });
const sessionsView = readModels.view('channel-sessions');
const bus = sealedBus(
  new KafkaEventBus({
    brokers: config.KAFKA_BROKERS,
    topic: kafkaTopic,
    clientId: 'atende-channel-worker',
  }),
  store,
);
const bridge = await startChannelBridge({
  store,
  conversationIdFor: (workspaceId, address) => store.cipher.conversationIdFor(workspaceId, address),
  // The erasure happened in a gateway: this process's cached keys and routes are stale.
  onContactErased: () => store.cipher.forgetCachedKeys(),
  media,
  channel,
  logger,
  queue,
  checkpoints,
  startAtBeginning: true,
  // Send requests and session requests reach it through the bus, as its own consumer group.
  source: busSource(bus, `${kafkaTopic}.channel-worker`, store),
  workspaceOf,
  allowanceOf: (workspaceId) => conversationAllowance(readModels.view('workspaces'), workspaceId),
  restorableSessions: async () => await listRestorableSessions(sessionsView),
});

// The sandbox phone's controls (DESIGN §4) live with the phone, in this process.
let controls: Server | undefined;
if (sandbox) {
  const app = express();
  app.use('/api/sandbox', sandboxTokenGuard(sandboxToken(config.dataDir, config.ATENDE_SANDBOX_TOKEN)));
  app.use(express.json({ limit: '100kb' }));
  mountRoutes(app, sandboxRoutes(sandbox, bridge.conversationIdOf), { logger } as unknown as GatewayDeps);
  app.use(
    (_req, res) =>
      void res.status(404).json({ success: false, error: 'Rota não encontrada', code: 'NOT_FOUND' }),
  );
  app.use(((error, _req, res, _next) => {
    const { status, body } = toErrorResponse(error);
    res.status(status).json(body);
  }) as express.ErrorRequestHandler);
  controls = await listenHttp(app, sandboxPort, config.HOST);
  logger.info(
    { port: sandboxPort },
    `sandbox do WhatsApp em http://localhost:${sandboxPort}/api/sandbox/whatsapp`,
  );
}
logger.info({ driver: channel.name }, 'channel worker running');
onShutdown(logger, async () => {
  await new Promise<void>((resolve) => (controls ? controls.close(() => resolve()) : resolve()));
  await bridge.stop();
  await bus.close();
  await channel.close();
  sandboxStorage?.close();
  await checkpoints.close();
  await media.close();
  await readModels.close();
  await store.close();
});
