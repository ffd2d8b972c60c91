import type { MediaStatus, MessageType } from '@atende/events';

export const MESSAGES_PROJECTION = 'messages';
export const MESSAGE_COLLECTION = 'message';
/** Per conversation: inbound messages not read yet (so a read does not scan the conversation). */
export const CHAT_READ_COLLECTION = 'chat-read';

/**
 * Per conversation (id `{workspaceId}:{chatId}`), the ids of its latest messages and how many pages
 * of older ones precede them: what an erasure rewrites, since a batch cannot range an index.
 */
export const CHAT_MESSAGE_IDS_COLLECTION = 'chat-message-ids';
/** Per conversation, its full pages of message ids (id `{workspaceId}:{chatId}:{page}`). */
export const CHAT_MESSAGE_PAGE_COLLECTION = 'chat-message-page';
/**
 * Message ids per page: a new message rewrites a list of at most this many ids. At 128 that list,
 * 64 ids on average, was two thirds of the bytes an inbound message wrote and a cached document of
 * ≈4 KB per conversation; an erasure, which reads every page, is rare.
 */
export const MESSAGE_IDS_PAGE_SIZE = 16;

/** Error text of an outbound message the provider could not send (spec §8). */
export const SEND_FAILED_TEXT = 'Erro ao enviar mensagem';
/** Sender name of messages agents send (events carry the agent id, not a name). */
export const AGENT_SENDER_NAME = 'Atendente';

export type MessageRowStatus = 'sent' | 'delivered' | 'read' | 'failed';

/** One message of a conversation (spec §3 Message). */
export interface MessageRow {
  /** Our message id (the client's id for outbound messages). */
  id: string;
  /** The chat id. */
  conversationId: string;
  workspaceId: string;
  content: string;
  sender: 'customer' | 'agent';
  senderName: string;
  senderPhone: string;
  fromMe: boolean;
  /** The agent who sent it (outbound), null for inbound. */
  agentId: string | null;
  /** ISO (UTC) time of the message itself. */
  timestamp: string;
  /** When the event creating it was recorded. */
  createdAt: string;
  type: MessageType;
  /** Inbound: delivered, then read once the conversation is read. Outbound: sent → delivered → read, or failed. */
  status: MessageRowStatus;
  mediaUrl: string | null;
  mediaStatus: MediaStatus;
  /** The name of a file an agent sent (rows written before it was kept lack it: read as null). */
  fileName?: string | null;
  providerMessageId: string | null;
  /** When the provider accepted an outbound message; null until then (and for inbound). */
  sentAt: string | null;
  error: string | null;
  /** Global position of the event creating it: the order of the conversation. */
  position: number;
}

/**
 * How far a conversation has been read (collection `chat-read`, id `{workspaceId}:{chatId}`): every
 * inbound message created before `readUpTo` (a global position) reads as `read`. One number per
 * conversation instead of rewriting every message when it is read.
 */
export interface ChatReadState {
  readUpTo: number;
}

/** 'chat-message-ids' id `{workspaceId}:{chatId}`: pages 0 … pages-1 are full, `ids` come after them. */
export interface ChatMessageIdsDoc {
  pages: number;
  ids: string[];
}

/** 'chat-message-page' id `{workspaceId}:{chatId}:{page}`: MESSAGE_IDS_PAGE_SIZE message ids. */
export interface ChatMessagePageDoc {
  ids: string[];
}

export function chatMessageIdsKey(workspaceId: string, chatId: string): string {
  return `${workspaceId}:${chatId}`;
}

export function chatMessagePageKey(workspaceId: string, chatId: string, page: number): string {
  return `${workspaceId}:${chatId}:${page}`;
}

export function messageKey(workspaceId: string, chatId: string, messageId: string): string {
  return `${workspaceId}:${chatId}:${messageId}`;
}

export function chatReadKey(workspaceId: string, chatId: string): string {
  return `${workspaceId}:${chatId}`;
}

/** A message as people see it: an inbound message created before the conversation's last read is `read`. */
export function withReadState(row: MessageRow, read: ChatReadState | undefined): MessageRow {
  if (row.fromMe || row.status !== 'delivered' || read === undefined || row.position >= read.readUpTo)
    return row;
  return { ...row, status: 'read' };
}

/** Sorted index of a conversation's messages: entry id = messageKey, score = position. */
export function chatMessagesIndex(workspaceId: string, chatId: string): string {
  return `chat:${workspaceId}:${chatId}`;
}
