import {
  REMOVED_PLACEHOLDER,
  isStatusAdvance,
  type AtendeEvent,
  type ProjectionTx,
  type StoredEvent,
} from '@atende/events';
import { defineProjection } from '../../projection.js';
import { chatIdOfStream, utcIso } from '../conversations/event-helpers.js';
import {
  AGENT_SENDER_NAME,
  MESSAGES_PROJECTION,
  MESSAGE_COLLECTION,
  SEND_FAILED_TEXT,
  CHAT_MESSAGE_IDS_COLLECTION,
  CHAT_MESSAGE_PAGE_COLLECTION,
  CHAT_READ_COLLECTION,
  MESSAGE_IDS_PAGE_SIZE,
  chatMessageIdsKey,
  chatMessagePageKey,
  chatMessagesIndex,
  chatReadKey,
  messageKey,
  type ChatMessageIdsDoc,
  type ChatMessagePageDoc,
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
  listMessageId(tx, workspaceId, chatId, messageId);
  return chatId;
}

/** Adds a message id to its conversation's list, moving a full list to a page of its own. */
function listMessageId(tx: ProjectionTx, workspaceId: string, chatId: string, messageId: string): void {
  const key = chatMessageIdsKey(workspaceId, chatId);
  const head = tx.get<ChatMessageIdsDoc>(CHAT_MESSAGE_IDS_COLLECTION, key);
  const ids = head ? [...head.ids, messageId] : [messageId];
  const pages = head?.pages ?? 0;
  if (ids.length < MESSAGE_IDS_PAGE_SIZE) {
    tx.put(CHAT_MESSAGE_IDS_COLLECTION, key, { pages, ids } satisfies ChatMessageIdsDoc);
    return;
  }
  tx.put(CHAT_MESSAGE_PAGE_COLLECTION, chatMessagePageKey(workspaceId, chatId, pages), {
    ids,
  } satisfies ChatMessagePageDoc);
  tx.put(CHAT_MESSAGE_IDS_COLLECTION, key, { pages: pages + 1, ids: [] } satisfies ChatMessageIdsDoc);
}

/**
 * The ids of a conversation's messages. Conversations projected before the list existed have none
 * until a replay of this projection.
 */
function messageIdsOf(tx: ProjectionTx, workspaceId: string, chatId: string): string[] {
  const head = tx.get<ChatMessageIdsDoc>(CHAT_MESSAGE_IDS_COLLECTION, chatMessageIdsKey(workspaceId, chatId));
  if (!head) return [];
  const ids: string[] = [];
  for (let page = 0; page < head.pages; page += 1) {
    const doc = tx.get<ChatMessagePageDoc>(
      CHAT_MESSAGE_PAGE_COLLECTION,
      chatMessagePageKey(workspaceId, chatId, page),
    );
    if (doc) ids.push(...doc.ids);
  }
  ids.push(...head.ids);
  return ids;
}

/**
 * A message as a rebuild reads it once the customer's key is gone: every sealed field as the
 * placeholder, media URLs null (the agent's name on outbound messages is not the customer's).
 */
function erasedMessage(row: MessageRow): MessageRow {
  const senderName = row.fromMe ? row.senderName : REMOVED_PLACEHOLDER;
  const senderPhone = row.fromMe ? row.senderPhone : REMOVED_PLACEHOLDER;
  if (
    row.content === REMOVED_PLACEHOLDER &&
    row.mediaUrl === null &&
    !row.fileName &&
    row.senderName === senderName &&
    row.senderPhone === senderPhone
  ) {
    return row;
  }
  const next = copyMessage(row);
  next.content = REMOVED_PLACEHOLDER;
  next.mediaUrl = null;
  next.fileName = null;
  next.senderName = senderName;
  next.senderPhone = senderPhone;
  return next;
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
    fileName: row.fileName ?? null,
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
 * (`chat:{workspaceId}:{chatId}`), how far it has been read (collection `chat-read`) and the list of
 * its message ids (`chat-message-ids`, `chat-message-page`) that an LGPD erasure rewrites.
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
      fileName: null,
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
      // An agent's file was stored before the message was requested.
      mediaUrl: data.mediaUrl ?? null,
      mediaStatus: data.mediaUrl ? 'stored' : 'none',
      fileName: data.fileName ?? null,
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

  // LGPD erasure: every message of the conversation as a rebuild reads it from then on.
  ContactDataErased: (event, tx) => {
    const chatId = chatIdOfStream(event);
    if (chatId === undefined) return;
    const { workspaceId } = event.metadata;
    for (const messageId of messageIdsOf(tx, workspaceId, chatId)) {
      const key = messageKey(workspaceId, chatId, messageId);
      const row = tx.get<MessageRow>(MESSAGE_COLLECTION, key);
      if (!row) continue;
      const next = erasedMessage(row);
      if (next !== row) tx.put(MESSAGE_COLLECTION, key, next);
    }
  },

  // Inbound messages created before this read now read as `read` (see withReadState).
  ConversationRead: (event, tx) => {
    const chatId = chatIdOfStream(event);
    if (chatId === undefined) return;
    tx.put(CHAT_READ_COLLECTION, chatReadKey(event.metadata.workspaceId, chatId), {
      readUpTo: event.globalPosition,
    } satisfies ChatReadState);
  },
});
