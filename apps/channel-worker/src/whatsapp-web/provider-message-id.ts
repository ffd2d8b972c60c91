import { providerIdWithoutAddress } from '@atende/events';
import type { MessageKeyLike } from './client-like.js';

/**
 * The provider message id the driver reports for a whatsapp-web.js message: `${fromMe}_${id}`, its
 * key without the chat and the participant (`msg.id._serialized` holds both, and with them the
 * customer's phone number; the id is recorded in plain, in idempotency keys too). WhatsApp's own
 * id is random and the same whether the message is seen live, backfilled or acked, so every path
 * maps a message to one provider id. Null when the key has no usable id (never the address).
 */
export function providerMessageIdOf(key: Partial<MessageKeyLike> | null | undefined): string | null {
  if (!key) return null;
  const own = typeof key.id === 'string' ? key.id.trim() : '';
  if (typeof key.fromMe === 'boolean' && own && !own.includes('@')) return `${key.fromMe}_${own}`;
  // A key without its parts (not seen from whatsapp-web.js 1.x): the same form, from the whole id.
  const bare = typeof key._serialized === 'string' ? providerIdWithoutAddress(key._serialized) : '';
  return bare && !bare.includes('@') ? bare : null;
}
