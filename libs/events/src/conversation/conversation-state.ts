import { DomainError } from '../core/errors.js';
import type { ChatType, MediaStatus, MessageStatus } from './messages.js';
import { MEDIA_URL_MAX, OUTBOUND_CONTENT_MAX } from './messages.js';
import { messageOf, type MessageWindow } from './message-window.js';

// What a conversation's decider knows of it, its texts, and the checks its commands share.

/** One message of a conversation, as its decider needs it. */
export interface ConversationMessage {
  direction: 'inbound' | 'outbound';
  /** Outbound: requested → sent → delivered → read, or failed. Inbound messages stay `delivered`. */
  status: MessageStatus;
  providerMessageId: string | null;
  mediaStatus: MediaStatus;
  /** Media downloads retried so far (see RetryMedia). */
  mediaAttempt: number;
  /** Outbound: when its first send attempt started (OutboundSendStarted); absent before. */
  sendStartedAt?: string;
}

/** A conversation's messages are a bounded window of them (MessageWindow: the latest and the open ones). */
export interface ActiveConversation extends MessageWindow {
  status: 'active';
  chatId: string;
  /** The session of the latest inbound message (a reconnected workspace keeps its conversations). */
  sessionId: string;
  customerId: string;
  customerName: string;
  /** The provider's address of the chat (a WhatsApp id; chatId when none other was given): where sends go. */
  address: string;
  type: ChatType;
  isPinned: boolean;
  isArchived: boolean;
  assigneeId: string | null;
  rating: number | null;
  /** Inbound messages since the last ConversationRead. */
  unreadCount: number;
  /** The month (YYYY-MM) it started beyond the plan's limit, or null. */
  overLimitMonth: string | null;
  lastInboundMessageId: string | null;
}

export type ConversationState = { status: 'none' } | ActiveConversation;

export const DEFAULT_CUSTOMER_NAME = 'Contato';
export const CONVERSATION_NOT_FOUND_MESSAGE = 'Conversa não encontrada';
export const MESSAGE_NOT_FOUND_MESSAGE = 'Mensagem não encontrada';
export const MESSAGE_EMPTY_MESSAGE = 'Mensagem vazia';
export const MESSAGE_TOO_LONG_MESSAGE = `Mensagem muito longa (máximo ${OUTBOUND_CONTENT_MAX} caracteres)`;
export const RATING_INVALID_MESSAGE = 'A avaliação deve ser de 1 a 5';
export const SEND_FAILED_MESSAGE = 'Erro ao enviar mensagem';
export const MEDIA_FAILED_MESSAGE = 'Erro ao baixar mídia';
export const MEDIA_NOT_FOUND_MESSAGE = 'Esta mensagem não tem mídia';

export function digitsOnly(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}

export function trimmedOr(value: string | null | undefined, fallback: string, max: number): string {
  return (value ?? '').trim().slice(0, max) || fallback;
}

export function requireConversation(state: ConversationState): ActiveConversation {
  if (state.status !== 'active')
    throw new DomainError('CONVERSATION_NOT_FOUND', CONVERSATION_NOT_FOUND_MESSAGE);
  return state;
}

export function requireMessage(conversation: ActiveConversation, messageId: string): ConversationMessage {
  const message = messageOf(conversation, messageId);
  if (!message) throw new DomainError('MESSAGE_NOT_FOUND', MESSAGE_NOT_FOUND_MESSAGE);
  return message;
}

export function requireOutbound(conversation: ActiveConversation, messageId: string): ConversationMessage {
  const message = requireMessage(conversation, messageId);
  if (message.direction !== 'outbound') throw new DomainError('MESSAGE_NOT_FOUND', MESSAGE_NOT_FOUND_MESSAGE);
  return message;
}

export function messageIdConflict(): DomainError {
  return new DomainError('MESSAGE_ID_CONFLICT', 'Já existe outra mensagem com este id');
}

export function requireMediaUrl(raw: string): string {
  const url = raw.trim();
  if (!url || url.length > MEDIA_URL_MAX) throw new DomainError('MEDIA_URL_INVALID', 'URL da mídia inválida');
  return url;
}
