import { deterministicEventId } from '@atende/events';

/** Recent ids: the phone and the channel bridge each ask for the same message's id. */
const recent = new Map<string, string>();
const MAX_RECENT = 10_000;

/**
 * The message id an inbound provider message gets in the conversation: derived from the session
 * and the provider's id, so a re-delivered message always maps to the same id (stored once).
 */
export function inboundMessageId(sessionId: string, providerMessageId: string): string {
  const key = `${sessionId}:${providerMessageId}`;
  let id = recent.get(key);
  if (id === undefined) {
    id = deterministicEventId('inbound-message', key);
    if (recent.size >= MAX_RECENT) recent.delete(recent.keys().next().value!);
    recent.set(key, id);
  }
  return id;
}
