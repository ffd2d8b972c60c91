import {
  streamCategory,
  type AtendeEvent,
  type ConversationEvent,
  type EventStore,
  type ReadModels,
  type StoredEvent,
} from '@atende/events';
import {
  CHANNEL_SESSIONS_PROJECTION,
  CONVERSATIONS_PROJECTION,
  MESSAGES_PROJECTION,
  chatIdOfStream,
  getConversation,
  getMessage,
  getSession,
  type MessageRow,
} from '@atende/projector';
import type { ChannelPayload, NewMessagePayload, ServerToClientEvents } from '@atende/api-contract';
import { conversationView, messageView } from '../routes/conversations/conversation-access.js';
import { channelRooms, conversationRooms } from './audience.js';

export type PushName = Exclude<keyof ServerToClientEvents, 'resync'>;

/**
 * One socket event to send for a stored event, and the rooms allowed to see it. `liveOnly`: a notice
 * for those who could read the conversation when the event happened (it left their list); a replay,
 * which builds pushes from today's read models, sends only what the socket may read now.
 */
export type Push = {
  [K in PushName]: {
    name: K;
    payload: Parameters<ServerToClientEvents[K]>[0];
    rooms: string[];
    liveOnly?: true;
  };
}[PushName];

export interface PushContext {
  store: Pick<EventStore, 'readStream'>;
  readModels: ReadModels;
  /** Told when a push cannot be built (what it needs is not in the read models): never silent. */
  logger?: { warn(details: object, message: string): void };
}

const MESSAGE_CREATED = new Set(['InboundMessageReceived', 'OutboundMessageRequested']);
const MESSAGE_STATUS = new Set(['OutboundMessageSent', 'MessageDeliveryUpdated', 'OutboundMessageFailed']);
const MESSAGE_MEDIA = new Set(['MessageMediaStored', 'MessageMediaFailed', 'MessageMediaRetryRequested']);
const CHANNEL_PUSHED = new Set(['ChannelConnected', 'ChannelDisconnected']);
/** Conversation events no socket hears of (a channel worker's own record): nothing to wait for. */
const CONVERSATION_SILENT = new Set(['OutboundSendStarted']);

/** Whether an event of this stream and type can produce a push (so others need not wait for projections). */
export function mayPush(event: StoredEvent): boolean {
  const category = streamCategory(event.streamId);
  if (category === 'conversation') return !CONVERSATION_SILENT.has(event.type);
  return category === 'channel' && CHANNEL_PUSHED.has(event.type);
}

function messagePayload(row: MessageRow, position: number): NewMessagePayload {
  const { senderId: _senderId, error: _error, ...view } = messageView(row);
  return { ...view, position };
}

/** Who had a conversation before an assignment event (read from its stream: assignments are rare). */
async function previousAssignee(
  ctx: PushContext,
  event: StoredEvent<ConversationEvent>,
): Promise<string | null | undefined> {
  if (event.type === 'ConversationTransferred') return event.data.fromAssigneeId;
  if (event.type !== 'ConversationAssigned') return undefined;
  let assignee: string | null = null;
  for (const past of await ctx.store.readStream<ConversationEvent>(event.streamId)) {
    if (past.streamPosition >= event.streamPosition) break;
    if (past.type === 'ConversationAssigned') assignee = past.data.assigneeId;
    else if (past.type === 'ConversationTransferred') assignee = past.data.toAssigneeId;
  }
  return assignee;
}

async function conversationPushes(ctx: PushContext, event: StoredEvent<ConversationEvent>): Promise<Push[]> {
  const chatId = chatIdOfStream(event);
  if (chatId === undefined) return [];
  const { workspaceId } = event.metadata;
  const row = await getConversation(ctx.readModels.view(CONVERSATIONS_PROJECTION), workspaceId, chatId);
  if (!row) {
    ctx.logger?.warn(
      { position: event.globalPosition, type: event.type },
      'push not built: its conversation is not in the read models',
    );
    return [];
  }
  const position = event.globalPosition;
  // Only who may read the conversation now: its assignee (the agents while nobody has it) and supervisors.
  const audience = conversationRooms(workspaceId, row.assigneeId);
  const pushes: Push[] = [];
  const previous = await previousAssignee(ctx, event);
  if (previous !== undefined) {
    // Whoever had it before only learns that it left their list: its id, nothing of its content.
    const losing = conversationRooms(workspaceId, previous).filter((room) => !audience.includes(room));
    if (losing.length > 0) {
      pushes.push({
        name: 'conversation:removed',
        payload: { conversationId: chatId, position },
        rooms: losing,
        liveOnly: true,
      });
    }
  }
  if ('messageId' in event.data) {
    const messageId = event.data.messageId;
    const message = await getMessage(
      ctx.readModels.view(MESSAGES_PROJECTION),
      workspaceId,
      chatId,
      messageId,
    );
    if (!message && MESSAGE_CREATED.has(event.type)) {
      ctx.logger?.warn(
        { position, type: event.type },
        'push not built: its message is not in the read models',
      );
    }
    if (message && MESSAGE_CREATED.has(event.type)) {
      // One frame per message: the conversation row after it rides along (socket writes dominate fan-out).
      pushes.push({
        name: 'whatsapp:newMessage',
        payload: { ...messagePayload(message, position), conversation: conversationView(row) },
        rooms: audience,
      });
    } else if (message && MESSAGE_STATUS.has(event.type)) {
      pushes.push({
        name: 'message:status',
        payload: {
          conversationId: chatId,
          messageId,
          status: message.status,
          error: message.error,
          position,
        },
        rooms: audience,
      });
    } else if (message && MESSAGE_MEDIA.has(event.type)) {
      pushes.push({ name: 'message:updated', payload: messagePayload(message, position), rooms: audience });
    }
  }
  // Message events already carried what changed; the row itself changes for the other events.
  if (!('messageId' in event.data)) {
    pushes.push({
      name: 'conversation:updated',
      payload: { conversation: conversationView(row), position },
      rooms: audience,
    });
  }
  return pushes;
}

async function channelPushes(ctx: PushContext, event: StoredEvent<AtendeEvent>): Promise<Push[]> {
  if (event.type !== 'ChannelConnected' && event.type !== 'ChannelDisconnected') return [];
  const session = await getSession(ctx.readModels.view(CHANNEL_SESSIONS_PROJECTION), event.data.sessionId);
  if (!session || session.workspaceId !== event.metadata.workspaceId) return [];
  const payload: ChannelPayload = {
    sessionId: session.sessionId,
    phoneNumber: session.phoneNumber,
    position: event.globalPosition,
  };
  const audience = channelRooms(session.workspaceId, session.userId);
  return event.type === 'ChannelConnected'
    ? [{ name: 'whatsapp:connected', payload, rooms: audience }]
    : [{ name: 'whatsapp:disconnected', payload, rooms: audience }];
}

/**
 * The socket events of one stored event, built from the read models (which must already include it),
 * in the order to send them. Live fan-out and resume both use this, so they send the same things.
 */
export async function pushesOf(ctx: PushContext, stored: StoredEvent): Promise<Push[]> {
  const event = stored as StoredEvent<AtendeEvent>;
  switch (streamCategory(event.streamId)) {
    case 'conversation':
      return conversationPushes(ctx, event as StoredEvent<ConversationEvent>);
    case 'channel':
      return channelPushes(ctx, event);
    default:
      return [];
  }
}
