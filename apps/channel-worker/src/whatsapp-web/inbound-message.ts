import type { InboundChannelMessage } from '@atende/events';
import type { MessageLike } from './client-like.js';
import { providerMessageIdOf } from './provider-message-id.js';

/** WhatsApp system entries that are not something a customer wrote. */
const SYSTEM_TYPES = new Set([
  'e2e_notification',
  'notification',
  'notification_template',
  'call_log',
  'protocol',
  'ciphertext',
  'revoked',
  'gp2',
  'broadcast_notification',
  'debug',
]);

const PLACEHOLDER = 'wwebjs-media:';

/**
 * The `mediaUrl` of an inbound message whose media is still being downloaded: `wwebjs-media:` and
 * the message's full whatsapp-web.js id. `mediaUrl` is sealed with the customer's key, so the
 * address in it is too; it lets a media retry find the message after a restart.
 */
export function mediaPlaceholder(serializedId: string): string {
  return `${PLACEHOLDER}${serializedId}`;
}

/** The full message id in a mediaPlaceholder, or undefined for any other media URL. */
export function serializedIdOfPlaceholder(mediaUrl: string | null | undefined): string | undefined {
  if (!mediaUrl?.startsWith(PLACEHOLDER)) return undefined;
  return mediaUrl.slice(PLACEHOLDER.length) || undefined;
}

/** Digits of the user part of a WhatsApp id (`5511999990001:12@c.us` → `5511999990001`). */
export function phoneOf(wid: string | null | undefined): string {
  const user = (wid ?? '').split('@')[0]!.split(':')[0]!;
  return user.replace(/\D/g, '');
}

/**
 * A received message as the port's inbound, or null when it is not a customer's message (ours,
 * status updates, broadcasts, newsletters, system notifications, empty entries without media, or
 * one without a usable id). Its providerMessageId carries no address (providerMessageIdOf).
 */
export function toInboundMessage(
  msg: MessageLike,
  now: () => Date = () => new Date(),
): InboundChannelMessage | null {
  if (msg.fromMe || msg.isStatus) return null;
  const chatId = msg.from;
  if (!chatId || chatId.endsWith('@broadcast') || chatId.endsWith('@newsletter')) return null;
  if (SYSTEM_TYPES.has(msg.type)) return null;
  // Nothing to show (e.g. a location without a caption): the domain would refuse it as empty.
  if (!msg.hasMedia && !(msg.body ?? '').trim()) return null;
  const providerMessageId = providerMessageIdOf(msg.id);
  if (!providerMessageId) return null;
  const chatType = chatId.endsWith('@g.us') ? 'group' : 'private';
  const notifyName = msg._data?.notifyName;
  const seconds = Number(msg.timestamp);
  const timestamp = Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : now();
  return {
    providerMessageId,
    chatId,
    from: phoneOf(chatType === 'group' ? msg.author : msg.from),
    senderName: typeof notifyName === 'string' && notifyName.trim() ? notifyName : null,
    chatType,
    content: msg.body ?? '',
    type: msg.type,
    mediaUrl: msg.hasMedia ? mediaPlaceholder(msg.id._serialized || providerMessageId) : null,
    timestamp: timestamp.toISOString(),
  };
}
