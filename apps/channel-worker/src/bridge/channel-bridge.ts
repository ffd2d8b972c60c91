import type { Logger } from 'pino';
import {
  DomainError,
  SEND_FAILED_MESSAGE,
  atendeRegistry,
  channelSessionDecider,
  conversationDecider,
  handleCommand,
  streams,
} from '@atende/events';
import type {
  Channel,
  ChannelEvent,
  ChannelSessionCommand,
  ConversationCommand,
  ConversationEvent,
  EventContext,
  EventStore,
  StoredEvent,
} from '@atende/events';
import { inboundMessageId } from '../sandbox/inbound-message-id.js';
import { InProcessQueue } from '../queue/in-process-queue.js';
import type { Job, JobQueue } from '../queue/job-queue.js';

/** Payload of a send job (job id = our message id). */
export interface SendJob {
  workspaceId: string;
  /** The conversation stream the request was appended to. */
  streamId: string;
  sessionId: string;
  chatId: string;
  messageId: string;
  content: string;
  /** Event id of the OutboundMessageRequested, for causation. */
  requestEventId: string;
}

export interface ChannelBridgeOptions {
  store: EventStore;
  channel: Channel;
  logger: Logger;
  /**
   * Send queue; default an InProcessQueue rate-limited per session. The bridge becomes its only
   * consumer (it calls `process`) and closes it on stop().
   */
  queue?: JobQueue<SendJob>;
  /** Global position to follow the store from (inclusive); default the current end. */
  fromPosition?: number;
  /** The workspace of a session (a read-model lookup); the channel stream is read when it has none. */
  workspaceOf(sessionId: string): Promise<string | undefined>;
  /** Injectable clock for `receivedAt`. */
  now?: () => Date;
}

export interface ChannelBridge {
  stop(): Promise<void>;
}

interface SentMessage {
  workspaceId: string;
  streamId: string;
}

const MAX_REMEMBERED = 50_000;
const MAX_EARLY_ACKS = 1_000;

/** Keeps a Map under a size by dropping its oldest entries. */
function remember<K, V>(map: Map<K, V>, key: K, value: V, max = MAX_REMEMBERED): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) {
    const oldest = map.keys().next();
    if (oldest.done) break;
    map.delete(oldest.value);
  }
}

/**
 * Connects a Channel to the event store (DESIGN §1): what the provider reports becomes commands
 * (idempotent by deterministic ids), and OutboundMessageRequested / ChannelSessionRequested events
 * become sends (through the job queue, one job per message id) and connects.
 */
export async function startChannelBridge(options: ChannelBridgeOptions): Promise<ChannelBridge> {
  const { store, channel, logger, workspaceOf } = options;
  const now = options.now ?? (() => new Date());
  const deps = { store, registry: atendeRegistry };
  const queue: JobQueue<SendJob> =
    options.queue ?? new InProcessQueue<SendJob>({ keyOf: (job) => job.sessionId });

  /** sessionId → workspaceId; a session never changes workspace. */
  const sessionWorkspaces = new Map<string, string>();
  /** providerMessageId → the conversation of a message we sent. */
  const sent = new Map<string, SentMessage>();
  /** messageId → providerMessageId of sends whose OutboundMessageSent is not stored yet (a retry must not resend). */
  const sentNotRecorded = new Map<string, string>();
  /** Acks that came before their send was recorded, applied once it is. */
  const earlyAcks = new Map<string, ('delivered' | 'read')[]>();
  const sessionChains = new Map<string, Promise<void>>();
  const background = new Set<Promise<unknown>>();
  const abort = new AbortController();
  let stopped = false;

  function track(promise: Promise<unknown>): void {
    const tracked = promise.catch(() => undefined).finally(() => background.delete(tracked));
    background.add(tracked);
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
    if (workspaceId) remember(sessionWorkspaces, sessionId, workspaceId);
    return workspaceId;
  }

  function conversationCommand(streamId: string, command: ConversationCommand, context: EventContext) {
    return handleCommand(deps, conversationDecider, streamId, command, context);
  }

  function logFailure(error: unknown, detail: Record<string, unknown>, msg: string): void {
    if (error instanceof DomainError) logger.warn({ ...detail, code: error.code, err: error }, msg);
    else logger.error({ ...detail, err: error }, msg);
  }

  // ---- inbound: channel events → commands -------------------------------------------------

  async function applyAck(providerMessageId: string, status: 'delivered' | 'read'): Promise<void> {
    const target = sent.get(providerMessageId);
    if (!target) {
      const queued = earlyAcks.get(providerMessageId) ?? [];
      remember(earlyAcks, providerMessageId, [...queued, status], MAX_EARLY_ACKS);
      logger.debug({ providerMessageId, status }, 'ack for a message not sent here (yet)');
      return;
    }
    await conversationCommand(
      target.streamId,
      { type: 'UpdateDeliveryByProviderId', data: { providerMessageId, status } },
      { workspaceId: target.workspaceId },
    );
  }

  async function handleChannelEvent(event: ChannelEvent): Promise<void> {
    if (event.type === 'ack') return applyAck(event.providerMessageId, event.status);
    const workspaceId = await resolveWorkspace(event.sessionId);
    if (!workspaceId) {
      logger.warn({ sessionId: event.sessionId, type: event.type }, 'channel event of an unknown session');
      return;
    }
    const context: EventContext = { workspaceId };
    if (event.type === 'inbound') {
      const { message, sessionId } = event;
      await conversationCommand(
        streams.conversation(workspaceId, message.chatId),
        {
          type: 'ReceiveInboundMessage',
          data: {
            messageId: inboundMessageId(sessionId, message.providerMessageId),
            chatId: message.chatId,
            sessionId,
            providerMessageId: message.providerMessageId,
            customerId: message.from,
            customerName: message.senderName,
            senderName: message.senderName,
            senderPhone: message.from,
            chatType: message.chatType,
            content: message.content,
            type: message.type,
            mediaUrl: message.mediaUrl,
            timestamp: message.timestamp,
            receivedAt: now().toISOString(),
          },
        },
        context,
      );
      return;
    }
    let command: ChannelSessionCommand;
    switch (event.type) {
      case 'qr':
        command = { type: 'IssueQr', data: { qrCode: event.qrCode } };
        break;
      case 'connected':
        command = { type: 'MarkConnected', data: { phoneNumber: event.phoneNumber } };
        break;
      case 'disconnected':
        command = { type: 'MarkDisconnected', data: { reason: event.reason } };
        break;
      case 'failed':
        command = { type: 'MarkFailed', data: { error: event.error, retryInMs: event.retryInMs } };
        break;
    }
    await handleCommand(deps, channelSessionDecider, streams.channel(event.sessionId), command, context);
  }

  /** Events of one session are applied in order; sessions run side by side. */
  /** Applies events of one session in order; the returned promise settles when this one is recorded. */
  function onChannelEvent(event: ChannelEvent): Promise<void> {
    if (stopped) return Promise.reject(new Error('channel bridge stopped'));
    const previous = sessionChains.get(event.sessionId) ?? Promise.resolve();
    const recorded = previous.then(() => handleChannelEvent(event));
    const next = recorded.catch((error) =>
      logFailure(error, { sessionId: event.sessionId, type: event.type }, 'channel event not applied'),
    );
    sessionChains.set(event.sessionId, next);
    void next.then(() => {
      if (sessionChains.get(event.sessionId) === next) sessionChains.delete(event.sessionId);
    });
    return recorded;
  }

  // ---- outbound: send jobs ----------------------------------------------------------------

  async function recordSent(job: SendJob, providerMessageId: string): Promise<void> {
    await conversationCommand(
      job.streamId,
      { type: 'MarkOutboundSent', data: { messageId: job.messageId, providerMessageId } },
      { workspaceId: job.workspaceId, causationId: job.requestEventId },
    );
    sentNotRecorded.delete(job.messageId);
    remember(sent, providerMessageId, { workspaceId: job.workspaceId, streamId: job.streamId });
    const acks = earlyAcks.get(providerMessageId);
    if (acks) {
      earlyAcks.delete(providerMessageId);
      for (const status of acks) {
        await applyAck(providerMessageId, status).catch((error) =>
          logFailure(error, { providerMessageId, status }, 'early ack not applied'),
        );
      }
    }
  }

  /** True while the message still waits to be sent (a replay of an old request finds it sent or failed). */
  async function stillRequested(job: SendJob): Promise<boolean> {
    const events = await store.readStream<ConversationEvent>(job.streamId);
    const state = events.reduce(
      (s, e) => conversationDecider.evolve(s, { type: e.type, data: e.data } as ConversationEvent),
      conversationDecider.initialState(),
    );
    if (state.status !== 'active') return false;
    const message = state.messages.get(job.messageId);
    return (
      message !== undefined &&
      message.direction === 'outbound' &&
      message.status === 'requested' &&
      message.providerMessageId === null
    );
  }

  async function runSend(job: Job<SendJob>): Promise<void> {
    const payload = job.payload;
    let providerMessageId = sentNotRecorded.get(payload.messageId);
    if (providerMessageId === undefined) {
      if (!(await stillRequested(payload))) {
        logger.debug({ messageId: payload.messageId }, 'outbound message already handled; not sent again');
        return;
      }
      ({ providerMessageId } = await channel.send(payload.sessionId, {
        chatId: payload.chatId,
        content: payload.content,
        type: 'text',
        messageId: payload.messageId,
      }));
      remember(sentNotRecorded, payload.messageId, providerMessageId);
    }
    await recordSent(payload, providerMessageId);
  }

  async function onSendFailed(job: Job<SendJob>, error: unknown): Promise<void> {
    const payload = job.payload;
    logger.warn(
      { messageId: payload.messageId, sessionId: payload.sessionId, attempt: job.attempt, err: error },
      'outbound message not sent',
    );
    if (sentNotRecorded.has(payload.messageId)) return; // it was sent; only recording it failed
    try {
      await conversationCommand(
        payload.streamId,
        { type: 'MarkOutboundFailed', data: { messageId: payload.messageId, error: SEND_FAILED_MESSAGE } },
        { workspaceId: payload.workspaceId, causationId: payload.requestEventId },
      );
    } catch (e) {
      logFailure(e, { messageId: payload.messageId }, 'send failure not recorded');
    }
  }

  // ---- outbound: follow the store -----------------------------------------------------------

  async function connectSession(event: StoredEvent): Promise<void> {
    const data = event.data as { sessionId: string; phoneNumber: string; name: string; workspaceId: string };
    const history = await store.readStream(streams.channel(data.sessionId));
    const latest = history[history.length - 1];
    // A replayed request of a session that was disconnected since is not revived.
    if (latest && latest.type === 'ChannelDisconnected') return;
    await channel.connect({ sessionId: data.sessionId, phoneNumber: data.phoneNumber, name: data.name });
  }

  async function onStoredEvent(event: StoredEvent): Promise<void> {
    switch (event.type) {
      case 'OutboundMessageRequested': {
        const data = event.data as {
          messageId: string;
          chatId: string;
          sessionId: string;
          content: string;
        };
        await queue.add(data.messageId, {
          workspaceId: event.metadata.workspaceId,
          streamId: event.streamId,
          sessionId: data.sessionId,
          chatId: data.chatId,
          messageId: data.messageId,
          content: data.content,
          requestEventId: event.metadata.eventId,
        });
        return;
      }
      case 'OutboundMessageSent': {
        const data = event.data as { providerMessageId: string };
        if (!sent.has(data.providerMessageId)) {
          remember(sent, data.providerMessageId, {
            workspaceId: event.metadata.workspaceId,
            streamId: event.streamId,
          });
        }
        return;
      }
      case 'ChannelSessionRequested': {
        const data = event.data as { sessionId: string; workspaceId: string };
        remember(sessionWorkspaces, data.sessionId, data.workspaceId);
        track(
          connectSession(event).catch((error) =>
            logFailure(error, { sessionId: data.sessionId }, 'channel connect failed'),
          ),
        );
        return;
      }
      default:
        return;
    }
  }

  async function follow(fromPosition: number): Promise<void> {
    try {
      for await (const event of store.subscribe(fromPosition, { signal: abort.signal, trusted: true })) {
        if (stopped) break;
        try {
          await onStoredEvent(event);
        } catch (error) {
          logFailure(error, { globalPosition: event.globalPosition, type: event.type }, 'event not handled');
        }
      }
    } catch (error) {
      if (!stopped) logger.error({ err: error }, 'channel bridge stopped following the event store');
    }
  }

  queue.onFailed(onSendFailed);
  queue.process(runSend);
  const unsubscribe = channel.onEvent(onChannelEvent);
  const fromPosition = options.fromPosition ?? (await store.lastGlobalPosition()) + 1;
  const following = follow(fromPosition);

  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      unsubscribe();
      abort.abort();
      await following;
      await queue.close();
      await Promise.all([...sessionChains.values()]);
      await Promise.all([...background]);
    },
  };
}
