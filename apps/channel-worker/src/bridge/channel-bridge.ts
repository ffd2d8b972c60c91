import { followUntilAborted, streams, type ConversationState } from '@atende/events';
import { BoundedMap } from '../channel/bounded-map.js';
import { InProcessQueue } from '../queue/in-process-queue.js';
import type { JobQueue } from '../queue/job-queue.js';
import { BridgeCheckpoint } from './bridge-checkpoint.js';
import { bridgeContext } from './bridge-context.js';
import type { ChannelBridge, ChannelBridgeOptions, SendJob } from './bridge-types.js';
import { ChannelEventRecorder } from './channel-event-recorder.js';
import { SendRunner } from './send-runner.js';
import { SessionOwnership } from './session-ownership.js';
import { logReactor, ownHost } from './follow-log.js';
import { erasureReactor } from './erasure-reactor.js';
import { sendReactor } from './send-reactor.js';
import { sessionReactor } from './session-reactor.js';

export type {
  ChannelBridge,
  ChannelBridgeOptions,
  ChannelOwnership,
  RestorableSession,
  SendJob,
} from './bridge-types.js';
export { BRIDGE_AGGREGATE_CACHE_ENTRIES } from './bridge-context.js';

/**
 * Connects a Channel to the event store (DESIGN §1). Inbound, the translator (ChannelEventRecorder)
 * turns what the provider reports into commands (idempotent by deterministic ids). Outbound, three
 * reactors follow the log as processors sharing one checkpoint: sends (one job per message id, through
 * the job queue), sessions (connects) and erasures, which the other two follow on each page. With
 * `ownership`, several bridges (channel workers) share the sessions: see SessionOwnership.
 */
export async function startChannelBridge(options: ChannelBridgeOptions): Promise<ChannelBridge> {
  const { store, channel, logger, workspaceOf } = options;
  const ctx = bridgeContext(options);
  const { routing } = ctx;
  const checkpoint = await BridgeCheckpoint.start({
    store,
    checkpoints: options.checkpoints,
    consumer: options.consumer ?? 'channel-bridge',
    logger,
    fromPosition: options.fromPosition,
    startAtBeginning: options.startAtBeginning,
  });
  const sends = new SendRunner(ctx, (messageId) => checkpoint.finish(messageId));
  /** sessionId → workspaceId; a session never changes workspace. */
  const sessionWorkspaces = new BoundedMap<string, string>(50_000);
  const background = new Set<Promise<unknown>>();
  const abort = new AbortController();
  let stopped = false;

  function track(promise: Promise<unknown>): void {
    const tracked = promise.catch(() => undefined).finally(() => background.delete(tracked));
    background.add(tracked);
  }

  function consume(queue: JobQueue<SendJob>): void {
    queue.onFailed(sends.failed);
    queue.onCompleted((job) => checkpoint.finish(job.id));
    queue.process(sends.run);
  }

  const ownership = options.ownership ? sessionOwnership() : undefined;
  const queue: JobQueue<SendJob> | undefined = ownership
    ? undefined
    : (options.queue ?? new InProcessQueue<SendJob>({ keyOf: (job) => job.sessionId }));

  function sessionOwnership(): SessionOwnership {
    if (!channel.detach)
      throw new Error(`channel driver ${channel.name} cannot hand sessions over (no detach)`);
    if (!options.restorableSessions) throw new Error('ownership needs restorableSessions');
    return new SessionOwnership({
      ownership: options.ownership!,
      channel,
      store,
      logger,
      restorable: options.restorableSessions,
      pending: options.pendingSessions,
      now: options.now,
      consume,
    });
  }

  async function resolveWorkspace(sessionId: string): Promise<string | undefined> {
    const known = sessionWorkspaces.get(sessionId);
    if (known) return known;
    let workspaceId = await workspaceOf(sessionId);
    if (!workspaceId) {
      const events = await store.readStream(streams.channel(sessionId));
      const requested = events.find((e) => e.type === 'ChannelSessionRequested');
      workspaceId = requested ? (requested.data as { workspaceId: string }).workspaceId : undefined;
    }
    if (workspaceId) sessionWorkspaces.set(sessionId, workspaceId);
    return workspaceId;
  }

  const recorder = new ChannelEventRecorder(ctx, sends, {
    workspaceOf: resolveWorkspace,
    // The plan standing is looked up only when the customer's conversation may be new.
    allowanceFor: async (streamId, workspaceId) => {
      if (!options.allowanceOf) return undefined;
      if (ctx.deps.cache.get<ConversationState>(streamId)?.state.status === 'active') return undefined;
      return options.allowanceOf(workspaceId);
    },
    now: options.now ?? (() => new Date()),
  });

  // ---- outbound: the log's requests, one reactor each for sends, sessions and erasures ----------

  const erasures = erasureReactor({
    ctx,
    checkpoint,
    media: options.media,
    sessionArchives: options.sessionArchives,
    forgetSession: async (sessionId) => {
      sessionWorkspaces.delete(sessionId);
      await ownership?.release(sessionId);
    },
    stopped: () => stopped,
    onContactErased: options.onContactErased,
  });
  const reactors = [
    erasures,
    sendReactor({ ctx, checkpoint, sends, recorder, ownership, queue, track }),
    sessionReactor({
      ctx,
      ownership,
      knowWorkspace: (sessionId, workspaceId) => sessionWorkspaces.set(sessionId, workspaceId),
      track,
    }),
  ];

  if (queue) consume(queue);
  const unsubscribe = channel.onEvent((event) => {
    const recorded = recorder.record(event);
    ownership?.observe(event, recorded);
    return recorded;
  });
  // Sessions first: sends picked up from the checkpoint go out as soon as their session is back.
  if (ownership) ownership.start();
  else if (options.restorableSessions) {
    for (const session of await options.restorableSessions()) {
      track(
        channel
          .connect(session)
          .catch((error) => ctx.logFailure(error, { sessionId: session.sessionId }, 'session not restored')),
      );
    }
  }
  // One host for the three (the process's, when it has one): each page is read once.
  const processors = reactors.map((reactor) =>
    logReactor({
      store,
      name: reactor.name,
      eventTypes: reactor.eventTypes,
      // Erasures first on each page: nothing of a deleted workspace is sent or connected after.
      ...(reactor === erasures ? {} : { after: [erasures.name] }),
      logger,
      checkpoint,
      signal: abort.signal,
      handle: async (event) => await reactor.handle(event),
      onHandlerError: (error, event) =>
        ctx.logFailure(
          error,
          { globalPosition: event.globalPosition, type: event.type },
          'event not handled',
        ),
    }),
  );
  const following = followUntilAborted(abort.signal, processors, options.host, () =>
    ownHost({ store, source: options.source, logger, name: 'channel bridge' }),
  );

  return {
    async conversationIdOf(sessionId, address) {
      const workspaceId = await resolveWorkspace(sessionId);
      return workspaceId ? await routing.conversationIdOf(workspaceId, address) : undefined;
    },
    stopTakingSessions() {
      ownership?.stopTaking();
    },
    async stop() {
      if (stopped) return;
      ownership?.stopTaking();
      stopped = true;
      unsubscribe();
      abort.abort();
      await following;
      await (ownership ? ownership.stop() : queue!.close());
      await recorder.stop();
      await Promise.all([...background]);
      await checkpoint.stop();
    },
  };
}
