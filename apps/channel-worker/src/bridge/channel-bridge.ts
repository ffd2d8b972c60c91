import type { Logger } from 'pino';
import {
  AggregateCache,
  DomainError,
  SEND_FAILED_MESSAGE,
  WORKSPACE_ERASURE_KEPT_TYPES,
  atendeRegistry,
  channelSessionDecider,
  conversationDecider,
  handleCommand,
  loadAggregate,
  streams,
  type MediaStore,
} from '@atende/events';
import type {
  Channel,
  ChannelEvent,
  CheckpointStore,
  EventSource,
  ChannelSessionCommand,
  ConversationAllowance,
  ConversationCommand,
  ConversationState,
  EventContext,
  EventStore,
  StoredEvent,
} from '@atende/events';
import { inboundMessageId } from '../sandbox/inbound-message-id.js';
import { ConversationRouting } from './conversation-routing.js';
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
  /** Event id of the OutboundMessageRequested, for causation. The text is not in the job (the queue
   * may be Redis): it is read from the log, decrypted, when the job runs. */
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
  /**
   * Global position to follow the store from (inclusive). Default: after the saved checkpoint, or
   * the current end on a first start.
   */
  fromPosition?: number;
  /**
   * Where the bridge keeps the position below which every send request is finished (sent, failed
   * or found handled), so a restart picks up the sends that were pending when it stopped.
   */
  checkpoints?: CheckpointStore;
  /**
   * With no saved checkpoint, follow the log from its beginning (a new deployment: every session
   * request and pending send is taken) instead of its end (the default: a bridge added to a log
   * with history does not revive old requests).
   */
  startAtBeginning?: boolean;
  /**
   * Where the bridge takes the log's events (batches in order from a position); default the event
   * store itself. Distributed mode: the event bus, as the channel worker's consumer group.
   */
  source?: EventSource;
  /** Checkpoint name; default 'channel-bridge'. */
  consumer?: string;
  /** Sessions to connect again at start (they were connected when the process stopped). */
  restorableSessions?: () => Promise<{ sessionId: string; phoneNumber: string; name: string }[]>;
  /**
   * The pseudonymous conversation id of a customer's address in a workspace (the deployment's
   * ContactKeys.conversationIdFor): conversation ids never carry phone numbers.
   */
  conversationIdFor(workspaceId: string, address: string): Promise<string>;
  /** A customer was erased (maybe by another process): cached keys and routes are stale. */
  onContactErased?: () => void;
  /** Where the channel's media is: a deleted workspace's is deleted with its events. */
  media?: Pick<MediaStore, 'deleteWorkspace'>;
  /** The workspace of a session (a read-model lookup); the channel stream is read when it has none. */
  workspaceOf(sessionId: string): Promise<string | undefined>;
  /**
   * The workspace's plan standing now (a read-model lookup): a conversation started beyond the
   * month's limit is stored marked as such. Without it, conversations are never marked.
   */
  allowanceOf?(workspaceId: string): Promise<ConversationAllowance | undefined>;
  /** Injectable clock for `receivedAt`. */
  now?: () => Date;
}

export interface ChannelBridge {
  /** The conversation id a session's customer address is recorded under (the sandbox answers it). */
  conversationIdOf(sessionId: string, address: string): Promise<string | undefined>;
  stop(): Promise<void>;
}

interface SentMessage {
  workspaceId: string;
  streamId: string;
}

interface MediaTarget {
  workspaceId: string;
  streamId: string;
  messageId: string;
}

const MAX_REMEMBERED = 50_000;
/** The checkpoint is written at most this often while events flow (and once more on stop). */
const CHECKPOINT_EVERY_MS = 200;
const MAX_EARLY_ACKS = 1_000;
/** Tries of erasing a deleted workspace's events before leaving it to the next start. */
const ERASE_ATTEMPTS = 4;

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
  const deps = { store, registry: atendeRegistry, cache: new AggregateCache(20_000) };
  const routing = new ConversationRouting(store, options.conversationIdFor);
  const queue: JobQueue<SendJob> =
    options.queue ?? new InProcessQueue<SendJob>({ keyOf: (job) => job.sessionId });

  /** sessionId → workspaceId; a session never changes workspace. */
  const sessionWorkspaces = new Map<string, string>();
  /** providerMessageId → the conversation of a message we sent. */
  const sent = new Map<string, SentMessage>();
  /** messageId → providerMessageId of sends whose OutboundMessageSent is not stored yet (a retry must not resend). */
  const sentNotRecorded = new Map<string, string>();
  /** `${sessionId}:${providerMessageId}` → chat of an inbound message (its media event follows it). */
  const inboundChats = new Map<string, string>();
  /** `${sessionId}:${providerMessageId}` → the inbound message whose media the driver is fetching. */
  const mediaTargets = new Map<string, MediaTarget>();
  /** Acks that came before their send was recorded, applied once it is. */
  const earlyAcks = new Map<string, ('delivered' | 'read')[]>();
  /** Sessions of workspaces whose data was deleted: whatever they still report is dropped. */
  const closedSessions = new Set<string>();
  const closedWorkspaces = new Set<string>();
  const sessionChains = new Map<string, Promise<void>>();
  const background = new Set<Promise<unknown>>();
  const abort = new AbortController();
  let stopped = false;

  // ---- checkpoint: everything below the oldest unfinished send request is done ----------------
  const consumer = options.consumer ?? 'channel-bridge';
  const checkpoints = options.checkpoints;
  const saved = checkpoints ? await checkpoints.load(consumer) : undefined;
  const fromPosition =
    options.fromPosition ??
    (saved !== undefined ? saved + 1 : options.startAtBeginning ? 1 : (await store.lastGlobalPosition()) + 1);
  /** messageId → global position of its OutboundMessageRequested, while its job is unfinished. */
  const openRequests = new Map<string, number>();
  let handledUpTo = fromPosition - 1;
  let savedPosition = saved;
  let checkpointTimer: NodeJS.Timeout | undefined;
  let saving: Promise<void> = Promise.resolve();

  function checkpointPosition(): number {
    let position = handledUpTo;
    for (const requestedAt of openRequests.values()) position = Math.min(position, requestedAt - 1);
    return position;
  }

  function saveCheckpoint(): Promise<void> {
    if (!checkpoints) return saving;
    saving = saving.then(async () => {
      const position = checkpointPosition();
      if (position === savedPosition || position < 0) return;
      try {
        await checkpoints.save(consumer, position);
        savedPosition = position;
      } catch (error) {
        logger.error({ err: error, consumer, position }, 'channel bridge checkpoint not saved');
      }
    });
    return saving;
  }

  function scheduleCheckpoint(): void {
    if (!checkpoints || checkpointTimer || stopped) return;
    checkpointTimer = setTimeout(() => {
      checkpointTimer = undefined;
      void saveCheckpoint();
    }, CHECKPOINT_EVERY_MS);
    checkpointTimer.unref();
  }

  function finishRequest(messageId: string): void {
    if (openRequests.delete(messageId)) scheduleCheckpoint();
  }

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

  /** The plan standing a customer's message carries: looked up only when its conversation may be new. */
  async function allowanceFor(
    streamId: string,
    workspaceId: string,
  ): Promise<ConversationAllowance | undefined> {
    if (!options.allowanceOf) return undefined;
    if (deps.cache.get<ConversationState>(streamId)?.state.status === 'active') return undefined;
    return options.allowanceOf(workspaceId);
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

  async function applyMedia(event: Extract<ChannelEvent, { type: 'media' }>): Promise<void> {
    const target = mediaTargets.get(`${event.sessionId}:${event.providerMessageId}`);
    if (!target) {
      logger.warn(
        { sessionId: event.sessionId, providerMessageId: event.providerMessageId },
        'media of a message this worker did not receive; the agent can retry it',
      );
      return;
    }
    const command: ConversationCommand =
      event.status === 'stored'
        ? { type: 'RecordMediaStored', data: { messageId: target.messageId, mediaUrl: event.mediaUrl } }
        : { type: 'RecordMediaFailed', data: { messageId: target.messageId, error: event.error } };
    await conversationCommand(target.streamId, command, { workspaceId: target.workspaceId });
  }

  async function handleChannelEvent(event: ChannelEvent): Promise<void> {
    if (closedSessions.has(event.sessionId)) {
      logger.debug({ sessionId: event.sessionId, type: event.type }, 'event of a deleted workspace dropped');
      return;
    }
    if (event.type === 'ack') return applyAck(event.providerMessageId, event.status);
    if (event.type === 'media') return applyMedia(event);
    const workspaceId = await resolveWorkspace(event.sessionId);
    if (!workspaceId) {
      logger.warn({ sessionId: event.sessionId, type: event.type }, 'channel event of an unknown session');
      return;
    }
    const context: EventContext = { workspaceId };
    if (event.type === 'inbound') {
      const { message, sessionId } = event;
      const chatId = await routing.conversationIdOf(workspaceId, message.chatId);
      const streamId = streams.conversation(workspaceId, chatId);
      const messageId = inboundMessageId(sessionId, message.providerMessageId);
      if (message.mediaUrl) {
        remember(mediaTargets, `${sessionId}:${message.providerMessageId}`, {
          workspaceId,
          streamId,
          messageId,
        });
      }
      const allowance = await allowanceFor(streamId, workspaceId);
      await conversationCommand(
        streamId,
        {
          type: 'ReceiveInboundMessage',
          data: {
            messageId,
            chatId,
            address: message.chatId,
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
            ...(allowance ? { allowance } : {}),
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

  /**
   * Which events must be applied in order: a chat's messages (and their media) in their chat's
   * chain, so different customers are recorded side by side; the session's own events in its chain.
   */
  function chainOf(event: ChannelEvent): string {
    if (event.type === 'inbound') {
      remember(inboundChats, `${event.sessionId}:${event.message.providerMessageId}`, event.message.chatId);
      return `${event.sessionId}|${event.message.chatId}`;
    }
    if (event.type === 'media') {
      const chatId = inboundChats.get(`${event.sessionId}:${event.providerMessageId}`);
      if (chatId) return `${event.sessionId}|${chatId}`;
    }
    return event.sessionId;
  }

  /** Applies events in their chain's order; the returned promise settles when this one is recorded. */
  function onChannelEvent(event: ChannelEvent): Promise<void> {
    if (stopped) return Promise.reject(new Error('channel bridge stopped'));
    const chain = chainOf(event);
    const previous = sessionChains.get(chain) ?? Promise.resolve();
    const recorded = previous.then(() => handleChannelEvent(event));
    const next = recorded.catch((error) =>
      logFailure(error, { sessionId: event.sessionId, type: event.type }, 'channel event not applied'),
    );
    sessionChains.set(chain, next);
    void next.then(() => {
      if (sessionChains.get(chain) === next) sessionChains.delete(chain);
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
    const { state } = await loadAggregate(deps, conversationDecider, job.streamId);
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
    if (closedWorkspaces.has(payload.workspaceId)) return; // its data was deleted: nothing goes out
    let providerMessageId = sentNotRecorded.get(payload.messageId);
    if (providerMessageId === undefined) {
      const request = (await stillRequested(payload))
        ? await routing.outboundOf(payload.streamId, payload.messageId, payload.chatId)
        : undefined;
      if (request === undefined) {
        logger.debug({ messageId: payload.messageId }, 'outbound message already handled; not sent again');
        return;
      }
      ({ providerMessageId } = await channel.send(payload.sessionId, {
        chatId: request.address,
        content: request.content,
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
    // It was sent and only recording it failed: left open, a restart records it (without resending).
    if (sentNotRecorded.has(payload.messageId)) return;
    try {
      await conversationCommand(
        payload.streamId,
        { type: 'MarkOutboundFailed', data: { messageId: payload.messageId, error: SEND_FAILED_MESSAGE } },
        { workspaceId: payload.workspaceId, causationId: payload.requestEventId },
      );
      finishRequest(payload.messageId);
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

  /**
   * 'Excluir todos os dados da conta': the workspace's WhatsApp sessions are logged out at once (a
   * paired phone stops delivering into a deleted workspace), then its events are erased from the
   * log. Until both are done the checkpoint stays before the deletion, so a restart does it again.
   */
  async function closeWorkspace(event: StoredEvent): Promise<void> {
    const {
      workspaceId,
      channelSessionIds,
      keptAccountIds = [],
    } = event.data as {
      workspaceId: string;
      channelSessionIds: string[];
      keptAccountIds?: string[];
    };
    const key = `erase:${event.metadata.eventId}`;
    if (!openRequests.has(key)) openRequests.set(key, event.globalPosition);
    closedWorkspaces.add(workspaceId);
    for (const sessionId of channelSessionIds) {
      closedSessions.add(sessionId);
      sessionWorkspaces.delete(sessionId);
    }
    await Promise.all(
      channelSessionIds.map((sessionId) =>
        channel
          .disconnect(sessionId)
          .catch((error) =>
            logFailure(error, { sessionId }, 'session of a deleted workspace not logged out'),
          ),
      ),
    );
    for (let attempt = 1; ; attempt += 1) {
      try {
        // The media first: its URLs are found by session, which the erasure keeps no trace of.
        await options.media?.deleteWorkspace(workspaceId, channelSessionIds);
        const { erased } = await store.eraseWorkspace(workspaceId, {
          keepTypes: WORKSPACE_ERASURE_KEPT_TYPES,
          // Accounts of members of other companies too: the person's, they stay whole.
          keepStreams: keptAccountIds.map((userId) => streams.user(userId)),
        });
        logger.info({ workspaceId, erased, sessions: channelSessionIds.length }, 'workspace data erased');
        finishRequest(key);
        return;
      } catch (error) {
        if (attempt === ERASE_ATTEMPTS || stopped) throw error;
        logger.warn({ err: error, workspaceId, attempt }, 'workspace erasure failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
      }
    }
  }

  async function onStoredEvent(event: StoredEvent): Promise<void> {
    switch (event.type) {
      case 'WorkspaceDataDeleted':
        return closeWorkspace(event);
      case 'ContactDataErased':
        // Its address no longer names a conversation (its next message starts a pseudonymous one).
        routing.forgetKnownAddresses();
        return options.onContactErased?.();
      case 'OutboundMessageRequested': {
        const data = event.data as {
          messageId: string;
          chatId: string;
          sessionId: string;
        };
        // Open before adding: the job may finish before add() resolves.
        if (!openRequests.has(data.messageId)) openRequests.set(data.messageId, event.globalPosition);
        const added = await queue.add(data.messageId, {
          workspaceId: event.metadata.workspaceId,
          streamId: event.streamId,
          sessionId: data.sessionId,
          chatId: data.chatId,
          messageId: data.messageId,
          requestEventId: event.metadata.eventId,
        });
        if (!added && openRequests.get(data.messageId) === event.globalPosition) {
          openRequests.delete(data.messageId); // already queued or done under this id
        }
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
      case 'MessageMediaRetryRequested': {
        const data = event.data as { messageId: string; sessionId: string; providerMessageId: string };
        const target = {
          workspaceId: event.metadata.workspaceId,
          streamId: event.streamId,
          messageId: data.messageId,
        };
        remember(mediaTargets, `${data.sessionId}:${data.providerMessageId}`, target);
        if (!channel.retryMedia) {
          await conversationCommand(
            event.streamId,
            {
              type: 'RecordMediaFailed',
              data: { messageId: data.messageId, error: 'Mídia indisponível neste canal' },
            },
            { workspaceId: target.workspaceId, causationId: event.metadata.eventId },
          );
          return;
        }
        const retrying = channel.retryMedia(data.sessionId, data.providerMessageId);
        track(
          retrying.catch((error) => logFailure(error, { messageId: data.messageId }, 'media retry failed')),
        );
        return;
      }
      case 'ChannelSessionRequested': {
        const data = event.data as { sessionId: string; workspaceId: string };
        if (closedWorkspaces.has(data.workspaceId)) return;
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

  async function handleStored(event: StoredEvent): Promise<void> {
    try {
      await onStoredEvent(event);
    } catch (error) {
      logFailure(error, { globalPosition: event.globalPosition, type: event.type }, 'event not handled');
    }
    handledUpTo = event.globalPosition;
    scheduleCheckpoint();
  }

  async function follow(fromPosition: number): Promise<void> {
    try {
      const pages = options.source
        ? options.source(fromPosition, abort.signal)
        : store.subscribePages(fromPosition, { signal: abort.signal, trusted: true });
      for await (const batch of pages) {
        for (const event of batch) {
          if (stopped) return;
          if (event.globalPosition > handledUpTo) await handleStored(event); // redeliveries skipped
        }
      }
    } catch (error) {
      if (!stopped) logger.error({ err: error }, 'channel bridge stopped following the event store');
    }
  }

  queue.onFailed(onSendFailed);
  queue.onCompleted((job) => finishRequest(job.id));
  queue.process(runSend);
  const unsubscribe = channel.onEvent(onChannelEvent);
  if (saved === undefined) await saveCheckpoint(); // a first start: later restarts resume from here
  // Sessions first: sends picked up from the checkpoint go out as soon as their session is back.
  if (options.restorableSessions) {
    const sessions = await options.restorableSessions();
    for (const session of sessions) {
      track(
        channel
          .connect(session)
          .catch((error) => logFailure(error, { sessionId: session.sessionId }, 'session not restored')),
      );
    }
  }
  const following = follow(fromPosition);

  return {
    async conversationIdOf(sessionId, address) {
      const workspaceId = await resolveWorkspace(sessionId);
      return workspaceId ? await routing.conversationIdOf(workspaceId, address) : undefined;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      unsubscribe();
      abort.abort();
      await following;
      await queue.close();
      await Promise.all([...sessionChains.values()]);
      await Promise.all([...background]);
      clearTimeout(checkpointTimer);
      await saveCheckpoint();
    },
  };
}
