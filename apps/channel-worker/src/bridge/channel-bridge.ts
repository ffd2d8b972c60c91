import { streams, type ConversationState, type StoredEvent } from '@atende/events';
import { BoundedMap } from '../channel/bounded-map.js';
import { InProcessQueue } from '../queue/in-process-queue.js';
import type { JobQueue } from '../queue/job-queue.js';
import { BridgeCheckpoint } from './bridge-checkpoint.js';
import { bridgeContext } from './bridge-context.js';
import type { ChannelBridge, ChannelBridgeOptions, SendJob } from './bridge-types.js';
import { ChannelEventRecorder } from './channel-event-recorder.js';
import { recordedMediaOf } from './recorded-media.js';
import { SendRunner } from './send-runner.js';
import { SessionOwnership } from './session-ownership.js';
import { sessionStanding } from './session-standing.js';
import { followLog } from './follow-log.js';
import { eraseWorkspace } from './workspace-erasure.js';

export type {
  ChannelBridge,
  ChannelBridgeOptions,
  ChannelOwnership,
  RestorableSession,
  SendJob,
} from './bridge-types.js';

/**
 * Connects a Channel to the event store (DESIGN §1): what the provider reports becomes commands
 * (idempotent by deterministic ids), and OutboundMessageRequested / ChannelSessionRequested events
 * become sends (through the job queue, one job per message id) and connects. With `ownership`,
 * several bridges (channel workers) share the sessions: see SessionOwnership.
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

  // ---- outbound: follow the store -----------------------------------------------------------

  async function connectSession(event: StoredEvent): Promise<void> {
    const data = event.data as { sessionId: string; phoneNumber: string; name: string; workspaceId: string };
    const history = await store.readStream(streams.channel(data.sessionId));
    const latest = history[history.length - 1];
    // A replayed request of a session that was disconnected since is not revived.
    if (latest && latest.type === 'ChannelDisconnected') return;
    const session = { sessionId: data.sessionId, phoneNumber: data.phoneNumber, name: data.name };
    if (!ownership) return channel.connect(session);
    await ownership.request({ ...session, restore: sessionStanding(history) === 'logged-in' });
  }

  async function queueSend(event: StoredEvent): Promise<void> {
    const data = event.data as { messageId: string; chatId: string; sessionId: string };
    const job: SendJob = {
      workspaceId: event.metadata.workspaceId,
      streamId: event.streamId,
      sessionId: data.sessionId,
      chatId: data.chatId,
      messageId: data.messageId,
      requestEventId: event.metadata.eventId,
    };
    // Open before adding: the job may finish before add() resolves.
    checkpoint.begin(data.messageId, event.globalPosition);
    if (ownership) {
      await ownership.add(data.messageId, job);
      checkpoint.finish(data.messageId); // in its session's durable queue now, whoever runs it
      return;
    }
    const added = await queue!.add(data.messageId, job);
    if (!added) checkpoint.finishAt(data.messageId, event.globalPosition); // already queued or done
  }

  function retryMedia(event: StoredEvent): Promise<void> | undefined {
    const data = event.data as { messageId: string; sessionId: string; providerMessageId: string };
    // Only the worker that runs the session can fetch it again.
    if (ownership && !ownership.runsHere(data.sessionId)) return;
    const target = {
      workspaceId: event.metadata.workspaceId,
      streamId: event.streamId,
      messageId: data.messageId,
    };
    recorder.expectMedia(data.sessionId, data.providerMessageId, target);
    if (!channel.retryMedia) {
      return ctx
        .conversationCommand(
          event.streamId,
          {
            type: 'RecordMediaFailed',
            data: { messageId: data.messageId, error: 'Mídia indisponível neste canal' },
          },
          { workspaceId: target.workspaceId, causationId: event.metadata.eventId },
        )
        .then(() => undefined);
    }
    const retryMedia = channel.retryMedia.bind(channel);
    // The driver may need what it recorded (sealed) to find the message, e.g. after a restart.
    const recorded = recordedMediaOf(store, event.streamId, data.messageId).catch((error: unknown) => {
      ctx.logFailure(error, { messageId: data.messageId }, 'media retry: message not read from the log');
      return undefined;
    });
    const retrying = recorded.then((media) => retryMedia(data.sessionId, data.providerMessageId, media));
    track(
      retrying.catch((error) => ctx.logFailure(error, { messageId: data.messageId }, 'media retry failed')),
    );
  }

  async function onStoredEvent(event: StoredEvent): Promise<void> {
    switch (event.type) {
      case 'WorkspaceDataDeleted':
        return eraseWorkspace(ctx, event, {
          checkpoint,
          media: options.media,
          sessionArchives: options.sessionArchives,
          forgetSession: async (sessionId) => {
            sessionWorkspaces.delete(sessionId);
            await ownership?.release(sessionId);
          },
          stopped: () => stopped,
        });
      case 'ContactDataErased':
        // Its address no longer names a conversation (its next message starts a pseudonymous one).
        routing.forgetKnownAddresses();
        return options.onContactErased?.();
      case 'OutboundMessageRequested':
        return queueSend(event);
      case 'OutboundMessageSent': {
        const data = event.data as { providerMessageId: string };
        sends.knowSent(data.providerMessageId, {
          workspaceId: event.metadata.workspaceId,
          streamId: event.streamId,
        });
        return;
      }
      case 'MessageMediaRetryRequested':
        return retryMedia(event);
      case 'ChannelSessionRequested': {
        const data = event.data as { sessionId: string; workspaceId: string };
        if (ctx.closedWorkspaces.has(data.workspaceId)) return;
        sessionWorkspaces.set(data.sessionId, data.workspaceId);
        track(
          connectSession(event).catch((error) =>
            ctx.logFailure(error, { sessionId: data.sessionId }, 'channel connect failed'),
          ),
        );
        return;
      }
      default:
        return;
    }
  }

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
  const following = followLog({
    store,
    source: options.source,
    host: options.host,
    name: 'channel bridge',
    logger,
    checkpoint,
    signal: abort.signal,
    handle: onStoredEvent,
    onHandlerError: (error, event) =>
      ctx.logFailure(error, { globalPosition: event.globalPosition, type: event.type }, 'event not handled'),
  });

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
