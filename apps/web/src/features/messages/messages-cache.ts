import type { SendAnswer } from '@atende/api-contract';
import type { Message } from '../../api/types';
import {
  MESSAGE_LIMIT,
  SEND_ERROR_TEXT,
  mergeStatus,
  optimisticMedia,
  orderKey,
  toChatMessage,
  type MediaSendRequested,
  type MediaUploadProgressed,
} from './message-model';

/*
 * A conversation's messages as the server-state cache keeps them (getMessages' data, one entry per
 * conversation): plain functions over an (immer) draft of the entry, which the load's merge, the
 * socket's pushes and the sends write with `updateQueryData` (messages-endpoints.ts).
 */

/**
 * A message as the chat window shows it: a stored one, or an optimistic one still identified by
 * the client's message id (`localId`) until the server's stored id arrives.
 */
export interface ChatMessage {
  /** Stable key for rendering: the client's message id for own sends, else the stored id. */
  localId: string;
  /** The stored id; null while an optimistic send is not yet confirmed. */
  id: string | null;
  conversationId: string;
  content: string;
  sender: Message['sender'];
  fromMe: boolean;
  senderName: string;
  timestamp: string;
  type: Message['type'];
  /** 'sending' before the server accepted it; 'failed' shows the red error text and a retry. */
  status: 'sending' | Message['status'];
  mediaUrl: string | null;
  mediaStatus: Message['mediaStatus'];
  error: string | null;
  /** When the server recorded it (ISO); the local send time until then. */
  createdAt?: string;
  /** Order in the conversation (the global position of its creation); unknown while unconfirmed. */
  position?: number;
  /** Internal: the send attempt in flight (a second retry click finds it taken and sends nothing). */
  sendAttempt?: string;
  /** The file's name (a document shows it; an own file shows it while uploading). */
  fileName?: string | null;
  /** Upload percent (0–100) of an own file while its status is 'sending'. */
  progress?: number;
}

export interface ConversationMessages {
  /** Ascending (order of the conversation), deduplicated by id, at most MESSAGE_LIMIT. */
  items: ChatMessage[];
  loading: boolean;
  error: string | null;
}

export const emptyEntry = (): ConversationMessages => ({ items: [], loading: false, error: null });

/** The item a server id (or the client's message id of an own send) refers to. */
function indexOf(items: ChatMessage[], id: string, clientMessageId?: string): number {
  return items.findIndex(
    (m) =>
      m.id === id ||
      m.localId === id ||
      (clientMessageId !== undefined && (m.localId === clientMessageId || m.id === clientMessageId)),
  );
}

/** Server news about a message merged into what is shown; the client's key and attempt are kept. */
function mergeInto(existing: ChatMessage, incoming: ChatMessage, keepPosition = false): void {
  const status = mergeStatus(existing.status, incoming.status);
  const position = keepPosition
    ? (existing.position ?? incoming.position)
    : (incoming.position ?? existing.position);
  Object.assign(existing, {
    ...incoming,
    localId: existing.localId,
    conversationId: incoming.conversationId || existing.conversationId,
    senderName: incoming.senderName || existing.senderName,
    status,
    // Only the server saying 'failed' makes it failed here: spec §8's 'Erro ao enviar mensagem'.
    error: status === 'failed' ? SEND_ERROR_TEXT : null,
  });
  if (position === undefined) delete existing.position;
  else existing.position = position;
  if (existing.sendAttempt === undefined) delete existing.sendAttempt;
}

/** Keeps the items in conversation order and drops the oldest beyond the limit (never an unsent one). */
function settle(entry: ConversationMessages): void {
  const items = entry.items;
  let sorted = true;
  for (let i = 1; i < items.length; i += 1) {
    if (orderKey(items[i - 1]!) > orderKey(items[i]!)) {
      sorted = false;
      break;
    }
  }
  if (!sorted) {
    // Stable: equal keys keep their order (server order, then arrival).
    const ordered = items
      .map((m, i) => ({ m, i }))
      .sort((a, b) => orderKey(a.m) - orderKey(b.m) || a.i - b.i);
    entry.items = ordered.map((o) => o.m);
  }
  const excess = entry.items.length - MESSAGE_LIMIT;
  if (excess > 0) {
    let droppable = 0;
    while (droppable < excess && entry.items[droppable]!.id !== null) droppable += 1;
    if (droppable > 0) entry.items.splice(0, droppable);
  }
}

/** Adds a server message, or merges it into the one it is (same id, or the echo of an own send). */
function upsert(entry: ConversationMessages, incoming: ChatMessage, clientMessageId?: string): void {
  const index = indexOf(entry.items, incoming.id ?? incoming.localId, clientMessageId);
  if (index >= 0) mergeInto(entry.items[index]!, incoming);
  else entry.items.push(incoming);
}

export interface SendPayload {
  conversationId: string;
  content: string;
  /** Optional: the sender's name shown on the optimistic message until the server's arrives. */
  senderName?: string;
}

export interface SendRequested extends SendPayload {
  /** The client's message id (a UUID): the key of the optimistic message and the server's idempotency key. */
  localId: string;
  /** When the agent sent it (ISO). */
  timestamp: string;
  /** This attempt's id. */
  attempt: string;
}

export interface RetryRequested {
  conversationId: string;
  localId: string;
  attempt: string;
}

export interface SendSucceeded {
  conversationId: string;
  localId: string;
  /** The stored id (the client's message id: the server keeps it). */
  messageId: string;
  /** The stored message, when the server already had it (the contract's `SendAnswer['message']`). */
  message: SendAnswer['message'];
}

export interface StatusChanged {
  conversationId: string;
  messageId: string;
  status: Message['status'];
  /** The server's detail of a failure (not shown: the UI reads 'Erro ao enviar mensagem'). */
  error?: string | null;
}

/** A load asked for (not a silent refresh): 'Carregando mensagens...' until it answers. */
export function loadStarted(entry: ConversationMessages): void {
  entry.loading = true;
  entry.error = null;
}

/** The server's messages (ascending), merged with what is shown: nothing doubled, nothing sent lost. */
export function messagesLoaded(entry: ConversationMessages, messages: readonly ChatMessage[]): void {
  const previous = entry.items;
  const next: ChatMessage[] = [];
  const taken = new Set<ChatMessage>();
  for (const message of messages) {
    const already = next.findIndex((m) => m.id === message.id);
    if (already >= 0) {
      // Duplicates by id are ignored (the first one counts).
      continue;
    }
    const index = indexOf(previous, message.id ?? message.localId);
    if (index >= 0) {
      const existing = previous[index]!;
      mergeInto(existing, { ...message });
      taken.add(existing);
      next.push(existing);
    } else next.push({ ...message });
  }
  // What the answer does not have yet: unconfirmed sends, and pushes newer than its snapshot.
  for (const item of previous) if (!taken.has(item)) next.push(item);
  entry.items = next;
  entry.loading = false;
  entry.error = null;
  settle(entry);
}

export function messagesLoadFailed(entry: ConversationMessages, error: string): void {
  entry.loading = false;
  entry.error = error;
}

/** The agent sends text: it appears at once (status 'sending', shown as 'sent' grey). Blank text is ignored. */
export function sendRequested(entry: ConversationMessages, payload: SendRequested): void {
  const { conversationId, localId, timestamp, attempt } = payload;
  const content = payload.content.trim();
  if (!content || !conversationId) return;
  entry.items.push({
    localId,
    id: null,
    conversationId,
    content,
    sender: 'agent',
    fromMe: true,
    senderName: payload.senderName ?? '',
    timestamp,
    createdAt: timestamp,
    type: 'text',
    status: 'sending',
    mediaUrl: null,
    mediaStatus: 'none',
    error: null,
    sendAttempt: attempt,
  });
  settle(entry);
}

/** Retry a failed send with the same client message id (the server stores it once). Ignored unless failed. */
export function retryRequested(entry: ConversationMessages, payload: RetryRequested): void {
  const message = entry.items.find((m) => m.localId === payload.localId);
  if (!message || message.status !== 'failed') return;
  message.status = 'sending';
  message.error = null;
  message.sendAttempt = payload.attempt;
}

/** POST /api/whatsapp/send answered: the stored id, and the status from the stored message. */
export function sendSucceeded(entry: ConversationMessages, payload: SendSucceeded): void {
  const { conversationId, localId, messageId, message } = payload;
  const index = entry.items.findIndex((m) => m.localId === localId);
  if (index < 0) return;
  const existing = entry.items[index]!;
  delete existing.sendAttempt;
  const stored = message ? toChatMessage({ ...message, id: messageId }) : null;
  if (stored) mergeInto(existing, { ...stored, conversationId: stored.conversationId || conversationId });
  else {
    existing.id = messageId;
    existing.status = mergeStatus(existing.status, 'sent');
    if (existing.status !== 'failed') existing.error = null;
  }
  // Another item may hold the same stored id (a load raced the answer): keep one.
  const twin = entry.items.findIndex((m, i) => i !== index && m.id === messageId);
  if (twin >= 0) {
    mergeInto(existing, { ...entry.items[twin]! });
    entry.items.splice(twin, 1);
  }
  settle(entry);
}

/** The send failed: the spec's red text ('Erro ao enviar mensagem' / 'Erro de conexão') and a retry. */
export function sendFailed(entry: ConversationMessages, payload: { localId: string; error: string }): void {
  const message = entry.items.find((m) => m.localId === payload.localId);
  if (!message) return;
  delete message.sendAttempt;
  // The server has it after all (its echo came first): not a failure.
  if (message.id !== null && message.status !== 'sending' && message.status !== 'failed') return;
  message.status = 'failed';
  message.error = payload.error;
}

/**
 * The agent sends a file (the chat's upload module holds its bytes and posts them): it appears at
 * once, at 0 %. The same client message id again, once failed, is its retry.
 */
export function mediaSendRequested(entry: ConversationMessages, payload: MediaSendRequested): void {
  const existing = entry.items.find((m) => m.localId === payload.localId);
  if (!existing) entry.items.push(optimisticMedia(payload));
  else if (existing.status === 'failed')
    Object.assign(existing, { status: 'sending', error: null, progress: 0 });
  settle(entry);
}

/** How much of a file being sent has gone up (whole percent). */
export function mediaUploadProgressed(entry: ConversationMessages, payload: MediaUploadProgressed): void {
  const message = entry.items.find((m) => m.localId === payload.localId);
  if (message?.status === 'sending') message.progress = payload.progress;
}

/** The agent gives up a send the server never stored (e.g. a refused file): it leaves the list. */
export function discarded(entry: ConversationMessages, localId: string): void {
  entry.items = entry.items.filter((m) => m.localId !== localId || m.id !== null);
}

/** Socket `whatsapp:newMessage`: appended, or merged into its optimistic entry. */
export function received(entry: ConversationMessages, message: ChatMessage, clientMessageId?: string): void {
  upsert(entry, message, clientMessageId);
  settle(entry);
}

/** Socket `message:updated` (its media stored or failed): replaced in place, its order kept. */
export function updated(entry: ConversationMessages, message: ChatMessage): void {
  const index = indexOf(entry.items, message.id!);
  if (index < 0) return;
  mergeInto(entry.items[index]!, message, true);
}

/** Socket `message:status`: sent → delivered → read (or failed) in place. */
export function statusChanged(entry: ConversationMessages, payload: StatusChanged): void {
  const { messageId, status } = payload;
  const message = entry.items[indexOf(entry.items, messageId)];
  if (!message) return;
  message.id = messageId;
  message.status = mergeStatus(message.status, status);
  // Spec §8: a failure the server reports reads 'Erro ao enviar mensagem'.
  message.error = message.status === 'failed' ? SEND_ERROR_TEXT : null;
  settle(entry);
}

/** The chat window shows the conversation: incoming messages shown are read at once. */
export function viewed(entry: ConversationMessages): void {
  for (const message of entry.items) {
    if (!message.fromMe && message.status !== 'read' && message.status !== 'failed') message.status = 'read';
  }
}
