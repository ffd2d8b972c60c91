import { deterministicEventId } from '@atende/events';

/**
 * The message id an inbound provider message gets in the conversation: derived from the session
 * and the provider's id, so a re-delivered message always maps to the same id (stored once).
 */
export function inboundMessageId(sessionId: string, providerMessageId: string): string {
  return deterministicEventId('inbound-message', `${sessionId}:${providerMessageId}`);
}
