import type { Decider } from '../core/decider.js';
import { assertNever } from '../core/decider.js';
import { DomainError } from '../core/errors.js';
import type { ConversationCommand } from './commands.js';
import type { ConversationEvent } from './events.js';
import {
  MEDIA_FAILED_MESSAGE,
  MEDIA_NOT_FOUND_MESSAGE,
  MESSAGE_NOT_FOUND_MESSAGE,
  RATING_INVALID_MESSAGE,
  SEND_FAILED_MESSAGE,
  requireConversation,
  requireMediaUrl,
  requireMessage,
  requireOutbound,
  trimmedOr,
  type ActiveConversation,
  type ConversationState,
} from './conversation-state.js';
import { receiveInbound, requestOutbound } from './message-commands.js';
import { conversationSnapshot } from './conversation-snapshot.js';
import { isStatusAdvance } from './messages.js';
import {
  EMPTY_WINDOW,
  messageIdOfProviderId,
  messageOf,
  withMessage,
  withProviderIdSeen,
  type TrackedMessage,
} from './message-window.js';
import { startOutboundSend, withSendStarted } from './send-attempt.js';

export type { ActiveConversation, ConversationMessage, ConversationState } from './conversation-state.js';
export {
  CONVERSATION_NOT_FOUND_MESSAGE,
  DEFAULT_CUSTOMER_NAME,
  MEDIA_FAILED_MESSAGE,
  MEDIA_NOT_FOUND_MESSAGE,
  MESSAGE_EMPTY_MESSAGE,
  MESSAGE_NOT_FOUND_MESSAGE,
  MESSAGE_TOO_LONG_MESSAGE,
  RATING_INVALID_MESSAGE,
  SEND_FAILED_MESSAGE,
} from './conversation-state.js';

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
      const messageId = messageIdOfProviderId(conversation, command.data.providerMessageId);
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
  change: (message: TrackedMessage) => TrackedMessage,
): ActiveConversation {
  const message = messageOf(state, messageId);
  if (!message) return state;
  const changed = change(message);
  return changed === message ? state : withMessage(state, changed);
}

function evolveActive(state: ActiveConversation, event: ConversationEvent): ActiveConversation {
  switch (event.type) {
    case 'ConversationStarted':
      return state;
    case 'ConversationOverPlanLimit':
      return { ...state, overLimitMonth: event.data.month };
    case 'InboundMessageReceived': {
      const { messageId, providerMessageId, mediaStatus, sessionId } = event.data;
      const received = withMessage(state, {
        id: messageId,
        direction: 'inbound',
        status: 'delivered',
        providerMessageId,
        mediaStatus,
        mediaAttempt: 0,
      });
      return {
        ...withProviderIdSeen(received, providerMessageId),
        sessionId,
        unreadCount: state.unreadCount + 1,
        lastInboundMessageId: messageId,
      };
    }
    case 'OutboundMessageRequested':
      return withMessage(state, {
        id: event.data.messageId,
        direction: 'outbound',
        status: 'requested',
        providerMessageId: null,
        mediaStatus: 'none',
        mediaAttempt: 0,
      });
    case 'OutboundSendStarted':
      return updateMessage(state, event.data.messageId, (m) => withSendStarted(m, event.data.startedAt));
    case 'OutboundMessageSent': {
      const { messageId, providerMessageId } = event.data;
      const next = updateMessage(state, messageId, (m) => ({
        ...m,
        providerMessageId,
        status: isStatusAdvance(m.status, 'sent') ? 'sent' : m.status,
      }));
      return next === state ? state : withProviderIdSeen(next, providerMessageId);
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
    const { chatId, sessionId, customerId, customerName, type, address } = event.data;
    return {
      status: 'active',
      chatId,
      sessionId,
      customerId,
      customerName,
      address: address ?? chatId,
      type,
      isPinned: false,
      isArchived: false,
      assigneeId: null,
      rating: null,
      unreadCount: 0,
      overLimitMonth: null,
      lastInboundMessageId: null,
      ...EMPTY_WINDOW,
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
  // Only a start's customer fields reach the state; messages' contents never do.
  readsSealedOf: new Set(['ConversationStarted']),
  snapshot: conversationSnapshot,
  // Bounded (MessageWindow): ≈400 bytes of its own, a tracked message ≈170, a seen provider id 8.
  weigh: (state) =>
    state.status === 'active' ? 1 + state.messages.length / 2 + state.seenProviderIds.length / 40 : 1,
};
