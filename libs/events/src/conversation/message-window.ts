import type { ConversationMessage } from './conversation-state.js';
import { providerIdWithoutAddress } from './provider-message-id.js';

/*
 * What a conversation's state keeps of its messages: bounded, however long the conversation grows
 * (issue 28: a state that knew every message made each load, snapshot and cached state grow with
 * the history). It keeps
 * - the latest messages (RECENT_MESSAGES to TRIM_SLACK more), so a retried command on one of them is
 *   recognised as done;
 * - older messages a later event may still change ("open": an outbound message not yet read or
 *   failed, a media download pending or failed), so an ack, a send's outcome or a media retry
 *   finds them; OPEN_MESSAGES_MAX of them at most (see trimmed);
 * - a hash of each of the latest SEEN_PROVIDER_IDS provider ids, so a message the provider delivers
 *   again (a backfill after a reconnect takes up to 100 per chat) is recognised.
 * A command on a settled message older than that is refused as an unknown message. A re-delivery
 * from further back through the same session is still stored once: its event id comes from its
 * provider id (InboundMessageReceived's idempotency key).
 */

/** One message the state tracks, with our id. */
export interface TrackedMessage extends ConversationMessage {
  readonly id: string;
}

/** The part of a conversation's state the window is (its other fields are the conversation's). */
export interface MessageWindow {
  /** Oldest first. */
  readonly messages: readonly TrackedMessage[];
  /** Hashes of the latest provider ids seen (address-free form), oldest first. */
  readonly seenProviderIds: readonly number[];
}

export const RECENT_MESSAGES = 16;
/**
 * Messages added past RECENT_MESSAGES before the window is trimmed again. At 16 (trimmed at twice
 * RECENT_MESSAGES) a cached state held 24 messages on average: 10,000 conversations' states were
 * 50 MB of heap (bench:memory); trimming costs little (a few dozen references copied).
 */
export const TRIM_SLACK = 4;
export const OPEN_MESSAGES_MAX = 64;
export const SEEN_PROVIDER_IDS = 128;

export const EMPTY_WINDOW: MessageWindow = { messages: [], seenProviderIds: [] };

/** The tracked message with our id, or undefined (unknown, or settled and older than the window). */
export function messageOf(window: MessageWindow, messageId: string): TrackedMessage | undefined {
  const { messages } = window;
  for (let i = messages.length - 1; i >= 0; i -= 1) if (messages[i]!.id === messageId) return messages[i];
  return undefined;
}

/** Our id of the tracked message with this provider id, in whichever form it comes. */
export function messageIdOfProviderId(window: MessageWindow, providerMessageId: string): string | undefined {
  const bare = providerIdWithoutAddress(providerMessageId);
  const { messages } = window;
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const known = messages[i]!.providerMessageId;
    if (known === null) continue;
    // An id recorded with its address (before issue 26) matches its address-free form too.
    if (
      known === providerMessageId ||
      known === bare ||
      (known.includes('@') && providerIdWithoutAddress(known) === bare)
    ) {
      return messages[i]!.id;
    }
  }
  return undefined;
}

/** Whether this provider id (either form) is one of the latest seen: a re-delivery, or our own send's echo. */
export function providerIdSeen(window: MessageWindow, providerMessageId: string): boolean {
  if (messageIdOfProviderId(window, providerMessageId) !== undefined) return true;
  return window.seenProviderIds.includes(hashProviderId(providerMessageId));
}

/** The window with the provider id noted as seen. */
export function withProviderIdSeen<W extends MessageWindow>(window: W, providerMessageId: string): W {
  const hash = hashProviderId(providerMessageId);
  const seen = window.seenProviderIds;
  if (seen.includes(hash)) return window;
  const kept = seen.length >= SEEN_PROVIDER_IDS ? seen.slice(seen.length - SEEN_PROVIDER_IDS + 1) : seen;
  return { ...window, seenProviderIds: [...kept, hash] };
}

/** The window with this message added (newest) or replaced where it is. */
export function withMessage<W extends MessageWindow>(window: W, message: TrackedMessage): W {
  const { messages } = window;
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    if (messages[i]!.id === message.id) {
      const next = messages.slice();
      next[i] = message;
      return { ...window, messages: next };
    }
  }
  const next = [...messages, message];
  return { ...window, messages: next.length > RECENT_MESSAGES + TRIM_SLACK ? trimmed(next) : next };
}

/** Whether a later event may still change the message. */
export function isOpen(message: ConversationMessage): boolean {
  if (message.direction === 'outbound') return message.status !== 'read' && message.status !== 'failed';
  return message.mediaStatus === 'pending' || message.mediaStatus === 'failed';
}

/** An outbound message waiting for its delivery or read ack. */
const awaitsAck = (m: ConversationMessage) =>
  m.direction === 'outbound' && (m.status === 'sent' || m.status === 'delivered');
/** An inbound media whose download failed (an agent may ask for it again). */
const failedDownload = (m: ConversationMessage) => m.direction === 'inbound' && m.mediaStatus === 'failed';

/**
 * The latest RECENT_MESSAGES and the older open ones, OPEN_MESSAGES_MAX at most: beyond that the
 * oldest go, sends waiting for an ack first (a customer with read receipts off leaves every answer
 * at "delivered"), then failed downloads; a send or a download still to do never goes.
 */
function trimmed(messages: readonly TrackedMessage[]): TrackedMessage[] {
  const recentFrom = messages.length - RECENT_MESSAGES;
  const older = messages.slice(0, recentFrom).filter(isOpen);
  let excess = older.length - OPEN_MESSAGES_MAX;
  const dropped = new Set<TrackedMessage>();
  for (const droppable of [awaitsAck, failedDownload]) {
    for (const message of older) {
      if (excess <= 0) break;
      if (droppable(message)) {
        dropped.add(message);
        excess -= 1;
      }
    }
  }
  const kept = dropped.size > 0 ? older.filter((m) => !dropped.has(m)) : older;
  return [...kept, ...messages.slice(recentFrom)];
}

/**
 * A 53-bit hash of the address-free provider id (cyrb53): exact in JSON, and with 128 ids kept a
 * new id is taken for a seen one about once in 10^14.
 */
export function hashProviderId(providerMessageId: string): number {
  const id = providerIdWithoutAddress(providerMessageId);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < id.length; i += 1) {
    const c = id.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
