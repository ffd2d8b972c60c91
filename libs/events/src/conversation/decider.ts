import type { Decider } from '../core/decider.js';
import { assertNever } from '../core/decider.js';
import { DomainError } from '../core/errors.js';
import type { ConversationCommand } from './commands.js';
import type { ConversationEvent } from './events.js';
import type { ChatType, MediaStatus, MessageStatus } from './messages.js';
import {
  INBOUND_CONTENT_MAX,
  MEDIA_URL_MAX,
  OUTBOUND_CONTENT_MAX,
  chatTypeOf,
  isMediaType,
  isStatusAdvance,
  normaliseMessageType,
} from './messages.js';
import { Map as ImmutableMap } from 'immutable';
import { startsOverLimit } from '../workspace/plan.js';
import { outboundTimestamp, requireMayAnswer, requireTimestamp } from './outbound-rules.js';
import { indexProviderId, messageIdOfProviderId } from './provider-message-id.js';
import { startOutboundSend, withSendStarted } from './send-attempt.js';

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

export interface ActiveConversation {
  status: 'active';
  chatId: string;
  /** The session of the latest inbound message (a reconnected workspace keeps its conversations). */
  sessionId: string;
  customerId: string;
  customerName: string;
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
  /** By our message id. */
  messages: ImmutableMap<string, ConversationMessage>;
  /**
   * Provider message id → our message id, for inbound and sent outbound messages. Its keys are the
   * provider ids already seen in this conversation (a re-delivery, or the echo of our own send);
   * ids recorded with an address are also keyed by their address-free form (indexProviderId).
   */
  providerToMessageId: ImmutableMap<string, string>;
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

function digitsOnly(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}

function trimmedOr(value: string | null | undefined, fallback: string, max: number): string {
  return (value ?? '').trim().slice(0, max) || fallback;
}

function requireConversation(state: ConversationState): ActiveConversation {
  if (state.status !== 'active')
    throw new DomainError('CONVERSATION_NOT_FOUND', CONVERSATION_NOT_FOUND_MESSAGE);
  return state;
}

function requireMessage(conversation: ActiveConversation, messageId: string): ConversationMessage {
  const message = conversation.messages.get(messageId);
  if (!message) throw new DomainError('MESSAGE_NOT_FOUND', MESSAGE_NOT_FOUND_MESSAGE);
  return message;
}

function requireOutbound(conversation: ActiveConversation, messageId: string): ConversationMessage {
  const message = requireMessage(conversation, messageId);
  if (message.direction !== 'outbound') throw new DomainError('MESSAGE_NOT_FOUND', MESSAGE_NOT_FOUND_MESSAGE);
  return message;
}

function messageIdConflict(): DomainError {
  return new DomainError('MESSAGE_ID_CONFLICT', 'Já existe outra mensagem com este id');
}

function requireMediaUrl(raw: string): string {
  const url = raw.trim();
  if (!url || url.length > MEDIA_URL_MAX) throw new DomainError('MEDIA_URL_INVALID', 'URL da mídia inválida');
  return url;
}

function receiveInbound(
  data: Extract<ConversationCommand, { type: 'ReceiveInboundMessage' }>['data'],
  state: ConversationState,
): ConversationEvent[] {
  if (state.status === 'active') {
    if (messageIdOfProviderId(state.providerToMessageId, data.providerMessageId) !== undefined) return [];
    if (state.messages.has(data.messageId)) throw messageIdConflict();
  }
  const type = normaliseMessageType(data.type);
  const content = (data.content ?? '').slice(0, INBOUND_CONTENT_MAX);
  if (type === 'text' && !content.trim()) throw new DomainError('MESSAGE_EMPTY', MESSAGE_EMPTY_MESSAGE);
  const rawMediaUrl = isMediaType(type) ? (data.mediaUrl ?? '').trim() : '';
  const mediaUrl = rawMediaUrl ? requireMediaUrl(rawMediaUrl) : null;
  const timestamp = requireTimestamp(data.timestamp, data.receivedAt);

  const events: ConversationEvent[] = [];
  let chatId: string;
  let customerId: string;
  let customerName: string;
  if (state.status === 'none') {
    chatId = data.chatId;
    customerId = digitsOnly(data.customerId) || digitsOnly((data.address ?? data.chatId).split('@')[0]);
    if (!customerId) throw new DomainError('CUSTOMER_INVALID', 'Contato inválido');
    customerName = trimmedOr(data.customerName, DEFAULT_CUSTOMER_NAME, 200);
    events.push({
      type: 'ConversationStarted',
      data: {
        chatId,
        sessionId: data.sessionId,
        channel: 'whatsapp',
        customerId,
        customerName,
        type: data.chatType ?? chatTypeOf(data.address ?? chatId),
        ...(data.address && data.address !== chatId ? { address: data.address } : {}),
      },
    });
    if (data.allowance && startsOverLimit(data.allowance)) {
      const { entitlement, month } = data.allowance;
      events.push({
        type: 'ConversationOverPlanLimit',
        data: { month, plan: entitlement.plan, limit: entitlement.limits.conversationsPerMonth ?? 0 },
      });
    }
  } else {
    ({ chatId, customerId, customerName } = state);
    if (state.isArchived) events.push({ type: 'ConversationUnarchived', data: {} });
  }
  events.push({
    type: 'InboundMessageReceived',
    data: {
      messageId: data.messageId,
      chatId,
      sessionId: data.sessionId,
      providerMessageId: data.providerMessageId,
      content,
      type,
      mediaUrl,
      mediaStatus: mediaUrl ? 'pending' : 'none',
      senderName: trimmedOr(data.senderName, customerName, 200),
      senderPhone: digitsOnly(data.senderPhone).slice(0, 64) || customerId,
      timestamp,
    },
  });
  return events;
}

function requestOutbound(
  data: Extract<ConversationCommand, { type: 'RequestOutboundMessage' }>['data'],
  state: ConversationState,
): ConversationEvent[] {
  const conversation = requireConversation(state);
  const existing = conversation.messages.get(data.messageId);
  if (existing) {
    if (existing.direction === 'outbound') return [];
    throw messageIdConflict();
  }
  requireMayAnswer(conversation.overLimitMonth, data.allowance);
  const content = (data.content ?? '').trim();
  if (!content) throw new DomainError('MESSAGE_EMPTY', MESSAGE_EMPTY_MESSAGE);
  if (content.length > OUTBOUND_CONTENT_MAX)
    throw new DomainError('MESSAGE_TOO_LONG', MESSAGE_TOO_LONG_MESSAGE);
  return [
    {
      type: 'OutboundMessageRequested',
      data: {
        messageId: data.messageId,
        chatId: conversation.chatId,
        sessionId: data.sessionId?.trim() || conversation.sessionId,
        agentId: data.agentId,
        content,
        type: normaliseMessageType(data.type ?? 'text'),
        timestamp: outboundTimestamp(data.timestamp, data.receivedAt),
      },
    },
  ];
}

function decide(command: ConversationCommand, state: ConversationState): ConversationEvent[] {
  switch (command.type) {
    case 'ReceiveInboundMessage':
      return receiveInbound(command.data, state);
    case 'RequestOutboundMessage':
      return requestOutbound(command.data, state);
    case 'StartOutboundSend':
      return startOutboundSend(
        requireOutbound(requireConversation(state), command.data.messageId),
        command.data,
      );
    case 'MarkOutboundSent': {
      const message = requireOutbound(requireConversation(state), command.data.messageId);
      if (message.providerMessageId !== null) return [];
      return [
        {
          type: 'OutboundMessageSent',
          data: { messageId: command.data.messageId, providerMessageId: command.data.providerMessageId },
        },
      ];
    }
    case 'UpdateDelivery': {
      const { messageId, status } = command.data;
      const message = requireOutbound(requireConversation(state), messageId);
      return isStatusAdvance(message.status, status)
        ? [{ type: 'MessageDeliveryUpdated', data: { messageId, status } }]
        : [];
    }
    case 'UpdateDeliveryByProviderId': {
      const conversation = requireConversation(state);
      const messageId = messageIdOfProviderId(
        conversation.providerToMessageId,
        command.data.providerMessageId,
      );
      if (messageId === undefined) throw new DomainError('MESSAGE_NOT_FOUND', MESSAGE_NOT_FOUND_MESSAGE);
      return decide({ type: 'UpdateDelivery', data: { messageId, status: command.data.status } }, state);
    }
    case 'MarkOutboundFailed': {
      const message = requireOutbound(requireConversation(state), command.data.messageId);
      if (message.status !== 'requested' || message.providerMessageId !== null) return [];
      return [
        {
          type: 'OutboundMessageFailed',
          data: {
            messageId: command.data.messageId,
            error: trimmedOr(command.data.error, SEND_FAILED_MESSAGE, 2000),
          },
        },
      ];
    }
    case 'RecordMediaStored': {
      const message = requireMessage(requireConversation(state), command.data.messageId);
      const mediaUrl = requireMediaUrl(command.data.mediaUrl);
      if (message.mediaStatus === 'stored') return [];
      return [{ type: 'MessageMediaStored', data: { messageId: command.data.messageId, mediaUrl } }];
    }
    case 'RecordMediaFailed': {
      const message = requireMessage(requireConversation(state), command.data.messageId);
      if (message.mediaStatus === 'stored' || message.mediaStatus === 'failed') return [];
      return [
        {
          type: 'MessageMediaFailed',
          data: {
            messageId: command.data.messageId,
            error: trimmedOr(command.data.error, MEDIA_FAILED_MESSAGE, 2000),
            attempt: message.mediaAttempt,
          },
        },
      ];
    }
    case 'RetryMedia': {
      const conversation = requireConversation(state);
      const message = requireMessage(conversation, command.data.messageId);
      if (message.direction !== 'inbound' || message.mediaStatus === 'none') {
        throw new DomainError('MESSAGE_HAS_NO_MEDIA', MEDIA_NOT_FOUND_MESSAGE);
      }
      if (message.mediaStatus === 'stored') return [];
      return [
        {
          type: 'MessageMediaRetryRequested',
          data: {
            messageId: command.data.messageId,
            sessionId: conversation.sessionId,
            providerMessageId: message.providerMessageId!,
            attempt: message.mediaAttempt + 1,
            byUserId: command.data.byUserId,
          },
        },
      ];
    }
    case 'MarkConversationRead': {
      const conversation = requireConversation(state);
      if (conversation.unreadCount === 0) return [];
      return [
        {
          type: 'ConversationRead',
          data: {
            readerId: command.data.readerId,
            upToMessageId: conversation.lastInboundMessageId,
            count: conversation.unreadCount,
          },
        },
      ];
    }
    case 'PinConversation':
      return requireConversation(state).isPinned ? [] : [{ type: 'ConversationPinned', data: {} }];
    case 'UnpinConversation':
      return requireConversation(state).isPinned ? [{ type: 'ConversationUnpinned', data: {} }] : [];
    case 'ArchiveConversation':
      return requireConversation(state).isArchived
        ? []
        : [{ type: 'ConversationArchived', data: { byUserId: command.data.byUserId } }];
    case 'UnarchiveConversation':
      return requireConversation(state).isArchived ? [{ type: 'ConversationUnarchived', data: {} }] : [];
    case 'AssignConversation': {
      const { assigneeId, byUserId } = command.data;
      if (requireConversation(state).assigneeId === assigneeId) return [];
      return [{ type: 'ConversationAssigned', data: { assigneeId, byUserId } }];
    }
    case 'TransferConversation': {
      const { toAssigneeId, byUserId } = command.data;
      const conversation = requireConversation(state);
      if (conversation.assigneeId === toAssigneeId) return [];
      return [
        {
          type: 'ConversationTransferred',
          data: { fromAssigneeId: conversation.assigneeId, toAssigneeId, byUserId },
        },
      ];
    }
    case 'RateConversation': {
      const { rating, byUserId } = command.data;
      const conversation = requireConversation(state);
      if (!Number.isInteger(rating) || rating < 1 || rating > 5) {
        throw new DomainError('RATING_INVALID', RATING_INVALID_MESSAGE);
      }
      return conversation.rating === rating
        ? []
        : [{ type: 'ConversationRated', data: { rating, byUserId } }];
    }
    case 'EraseContactData':
      requireConversation(state);
      return [{ type: 'ContactDataErased', data: { byUserId: command.data.byUserId } }];
    case 'RecordContactExport':
      requireConversation(state);
      return [{ type: 'ContactDataExported', data: { byUserId: command.data.byUserId } }];
    default:
      return assertNever(command);
  }
}

/** Applies `change` to one message, leaving the state as is when the message is unknown. */
function updateMessage(
  state: ActiveConversation,
  messageId: string,
  change: (message: ConversationMessage) => ConversationMessage,
): ActiveConversation {
  const message = state.messages.get(messageId);
  return message ? { ...state, messages: state.messages.set(messageId, change(message)) } : state;
}

function evolveActive(state: ActiveConversation, event: ConversationEvent): ActiveConversation {
  switch (event.type) {
    case 'ConversationStarted':
      return state;
    case 'ConversationOverPlanLimit':
      return { ...state, overLimitMonth: event.data.month };
    case 'InboundMessageReceived': {
      const { messageId, providerMessageId, mediaStatus, sessionId } = event.data;
      return {
        ...state,
        sessionId,
        unreadCount: state.unreadCount + 1,
        lastInboundMessageId: messageId,
        messages: state.messages.set(messageId, {
          direction: 'inbound',
          status: 'delivered',
          providerMessageId,
          mediaStatus,
          mediaAttempt: 0,
        }),
        providerToMessageId: indexProviderId(state.providerToMessageId, providerMessageId, messageId),
      };
    }
    case 'OutboundMessageRequested':
      return {
        ...state,
        messages: state.messages.set(event.data.messageId, {
          direction: 'outbound',
          status: 'requested',
          providerMessageId: null,
          mediaStatus: 'none',
          mediaAttempt: 0,
        }),
      };
    case 'OutboundSendStarted':
      return updateMessage(state, event.data.messageId, (m) => withSendStarted(m, event.data.startedAt));
    case 'OutboundMessageSent': {
      const { messageId, providerMessageId } = event.data;
      const next = updateMessage(state, messageId, (m) => ({
        ...m,
        providerMessageId,
        status: isStatusAdvance(m.status, 'sent') ? 'sent' : m.status,
      }));
      return next === state
        ? state
        : {
            ...next,
            providerToMessageId: indexProviderId(next.providerToMessageId, providerMessageId, messageId),
          };
    }
    case 'MessageDeliveryUpdated': {
      const { status } = event.data;
      return updateMessage(state, event.data.messageId, (m) =>
        isStatusAdvance(m.status, status) ? { ...m, status } : m,
      );
    }
    case 'OutboundMessageFailed':
      return updateMessage(state, event.data.messageId, (m) =>
        m.status === 'requested' ? { ...m, status: 'failed' } : m,
      );
    case 'MessageMediaStored':
      return updateMessage(state, event.data.messageId, (m) => ({ ...m, mediaStatus: 'stored' }));
    case 'MessageMediaFailed':
      return updateMessage(state, event.data.messageId, (m) =>
        m.mediaStatus === 'stored' ? m : { ...m, mediaStatus: 'failed' },
      );
    case 'MessageMediaRetryRequested':
      return updateMessage(state, event.data.messageId, (m) =>
        m.mediaStatus === 'stored' ? m : { ...m, mediaStatus: 'pending', mediaAttempt: event.data.attempt },
      );
    case 'ConversationRead':
      return { ...state, unreadCount: 0 };
    case 'ConversationPinned':
      return { ...state, isPinned: true };
    case 'ConversationUnpinned':
      return { ...state, isPinned: false };
    case 'ConversationArchived':
      return { ...state, isArchived: true };
    case 'ConversationUnarchived':
      return { ...state, isArchived: false };
    case 'ConversationAssigned':
      return { ...state, assigneeId: event.data.assigneeId };
    case 'ConversationTransferred':
      return { ...state, assigneeId: event.data.toAssigneeId };
    case 'ConversationRated':
      return { ...state, rating: event.data.rating };
    case 'ContactDataErased':
      return state; // handled by evolve (the conversation starts afresh)
    case 'ContactDataExported':
      return state;
    default:
      return assertNever(event);
  }
}

function evolve(state: ConversationState, event: ConversationEvent): ConversationState {
  if (event.type === 'ConversationStarted') {
    if (state.status === 'active') return state;
    const { chatId, sessionId, customerId, customerName, type } = event.data;
    return {
      status: 'active',
      chatId,
      sessionId,
      customerId,
      customerName,
      type,
      isPinned: false,
      isArchived: false,
      assigneeId: null,
      rating: null,
      unreadCount: 0,
      overLimitMonth: null,
      lastInboundMessageId: null,
      messages: ImmutableMap(),
      providerToMessageId: ImmutableMap(),
    };
  }
  // After an erasure the next message from the phone starts a new conversation (with a new key).
  if (event.type === 'ContactDataErased') return { status: 'none' };
  return state.status === 'active' ? evolveActive(state, event) : state;
}

export const conversationDecider: Decider<ConversationCommand, ConversationEvent, ConversationState> = {
  initialState: () => ({ status: 'none' }),
  decide,
  evolve,
};
