import { isStatusAdvance, type AtendeEvent, type ProjectionTx, type StoredEvent } from '@atende/events';
import { defineProjection } from '../../projection.js';
import { chatIdOfStream, utcIso } from '../conversations/event-helpers.js';
import {
  AGENT_SENDER_NAME,
  MESSAGES_PROJECTION,
  MESSAGE_COLLECTION,
  SEND_FAILED_TEXT,
  CHAT_READ_COLLECTION,
  chatMessagesIndex,
  chatReadKey,
  messageKey,
  type ChatReadState,
  type MessageRow,
} from './message-row.js';

type AnyStored = StoredEvent<AtendeEvent>;

/** Creates a message unless this projection already has it. */
function createMessage(
  event: AnyStored,
  tx: ProjectionTx,
  messageId: string,
  build: (chatId: string) => MessageRow,
): string | undefined {
  const chatId = chatIdOfStream(event);
  if (chatId === undefined) return undefined;
  const { workspaceId } = event.metadata;
  const key = messageKey(workspaceId, chatId, messageId);
  if (tx.get(MESSAGE_COLLECTION, key)) return undefined;
  tx.put(MESSAGE_COLLECTION, key, build(chatId));
  tx.indexPut(chatMessagesIndex(workspaceId, chatId), key, event.globalPosition);
  return chatId;
}

/** A copy of `row` (one object shape for every message, which keeps replays fast). */
function copyMessage(row: MessageRow): MessageRow {
  return {
    id: row.id,
    conversationId: row.conversationId,
    workspaceId: row.workspaceId,
    content: row.content,
    sender: row.sender,
    senderName: row.senderName,
    senderPhone: row.senderPhone,
    fromMe: row.fromMe,
    agentId: row.agentId,
    timestamp: row.timestamp,
    createdAt: row.createdAt,
    type: row.type,
    status: row.status,
    mediaUrl: row.mediaUrl,
    mediaStatus: row.mediaStatus,
    providerMessageId: row.providerMessageId,
    sentAt: row.sentAt,
    error: row.error,
    position: row.position,
  };
}

/**
 * Applies `change` to a copy of a message of the event's conversation when `applies(row)`; unknown
 * messages are skipped.
 */
function updateMessage(
  event: AnyStored,
  tx: ProjectionTx,
  messageId: string,
  applies: (row: MessageRow) => boolean,
  change: (next: MessageRow, current: MessageRow) => void,
): void {
  const chatId = chatIdOfStream(event);
  if (chatId === undefined) return;
  const key = messageKey(event.metadata.workspaceId, chatId, messageId);
  const row = tx.get<MessageRow>(MESSAGE_COLLECTION, key);
  if (!row || !applies(row)) return;
  const next = copyMessage(row);
  change(next, row);
  tx.put(MESSAGE_COLLECTION, key, next);
}

const always = () => true;

/**
 * Every message of every conversation (collection `message`, id `{workspaceId}:{chatId}:{messageId}`)
 * with its delivery and media state, per conversation a sorted index by position
 * (`chat:{workspaceId}:{chatId}`) and how far it has been read (collection `chat-read`).
 */
export const messagesProjection = defineProjection(MESSAGES_PROJECTION, {
  InboundMessageReceived: (event, tx) => {
    const { data, metadata } = event;
    createMessage(event, tx, data.messageId, (conversationId) => ({
      id: data.messageId,
      conversationId,
      workspaceId: metadata.workspaceId,
      content: data.content,
      sender: 'customer',
      senderName: data.senderName,
      senderPhone: data.senderPhone,
      fromMe: false,
      agentId: null,
      timestamp: utcIso(data.timestamp),
      createdAt: utcIso(metadata.occurredAt),
      type: data.type,
      status: 'delivered',
      mediaUrl: data.mediaUrl,
      mediaStatus: data.mediaStatus,
      providerMessageId: data.providerMessageId,
      sentAt: null,
      error: null,
      position: event.globalPosition,
    }));
  },

  OutboundMessageRequested: (event, tx) => {
    const { data, metadata } = event;
    createMessage(event, tx, data.messageId, (conversationId) => ({
      id: data.messageId,
      conversationId,
      workspaceId: metadata.workspaceId,
      content: data.content,
      sender: 'agent',
      senderName: AGENT_SENDER_NAME,
      senderPhone: '',
      fromMe: true,
      agentId: data.agentId,
      timestamp: utcIso(data.timestamp),
      createdAt: utcIso(metadata.occurredAt),
      type: data.type,
      status: 'sent',
      mediaUrl: null,
      mediaStatus: 'none',
      providerMessageId: null,
      sentAt: null,
      error: null,
      position: event.globalPosition,
    }));
  },

  // The provider took it: a failure recorded before is overruled (as the decider does).
  OutboundMessageSent: (event, tx) =>
    updateMessage(event, tx, event.data.messageId, always, (row, current) => {
      row.providerMessageId = event.data.providerMessageId;
      row.sentAt = utcIso(event.metadata.occurredAt);
      if (current.status === 'failed') {
        row.status = 'sent';
        row.error = null;
      }
    }),

  // Delivery only moves forward: sent → delivered → read.
  MessageDeliveryUpdated: (event, tx) =>
    updateMessage(
      event,
      tx,
      event.data.messageId,
      (row) => isStatusAdvance(row.status, event.data.status),
      (row) => {
        row.status = event.data.status;
        row.error = null;
      },
    ),

  // Only a message not sent yet can fail.
  OutboundMessageFailed: (event, tx) =>
    updateMessage(
      event,
      tx,
      event.data.messageId,
      (row) => row.fromMe && row.status === 'sent' && row.providerMessageId === null,
      (row) => {
        row.status = 'failed';
        row.error = SEND_FAILED_TEXT;
      },
    ),

  MessageMediaStored: (event, tx) =>
    updateMessage(event, tx, event.data.messageId, always, (row) => {
      row.mediaUrl = event.data.mediaUrl;
      row.mediaStatus = 'stored';
    }),

  MessageMediaFailed: (event, tx) =>
    updateMessage(
      event,
      tx,
      event.data.messageId,
      (row) => row.mediaStatus !== 'stored',
      (row) => void (row.mediaStatus = 'failed'),
    ),

  MessageMediaRetryRequested: (event, tx) =>
    updateMessage(
      event,
      tx,
      event.data.messageId,
      (row) => row.mediaStatus !== 'stored',
      (row) => void (row.mediaStatus = 'pending'),
    ),

  // Inbound messages created before this read now read as `read` (see withReadState).
  ConversationRead: (event, tx) => {
    const chatId = chatIdOfStream(event);
    if (chatId === undefined) return;
    tx.put(CHAT_READ_COLLECTION, chatReadKey(event.metadata.workspaceId, chatId), {
      readUpTo: event.globalPosition,
    } satisfies ChatReadState);
  },
});
