import type { Message } from '../../api/types';
import type { ChatMessage } from './messages-cache';

/** Spec §5/§9: the messages of a conversation kept in memory (the latest ones; older ones are dropped). */
export const MESSAGE_LIMIT = 100;

/** Spec §8: messaging errors, shown in red in the chat area. */
export const SEND_ERROR_TEXT = 'Erro ao enviar mensagem';
export const CONNECTION_ERROR_TEXT = 'Erro de conexão';
export const LOAD_ERROR_TEXT = 'Erro ao carregar mensagens';

/**
 * Refusals of POST /api/whatsapp/send (HTTP 402) whose own text says what to do (choose a plan,
 * upgrade): shown as the server wrote them instead of 'Erro ao enviar mensagem'.
 */
export const PLAN_SEND_ERROR_CODES: readonly string[] = ['TRIAL_ENDED', 'PLAN_LIMIT_CONVERSATIONS'];

/** The red text of a failed send: 'Erro de conexão' without an answer, the plan's own text, else the spec's. */
export function sendErrorText(error: { status: number; code: string; message: string } | null): string {
  if (!error) return SEND_ERROR_TEXT;
  if (error.status === 0) return CONNECTION_ERROR_TEXT;
  if (PLAN_SEND_ERROR_CODES.includes(error.code) && error.message) return error.message;
  return SEND_ERROR_TEXT;
}

const MESSAGE_TYPES: readonly Message['type'][] = ['text', 'image', 'video', 'audio', 'document'];
const STATUSES: readonly Message['status'][] = ['sent', 'delivered', 'read', 'failed'];
const MEDIA_STATUSES: readonly Message['mediaStatus'][] = ['none', 'pending', 'stored', 'failed'];

/** What a media message without text shows (spec §3): `[Mídia: image]`. */
export const mediaPlaceholder = (type: string): string => `[Mídia: ${type}]`;

/**
 * The text a message shows: its content, or `[Mídia: {type}]` for media without text. A text
 * message (or one of unknown type) without content stays empty.
 */
export function messageContent(message: { content?: string | null; type?: string | null }): string {
  const content = typeof message.content === 'string' ? message.content : '';
  const type = typeof message.type === 'string' ? message.type.trim() : '';
  if (content.trim() === '' && type !== '' && type !== 'text') return mediaPlaceholder(type);
  return content;
}

/** The ISO form of a time, or undefined when it is not a valid time. */
export function validIso(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  const time = typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(time)) return undefined;
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * A message as the server sends it (REST `Message`, or the socket's `whatsapp:newMessage` /
 * `message:updated` payload), tolerating the older field names of spec §3 (body, text, contentType…).
 */
export type RawMessage = Partial<Message> & {
  body?: string;
  text?: string;
  contentType?: string;
  mediaType?: string | null;
  phoneNumber?: string;
  clientMessageId?: string;
};

/**
 * A server message as the chat shows it: unknown types fall back to text, media without text reads
 * '[Mídia: {type}]', invalid times fall back to now (spec §5). Null without an id.
 */
export function toChatMessage(raw: RawMessage, now: Date = new Date()): ChatMessage | null {
  const id = text(raw.id) ?? (typeof raw.id === 'number' ? String(raw.id) : undefined);
  if (!id) return null;
  const rawType = text(raw.type) ?? text(raw.contentType) ?? text(raw.mediaType) ?? 'text';
  const type = (MESSAGE_TYPES as readonly string[]).includes(rawType) ? (rawType as Message['type']) : 'text';
  const fromMe = typeof raw.fromMe === 'boolean' ? raw.fromMe : raw.sender === 'agent';
  const sender: Message['sender'] =
    raw.sender === 'agent' || raw.sender === 'customer' ? raw.sender : fromMe ? 'agent' : 'customer';
  const timestamp = validIso(raw.timestamp) ?? validIso(raw.createdAt) ?? now.toISOString();
  const status = (STATUSES as readonly string[]).includes(String(raw.status))
    ? (raw.status as Message['status'])
    : fromMe
      ? 'sent'
      : 'delivered';
  const position =
    typeof raw.position === 'number' && Number.isFinite(raw.position) ? raw.position : undefined;
  return {
    localId: id,
    id,
    conversationId: text(raw.conversationId) ?? '',
    content: messageContent({
      content: text(raw.content) ?? text(raw.body) ?? text(raw.text) ?? '',
      type: rawType,
    }),
    sender,
    fromMe,
    senderName: text(raw.senderName) ?? '',
    timestamp,
    createdAt: validIso(raw.createdAt) ?? timestamp,
    type,
    status,
    mediaUrl: text(raw.mediaUrl) ?? null,
    mediaStatus: (MEDIA_STATUSES as readonly string[]).includes(String(raw.mediaStatus))
      ? (raw.mediaStatus as Message['mediaStatus'])
      : raw.mediaUrl
        ? 'stored'
        : 'none',
    // Spec §8: a failure the server reports reads 'Erro ao enviar mensagem' (its detail is not shown).
    error: status === 'failed' ? SEND_ERROR_TEXT : null,
    ...(position !== undefined ? { position } : {}),
    ...(typeof raw.fileName === 'string' ? { fileName: raw.fileName } : {}),
  };
}

/** A fresh client message id (a UUID): an optimistic message's key and the server's idempotency key. */
export const newMessageId = (): string =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : // Very old browsers only: a v4-shaped id from Math.random.
      'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
        const r = (Math.random() * 16) | 0;
        return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
      });

/** A file the agent sends, as its optimistic message shows it until the server's copy replaces it. */
export interface MediaSendRequested {
  conversationId: string;
  /** The client message id: the bubble's key and the upload's idempotency key. */
  localId: string;
  type: Exclude<Message['type'], 'text'>;
  /** The caption ('' when none). */
  content: string;
  fileName: string;
  /** A local preview (an object URL of an image), or null. */
  previewUrl: string | null;
  senderName?: string;
  /** When the agent sent it (ISO). */
  timestamp: string;
}

export interface MediaUploadProgressed {
  conversationId: string;
  localId: string;
  /** Whole percent, 0–100. */
  progress: number;
}

/** The optimistic message of a file being sent: 'sending' at 0 %, showing its local preview. */
export function optimisticMedia(request: MediaSendRequested): ChatMessage {
  const { previewUrl, timestamp } = request;
  return {
    localId: request.localId,
    id: null,
    conversationId: request.conversationId,
    content: request.content,
    sender: 'agent',
    fromMe: true,
    senderName: request.senderName ?? '',
    timestamp,
    createdAt: timestamp,
    type: request.type,
    status: 'sending',
    mediaUrl: previewUrl,
    // The preview's bytes are here already; the server's URL replaces it once stored.
    mediaStatus: previewUrl ? 'stored' : 'pending',
    fileName: request.fileName,
    error: null,
    progress: 0,
  };
}

const STATUS_RANK: Record<Exclude<ChatMessage['status'], 'failed'>, number> = {
  sending: 0,
  sent: 1,
  delivered: 2,
  read: 3,
};

/**
 * The status after news about a message: it only moves forward (sending → sent → delivered → read),
 * so a late or stale answer never turns a read message grey again. The server saying 'failed' wins;
 * a failed message the server has after all (an echo of a send thought lost) moves on.
 */
export function mergeStatus(
  current: ChatMessage['status'],
  incoming: ChatMessage['status'],
): ChatMessage['status'] {
  if (incoming === 'failed') return 'failed';
  if (current === 'failed') return incoming;
  return STATUS_RANK[incoming] >= STATUS_RANK[current] ? incoming : current;
}

/** Order in the conversation: stored messages by position, unconfirmed sends last (in send order). */
export function orderKey(message: ChatMessage): number {
  if (message.id === null) return Number.POSITIVE_INFINITY;
  if (typeof message.position === 'number') return message.position;
  // Confirmed but its position unknown yet (the send answer came without the stored row).
  return Number.POSITIVE_INFINITY;
}
