import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server as NetServer } from 'node:net';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { securePrivateDataDir, type AtendeConfig } from '@atende/config';
import {
  AggregateCache,
  ProcessorHost,
  type EventStore,
  type MediaStore,
  type ReadModels,
} from '@atende/events';
import {
  FileMediaStore,
  MASTER_KEY_CREATED_MESSAGE,
  SealedMediaStore,
  SqliteCheckpointStore,
  encryptedStore,
  openDeploymentKeys,
  openEventStore,
} from '@atende/event-store';
import { MemoryReadModels } from '@atende/read-models';
import {
  OPS_SOCKET_NAME,
  Projector,
  allProjections,
  backgroundProjections,
  rebuild,
  startOpsServer,
  startupProjections,
} from '@atende/projector';
import { answerClientErrors } from '../http/client-errors.js';
import { listenHttp } from '../http/listen.js';
import { createApp, type AppOptions } from '../http/create-app.js';
import { operationalApp } from '../http/operational-routes.js';
import { auditBurstsOf } from '../http/deny-access.js';
import { sandboxToken } from '../routes/sandbox/sandbox-token.js';
import { createRealtime, type Realtime } from '../realtime/index.js';
import {
  conversationIdsOfLaterBridge,
  startChannelBridge,
  BRIDGE_AGGREGATE_CACHE_ENTRIES,
  startEmailInboxes,
  startEmailOutbox,
  type ChannelBridge,
  type SandboxChannel,
} from '@atende/channel-worker';
import {
  conversationAllowance,
  getSession,
  listRestorableSessions,
  workspacesWithIntegration,
} from '@atende/projector';
import { SqliteSessionStore, type SessionStore } from '../auth/session-store.js';
import { gatewaySettings } from '../http/gateway-settings.js';
import type { GatewayDeps } from '../http/gateway-deps.js';
import { ensureDemoWorkspace, type DemoWorkspace } from '../bootstrap/ensure-demo-workspace.js';
import { openEmbeddedChannel } from './embedded-channel.js';
import { refreshOutdated } from './refresh-outdated.js';
import { openSqliteReadModels } from './sqlite-read-models-start.js';

/** How often the background projections (analytics, suggestions) start a batch, at most. */
const BACKGROUND_BATCH_INTERVAL_MS = 200;

export interface EmbeddedAtende {
  store: EventStore;
  readModels: ReadModels;
  /** Follows the log for the inbox's read models (rebuilt before listening). */
  projector: Projector;
  /** Follows the log for read models caught up after start (analytics). */
  backgroundProjector: Projector;
  server: Server;
  /** Socket.IO fan-out of the log to signed-in members. */
  realtime: Realtime;
  /** The URL it listens on (useful with PORT=0). */
  url: string;
  /** Server-side sessions (sessions.db). */
  sessions: SessionStore;
  /** The METRICS_PORT listener's URL (/metrics, detailed /healthz without a token), when configured. */
  metricsUrl: string | undefined;
  demo: DemoWorkspace;
  /** The WhatsApp sandbox phone, when the sandbox driver is on. */
  sandbox: SandboxChannel | undefined;
  /** The x-sandbox-token its HTTP controls require, when it is on. */
  sandboxToken: string | undefined;
  /** Where customers' media is kept (DATA_DIR/media), sealed with each customer's key. */
  media: MediaStore;
  /** How long building the inbox's read models from the log (or catching the kept ones up) took at start. */
  startupRebuildMs: number;
  /** Whether they were served as kept (in read-models.db) rather than built from the log. */
  restoredReadModels: boolean;
  /** Settles once the projections other code made are rebuilt by this code and switched in (or it failed). */
  outdatedRebuilt: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Embedded mode: one process with the SQLite event store, the read models in DATA_DIR/read-models.db
 * (resumed from their checkpoints at start, then followed live), the HTTP gateway and the local ops
 * socket.
 */
export interface EmbeddedOptions {
  /** Run without a live WhatsApp channel (tests that drive sessions through the domain). Default true. */
  channel?: boolean;
  /**
   * The e-mail channel: send through each workspace's Email integration (the outbox) and read its
   * mailbox (IMAP). Default true; tests that only look at what POST /api/emails records turn it off.
   */
  email?: boolean;
  /** Login throttle limits (tests lower them). */
  loginLimits?: AppOptions['loginLimits'];
  /** See GatewayDeps.auditBurstWindowMs (tests shorten it). */
  auditBurstWindowMs?: number;
  /** Benchmarks only (the "before encryption" figure): the log's fields are not sealed. */
  plainEventLog?: boolean;
}

export async function startEmbedded(
  config: AtendeConfig,
  logger: Logger,
  options: EmbeddedOptions = {},
): Promise<EmbeddedAtende> {
  securePrivateDataDir(config.dataDir);
  // Personal data and secrets are sealed in the log with data keys kept in DATA_DIR/keys.db, wrapped
  // by the master key (ATENDE_MASTER_KEY or DATA_DIR/master.key): DESIGN §3.
  const keys = openDeploymentKeys(
    config.dataDir,
    config.ATENDE_MASTER_KEY,
    undefined,
    config.SQLITE_SYNCHRONOUS,
  );
  if (keys.masterCreated) {
    logger.warn({ file: keys.masterFile }, MASTER_KEY_CREATED_MESSAGE);
  }
  const log = openEventStore({
    kind: 'sqlite',
    filename: path.join(config.dataDir, 'events.db'),
    synchronous: config.SQLITE_SYNCHRONOUS,
    checkpointInBackground: true, // commits never hold the event loop for a WAL checkpoint
    // Nor for a sync (≈0.25 ms a commit here): the WAL is synced on the thread pool, and an append
    // is acknowledged once it is on disk. The ops CLIs that append meanwhile keep synchronous=FULL.
    syncInBackground: true,
  });
  const store: EventStore = options.plainEventLog ? log : encryptedStore(log, keys);
  const demo = await ensureDemoWorkspace(store, config);

  const rebuildStarted = performance.now();
  // What the inbox shows (customers' names, messages) is sealed at rest with it.
  const readModelsKey = await keys.cipher.readModelsKey();
  const kept =
    config.EMBEDDED_READ_MODELS === 'sqlite'
      ? await openSqliteReadModels({
          dataDir: config.dataDir,
          key: readModelsKey,
          store,
          logger,
          writerThread: config.EMBEDDED_READ_MODELS_WRITER_THREAD,
        })
      : undefined;
  // Left by versions that kept the read models in the heap: a copy of data that may since be erased.
  rmSync(path.join(config.dataDir, 'read-models.snapshot'), { force: true });
  const readModels: ReadModels = kept?.readModels ?? new MemoryReadModels();
  // In SQLite they are served as kept, from checkpoints committed with their rows; in the heap, or
  // when there is nothing to serve yet, the inbox's read models are built from the log first.
  const restoredReadModels = kept !== undefined && !kept.empty;
  if (!restoredReadModels) {
    await rebuild({ store, readModels, projections: startupProjections });
    logger.info(
      { ms: Math.round(performance.now() - rebuildStarted) },
      'read models rebuilt from the event log',
    );
  } else {
    logger.info('read models kept in read-models.db: resuming from their checkpoints');
  }
  // Projections whose code changed since their kept version: rebuilt blue/green once listening.
  const outdated = new Set(kept?.readModels.outdated());
  // The process reads the log once: the projections, then the socket fan-out and the channels'
  // reactors, each from its own position. The background projections (analytics) have a host of their
  // own: their catch-up after a cold start must not hold the inbox up.
  const host = new ProcessorHost({ store, logger, name: 'embedded' });
  // Side by side: the SQLite read models commit the projections of a batch in one transaction.
  const projector = new Projector({
    store,
    readModels,
    projections: startupProjections,
    logger,
    concurrent: true,
    host,
  });
  projector.start();
  host.start();
  // Events appended since the last batch committed: served only once applied, as after a rebuild.
  if (restoredReadModels) await projector.caughtUp();
  const startupRebuildMs = performance.now() - rebuildStarted;
  const backgroundProjector = new Projector({
    store,
    readModels,
    projections: backgroundProjections,
    logger,
    concurrent: true,
    // Once per interval, not per event: at 1,000 msg/s its commits took as long as the inbox's.
    minBatchIntervalMs: BACKGROUND_BATCH_INTERVAL_MS,
  });

  let opsServer: NetServer | undefined;
  try {
    opsServer = await startOpsServer(
      path.join(config.dataDir, OPS_SOCKET_NAME),
      (request, onProgress) =>
        rebuild({
          store,
          readModels,
          projections: allProjections.filter((p) => request.projections.includes(p.name)),
          dryRun: request.dryRun,
          onProgress,
        }),
      logger,
    );
  } catch (error) {
    logger.warn({ err: error }, 'ops socket not available: npm run replay cannot reach this process');
  }

  const sessionsView = readModels.view('channel-sessions');
  const workspaceOfSession = async (sessionId: string) =>
    (await getSession(sessionsView, sessionId))?.workspaceId;
  // Media of customers' messages: files in DATA_DIR/media, sealed with each customer's key (erased
  // with them, backups included). A folder of an older version (no owner written yet) belongs to the
  // workspace of the session it is named after.
  const media = new SealedMediaStore(
    new FileMediaStore({
      root: path.join(config.dataDir, 'media'),
      ownerOfUnmarkedFolder: workspaceOfSession,
    }),
    keys.cipher,
  );
  // The bridge names a download's conversation (its customer's key); it starts after the channel.
  const conversations = conversationIdsOfLaterBridge();
  const { sandbox, sandboxStorage, sessionArchives, channel } = openEmbeddedChannel({
    config,
    enabled: options.channel !== false,
    demo,
    media,
    keys,
    store,
    logger,
    workspaceOfSession,
    conversationIdOf: conversations.conversationIdOf,
  });
  const sendsEmail = options.email !== false;
  const checkpoints =
    channel || sendsEmail ? new SqliteCheckpointStore(path.join(config.dataDir, 'consumers.db')) : undefined;
  // E-mails of ours go to their workspace's SMTP server, followed from the log like WhatsApp sends;
  // the mailboxes of the Email cards that name an IMAP Server are read into the Emails panel.
  const emailOutbox =
    sendsEmail && checkpoints ? await startEmailOutbox({ store, logger, checkpoints, host }) : undefined;
  const emailInboxes =
    sendsEmail && checkpoints
      ? await startEmailInboxes({
          store,
          logger,
          checkpoints,
          host,
          media,
          connected: () => workspacesWithIntegration(readModels.view('workspaces'), 'email'),
        })
      : undefined;
  // One cache of stream states for the process: the bridge records a customer's message and the
  // gateway an agent's answer on the same conversation, whose state is then held once.
  const aggregateCache = new AggregateCache(BRIDGE_AGGREGATE_CACHE_ENTRIES);
  let bridge: ChannelBridge | undefined;
  if (channel && checkpoints) {
    bridge = await startChannelBridge({
      store,
      cache: aggregateCache,
      conversationIdFor: (workspaceId, address) => keys.cipher.conversationIdFor(workspaceId, address),
      media,
      sessionArchives,
      channel,
      logger,
      checkpoints,
      host,
      workspaceOf: workspaceOfSession,
      allowanceOf: (workspaceId) => conversationAllowance(readModels.view('workspaces'), workspaceId),
      // Sessions connected when the process stopped connect again (the demo phone among them).
      restorableSessions: async () => await listRestorableSessions(sessionsView),
    });
    conversations.started(bridge);
  }
  const sessions = new SqliteSessionStore(path.join(config.dataDir, 'sessions.db'));
  const http = gatewaySettings(config);
  const deps: GatewayDeps = {
    store,
    contactKeys: keys.cipher,
    ...(bridge ? { sandboxConversationId: bridge.conversationIdOf } : {}),
    readModels,
    progress: projector,
    aggregateCache,
    sessions,
    logger,
    media,
    ...http.deps,
    ...(options.auditBurstWindowMs !== undefined ? { auditBurstWindowMs: options.auditBurstWindowMs } : {}),
    ...(sandbox ? { sandbox, sandboxToken: sandboxToken(config.dataDir, config.ATENDE_SANDBOX_TOKEN) } : {}),
  };
  const app = createApp(deps, {
    projectors: [projector, backgroundProjector],
    startedAt: new Date(),
    ...http.app,
    ...(options.loginLimits ? { loginLimits: options.loginLimits } : {}),
  });
  const server = await listenHttp(app, config.PORT, config.HOST);
  const metricsServer =
    config.METRICS_PORT !== undefined
      ? await listenHttp(
          operationalApp(deps, app.locals.operational),
          config.METRICS_PORT,
          config.METRICS_HOST,
        )
      : undefined;
  answerClientErrors(server);
  const realtime = createRealtime({
    httpServer: server,
    deps,
    projector,
    logger,
    host,
    afterProcessors: [projector.processor.id],
  });
  await realtime.ready;
  // Analytics and suggestions catch up once the inbox is served: started earlier, their replay of the
  // whole log would share the thread with the rest of the start and delay listening by seconds.
  backgroundProjector.start();
  const refresh = refreshOutdated({
    store,
    readModels,
    projections: allProjections.filter((p) => outdated.has(p.name)),
    logger,
  });
  const { port } = server.address() as AddressInfo;
  let stopping: Promise<void> | undefined;
  return {
    store,
    readModels,
    projector,
    backgroundProjector,
    server,
    realtime,
    demo,
    sandbox,
    sandboxToken: deps.sandboxToken,
    media,
    startupRebuildMs,
    restoredReadModels,
    outdatedRebuilt: refresh.done,
    url: `http://localhost:${port}`,
    sessions,
    metricsUrl: metricsServer
      ? `http://${config.METRICS_HOST}:${(metricsServer.address() as AddressInfo).port}`
      : undefined,
    stop: () =>
      (stopping ??= (async () => {
        // First: right after a cold start, analytics and suggestions may still be replaying the log,
        // and everything below would wait on that. Their checkpoints are committed with their rows,
        // so the next start resumes where they stopped.
        await backgroundProjector.stop();
        await refresh.stop();
        await realtime.close();
        await bridge?.stop();
        await emailOutbox?.stop();
        await emailInboxes?.stop();
        await channel?.close();
        await sessionArchives?.close();
        await sandboxStorage?.close();
        await checkpoints?.close();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await auditBurstsOf(deps).flush();
        await new Promise<void>((resolve) =>
          metricsServer ? metricsServer.close(() => resolve()) : resolve(),
        );
        await new Promise<void>((resolve) => (opsServer ? opsServer.close(() => resolve()) : resolve()));
        await projector.stop();
        await host.stop();
        await readModels.close();
        await sessions.close();
        await media.close();
        await store.close(); // with the keys, when encrypted
        if (options.plainEventLog) await keys.cipher.keys.close();
      })()),
  };
}
