import type { InboundChannelMessage } from '@atende/events';
import type { MessageLike } from './client-like.js';

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

/** The `mediaUrl` of an inbound message whose media is still being downloaded. */
export function mediaPlaceholder(providerMessageId: string): string {
  return `wwebjs-media:${providerMessageId}`;
}

/** Digits of the user part of a WhatsApp id (`5511999990001:12@c.us` → `5511999990001`). */
export function phoneOf(wid: string | null | undefined): string {
  const user = (wid ?? '').split('@')[0]!.split(':')[0]!;
  return user.replace(/\D/g, '');
}

/**
 * A received message as the port's inbound, or null when it is not a customer's message (ours,
 * status updates, broadcasts, newsletters, system notifications, empty entries without media).
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
  const providerMessageId = msg.id._serialized;
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
    mediaUrl: msg.hasMedia ? mediaPlaceholder(providerMessageId) : null,
    timestamp: timestamp.toISOString(),
  };
}
