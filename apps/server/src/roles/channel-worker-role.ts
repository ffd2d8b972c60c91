import type { Server } from 'node:http';
import type { Logger } from 'pino';
import {
  EMAIL_SEND_RULES,
  startEmailInboxes,
  startEmailOutbox,
  type EmailJob,
  SandboxChannel,
  WhatsAppWebChannel,
  WorkspaceMediaSink,
  conversationIdsOfLaterBridge,
  sessionWorkspaceLookup,
  startChannelBridge,
  wwebjsClientFactory,
  type SendJob,
} from '@atende/channel-worker';
import { BullMqKeyedQueues, BullMqQueue, RedisSandboxStorage } from '@atende/channel-worker/distributed';
import { ProcessorHost, SessionLeaseHolder, type Channel } from '@atende/events';
import { DEMO_SANDBOX_SESSION, sandboxToken, startSandboxControls } from '@atende/gateway';
import {
  conversationAllowance,
  listPendingSessions,
  listRestorableSessions,
  workspacesWithIntegration,
} from '@atende/projector';
import { RedisCheckpointStore, sealedDocCodec } from '@atende/read-models';
import { followBus } from '../adapters/follow-bus.js';
import {
  openBus,
  openMedia,
  openReadModels,
  openSessionArchives,
  openSessionLeases,
  openStore,
  sessionWorkspaces,
} from '../adapters/open-adapters.js';
import type { ChannelWorkerPlan } from '../plan/role-plan.js';
import { closeInOrder, type RoleHandle } from './role-handle.js';

/**
 * A channel worker: WhatsApp (whatsapp-web.js, or the sandbox phone with its controls on
 * SANDBOX_PORT) → commands → events. Several share the deployment's sessions: each runs the
 * sessions whose lease it holds (at most CHANNEL_WORKER_MAX_SESSIONS), takes over those of a worker
 * that died, and sends from each of its sessions' BullMQ queue in Redis.
 */
export async function startChannelWorkerRole(plan: ChannelWorkerPlan, logger: Logger): Promise<RoleHandle> {
  const store = openStore(plan, logger);
  const readModels = await openReadModels(plan, store);
  const workspaceOf = sessionWorkspaces(readModels);
  // Where the WhatsApp driver puts the media it downloads, for every gateway to serve (sealed with
  // each customer's key: the bridge names the conversation of a download once it has started).
  const media = openMedia(plan.media, readModels, store.cipher);
  const conversations = conversationIdsOfLaterBridge();
  const checkpoints = new RedisCheckpointStore({
    url: plan.checkpoints.url,
    prefix: plan.checkpoints.prefix,
  });
  const leases = new SessionLeaseHolder({
    store: openSessionLeases(plan.sessionLeases),
    workerId: plan.workerId,
    maxSessions: plan.whatsapp.maxSessions,
  });
  const sendQueues = new BullMqKeyedQueues<SendJob>({
    name: 'atende-send',
    redisUrl: plan.queue.url,
    prefix: plan.queue.prefix,
    keyOf: (job) => job.sessionId,
  });
  // The sandbox phone's memory is the deployment's, not this host's (as WhatsApp's servers are): a
  // worker that takes a session over sees what the phone already received from the one before.
  const sandboxStorage =
    plan.sandbox !== undefined
      ? new RedisSandboxStorage({
          url: plan.sandbox.phone.url,
          prefix: plan.sandbox.phone.prefix,
          codec: sealedDocCodec(await store.cipher.readModelsKey()),
        })
      : undefined;
  const sandbox = sandboxStorage
    ? new SandboxChannel({
        paired: [DEMO_SANDBOX_SESSION.sessionId],
        storage: sandboxStorage,
        sendDelayMs: plan.whatsapp.sendDelayMs,
        // Customers' media: downloaded into the deployment's media store, never hot-linked.
        media: {
          sink: new WorkspaceMediaSink(media, workspaceOf, {
            conversationIdOf: conversations.conversationIdOf,
          }),
        },
        // Its controls answer 421 for a session another worker runs.
        ownsSession: (sessionId) => leases.holds(sessionId),
      })
    : undefined;
  // whatsapp-web.js logins, sealed with their workspace's key, where any worker restores a session it
  // takes over (PostgreSQL beside a PostgreSQL log); the working copy stays in DATA_DIR while it runs.
  const sessionArchives = sandbox
    ? undefined
    : openSessionArchives(plan.sessionArchives, store.cipher, logger);
  const channel: Channel =
    sandbox ??
    new WhatsAppWebChannel({
      dataDir: plan.dataDir,
      createClient: wwebjsClientFactory({
        dataDir: plan.dataDir,
        chromiumPath: plan.whatsapp.chromiumPath,
        savedLogins: sessionArchives && {
          archives: sessionArchives,
          workspaceOf: sessionWorkspaceLookup({ store, workspaceOf }),
          workerId: plan.workerId,
          logger,
        },
      }),
      mediaSink: new WorkspaceMediaSink(media, workspaceOf, {
        conversationIdOf: conversations.conversationIdOf,
      }),
      logger,
    });
  const sessionsView = readModels.view('channel-sessions');
  const { bus } = openBus(plan, 'atende-channel-worker', store);
  // One consumer of the bus for the worker's processors (the bridge, the e-mail outbox and inboxes),
  // as its own consumer group; started once all three have joined.
  const host = new ProcessorHost({
    store,
    source: followBus(bus, plan.consumerGroup, store, logger),
    logger,
    name: 'channel worker',
  });
  const bridge = await startChannelBridge({
    store,
    conversationIdFor: (workspaceId, address) => store.cipher.conversationIdFor(workspaceId, address),
    // The erasure happened in a gateway: this process's cached keys and routes are stale.
    onContactErased: () => store.cipher.forgetCachedKeys(),
    media,
    sessionArchives,
    channel,
    logger,
    ownership: { leases, sendQueues },
    checkpoints,
    consumer: plan.checkpointName,
    startAtBeginning: true,
    // Send requests and session requests reach it through the bus.
    host,
    workspaceOf,
    allowanceOf: (workspaceId) => conversationAllowance(readModels.view('workspaces'), workspaceId),
    restorableSessions: async () => await listRestorableSessions(sessionsView),
    // A session waiting for its QR code whose worker died starts again here (a new QR code).
    pendingSessions: async (since) => await listPendingSessions(sessionsView, since),
  });
  conversations.started(bridge);
  // E-mails of ours: every worker queues them in one BullMQ queue (the job id is the e-mail's, so
  // once); whichever worker is free sends it through its workspace's SMTP server.
  const emailOutbox = await startEmailOutbox({
    store,
    logger,
    checkpoints,
    consumer: plan.email.checkpointName,
    queue: new BullMqQueue<EmailJob>({
      name: 'atende-email',
      redisUrl: plan.queue.url,
      prefix: plan.queue.prefix,
      ...EMAIL_SEND_RULES,
    }),
    durableQueue: true,
    host,
    startAtBeginning: true,
  });
  // Every worker reads the Email cards' mailboxes: a mail is one e-mail whoever records it (its id
  // comes from its Message-ID), and the last UID read is shared in Redis.
  const emailInboxes = await startEmailInboxes({
    store,
    logger,
    checkpoints,
    media,
    connected: () => workspacesWithIntegration(readModels.view('workspaces'), 'email'),
    host,
  });
  host.start();

  let controls: Server | undefined;
  if (sandbox && plan.sandbox) {
    controls = await startSandboxControls({
      sandbox,
      conversationIdOf: bridge.conversationIdOf,
      token: sandboxToken(plan.dataDir, plan.sandbox.token),
      port: plan.sandbox.port,
      host: plan.sandbox.host,
      logger,
    });
    const { port } = controls.address() as { port: number };
    logger.info({ port }, `sandbox do WhatsApp em http://localhost:${port}/api/sandbox/whatsapp`);
  }
  logger.info(
    { driver: channel.name, workerId: plan.workerId, maxSessions: plan.whatsapp.maxSessions },
    'channel worker running',
  );
  return {
    stop: () =>
      closeInOrder(
        [
          // First no session taken over any more: a worker on its way out must leave them to the others.
          () => bridge.stopTakingSessions(),
          () => closeControls(controls),
          // Detaches its sessions (not logged out: another worker takes them), closes leases and queues.
          () => bridge.stop(),
          () => Promise.all([emailOutbox.stop(), emailInboxes.stop()]),
          // Leaves the worker's consumer group on the bus (a few seconds).
          () => host.stop(),
          () => bus.close(),
          () => channel.close(),
          () => sessionArchives?.close(),
          () => sandboxStorage?.close(),
          () => checkpoints.close(),
          () => media.close(),
          () => readModels.close(),
          () => store.close(),
        ],
        {
          onSlow: (step, ms, ended) =>
            logger.warn({ step: STOP_STEPS[step], ms, ended }, 'channel worker: slow stop step'),
          giveUpAfterMs: STOP_STEP_GIVE_UP_MS,
        },
      ),
  };
}

/**
 * How long one step of a stop may take before the next starts: the whole stop stays well within a
 * supervisor's grace (15 s) even when a partition left a connection hanging.
 */
const STOP_STEP_GIVE_UP_MS = 5_000;

/** The steps of a stop, in order, as the log names a slow one. */
const STOP_STEPS = [
  'no more takeovers',
  'sandbox controls',
  'bridge (sessions, leases, send queues)',
  'e-mail outbox and inboxes',
  'bus',
  'channel',
  'saved logins',
  'sandbox storage',
  'checkpoints',
  'media',
  'read models',
  'event store',
];

/** How long requests in flight on the sandbox controls get to finish at a stop. */
const CONTROLS_GRACE_MS = 3_000;

/**
 * Stops the sandbox controls: no new connection, idle keep-alive ones closed now, and those still
 * busy after a short grace (a client retrying through a network cut) closed too, so a stop is not
 * held until the supervisor's SIGKILL.
 */
function closeControls(controls: Server | undefined): Promise<void> {
  if (!controls) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const force = setTimeout(() => controls.closeAllConnections(), CONTROLS_GRACE_MS);
    force.unref();
    controls.close(() => {
      clearTimeout(force);
      resolve();
    });
    controls.closeIdleConnections();
  });
}
