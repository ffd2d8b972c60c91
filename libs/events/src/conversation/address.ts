import type { StoredEvent } from '../core/envelope.js';

/**
 * Where a conversation's replies go (the provider's address, a WhatsApp id): the one its latest
 * start recorded, or its id for conversations named by their address (before pseudonyms).
 */
export function conversationAddress(events: readonly StoredEvent[], chatId: string): string {
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const event = events[i]!;
    if (event.type === 'ConversationStarted') return (event.data as { address?: string }).address ?? chatId;
  }
  return chatId;
}
