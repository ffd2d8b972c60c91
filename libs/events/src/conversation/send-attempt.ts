import type { ConversationMessage } from './conversation-state.js';
import type { ConversationEvent } from './events.js';
import { requireTimestamp } from './outbound-rules.js';

/*
 * A send's first attempt is recorded before the provider is asked (OutboundSendStarted), so a worker
 * that retries it after a crash or a takeover knows a message may already be in the chat.
 */

/**
 * StartOutboundSend: an OutboundSendStarted for a message still waiting to be sent whose send never
 * started; nothing when one already did (the first attempt's time is the one kept), or when it was
 * sent or failed. `startedAt` must be a valid ISO time (INVALID_TIMESTAMP).
 */
export function startOutboundSend(
  message: ConversationMessage,
  data: { messageId: string; startedAt: string },
): ConversationEvent[] {
  const startedAt = requireTimestamp(data.startedAt);
  if (message.status !== 'requested' || message.providerMessageId !== null) return [];
  if (message.sendStartedAt !== undefined) return [];
  return [{ type: 'OutboundSendStarted', data: { messageId: data.messageId, startedAt } }];
}

/** The message with the time its first send attempt started (a later start changes nothing). */
export function withSendStarted<M extends ConversationMessage>(message: M, startedAt: string): M {
  return message.sendStartedAt === undefined ? { ...message, sendStartedAt: startedAt } : message;
}

/**
 * When a send of this message started with no outcome recorded since: a retry must first look
 * for it in the chat. Undefined when no send started, or when it was sent or failed.
 */
export function unfinishedSendSince(message: ConversationMessage): string | undefined {
  if (message.status !== 'requested' || message.providerMessageId !== null) return undefined;
  return message.sendStartedAt;
}
