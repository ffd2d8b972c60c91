import type { SentMessageQuery } from '@atende/events';
import type { ClientLike } from './client-like.js';
import { WWEBJS_TYPES_OF_KIND } from './outbound-media.js';
import { providerMessageIdOf } from './provider-message-id.js';

/** How many of our latest messages in the chat findSentMessages looks at. */
export const FIND_SENT_LIMIT = 50;

/**
 * Seconds a message may carry a time before `since`: WhatsApp's timestamp (whole seconds, set by
 * WhatsApp Web from its server-corrected clock) and the worker's clock may differ a little.
 */
export const FIND_SENT_SKEW_SECONDS = 60;

/**
 * Our messages of `query.type` (text by default) in `query.chatId` whose text (a media's caption)
 * is exactly `query.content`, sent at or after
 * `query.since` less FIND_SENT_SKEW_SECONDS, among the chat's last FIND_SENT_LIMIT of ours: their
 * provider ids (the address-free form `send` returns), oldest first. Only what this session's
 * WhatsApp Web has is seen (a login restored from before the send may lack it).
 */
export async function findSentMessages(client: ClientLike, query: SentMessageQuery): Promise<string[]> {
  const chat = await client.getChatById(query.chatId);
  if (!chat) return [];
  const since = Math.floor(query.since.getTime() / 1000) - FIND_SENT_SKEW_SECONDS;
  const ours = await chat.fetchMessages({ limit: FIND_SENT_LIMIT, fromMe: true });
  const kinds = WWEBJS_TYPES_OF_KIND[query.type ?? 'text'] ?? [];
  return ours
    .filter(
      (m) => m.fromMe && kinds.includes(m.type) && (m.body ?? '') === query.content && m.timestamp >= since,
    )
    .sort((a, b) => a.timestamp - b.timestamp)
    .map((m) => providerMessageIdOf(m.id))
    .filter((id): id is string => id !== null);
}
