import { DomainError } from '../core/errors.js';
import { startsOverLimit } from '../workspace/plan.js';
import type { ConversationCommand } from './commands.js';
import {
  DEFAULT_CUSTOMER_NAME,
  MESSAGE_EMPTY_MESSAGE,
  MESSAGE_TOO_LONG_MESSAGE,
  digitsOnly,
  messageIdConflict,
  requireConversation,
  requireMediaUrl,
  trimmedOr,
  type ConversationState,
} from './conversation-state.js';
import type { ConversationEvent } from './events.js';
import {
  INBOUND_CONTENT_MAX,
  OUTBOUND_CONTENT_MAX,
  chatTypeOf,
  isMediaType,
  normaliseMessageType,
} from './messages.js';
import { requireOutboundMedia, safeFileName } from './outbound-media.js';
import { outboundTimestamp, requireMayAnswer, requireTimestamp } from './outbound-rules.js';
import { messageOf, providerIdSeen } from './message-window.js';

// The decisions on a customer's message coming in and an agent's going out (conversationDecider).

export function receiveInbound(
  data: Extract<ConversationCommand, { type: 'ReceiveInboundMessage' }>['data'],
  state: ConversationState,
): ConversationEvent[] {
  if (state.status === 'active') {
    if (providerIdSeen(state, data.providerMessageId)) return [];
    if (messageOf(state, data.messageId)) throw messageIdConflict();
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

export function requestOutbound(
  data: Extract<ConversationCommand, { type: 'RequestOutboundMessage' }>['data'],
  state: ConversationState,
): ConversationEvent[] {
  const conversation = requireConversation(state);
  const existing = messageOf(conversation, data.messageId);
  if (existing) {
    if (existing.direction === 'outbound') return [];
    throw messageIdConflict();
  }
  requireMayAnswer(conversation.overLimitMonth, data.allowance);
  const content = (data.content ?? '').trim();
  const media = data.media;
  const mediaKind = media && requireOutboundMedia(media);
  // A file needs no caption; a text needs text.
  if (!content && !media) throw new DomainError('MESSAGE_EMPTY', MESSAGE_EMPTY_MESSAGE);
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
        type: mediaKind ?? normaliseMessageType(data.type ?? 'text'),
        timestamp: outboundTimestamp(data.timestamp, data.receivedAt),
        ...(media
          ? {
              mediaUrl: requireMediaUrl(media.mediaUrl),
              mimeType: media.mimeType.toLowerCase(),
              fileName: safeFileName(media.fileName),
              mediaSize: media.size,
              mediaSha256: media.sha256,
            }
          : {}),
      },
    },
  ];
}
