/** Message kinds the product shows (spec §3). */
export const messageTypes = ['text', 'image', 'video', 'audio', 'document'] as const;
export type MessageType = (typeof messageTypes)[number];

/** Delivery of an outbound message, in the order it can only advance (spec §4). */
export const deliveryStatuses = ['sent', 'delivered', 'read'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/** A message's status in the conversation: delivery, plus `requested` (not sent yet) and `failed`. */
export type MessageStatus = 'requested' | DeliveryStatus | 'failed';

/** Whether an attached media file still has to be stored (`pending`), was, or could not be. */
export const mediaStatuses = ['none', 'pending', 'stored', 'failed'] as const;
export type MediaStatus = (typeof mediaStatuses)[number];

export const chatTypes = ['private', 'group'] as const;
export type ChatType = (typeof chatTypes)[number];

/** Longest inbound content kept (longer provider texts are cut). */
export const INBOUND_CONTENT_MAX = 65536;
/** Longest message an agent may send. */
export const OUTBOUND_CONTENT_MAX = 4096;
export const MEDIA_URL_MAX = 8192;

/** Provider spellings of the spec's kinds (whatsapp-web.js calls text `chat` and voice notes `ptt`). */
const aliases: Readonly<Record<string, MessageType>> = {
  chat: 'text',
  ptt: 'audio',
  voice: 'audio',
  sticker: 'image',
};

/** The spec's message type for a raw one; anything unknown falls back to `text` (spec §3). */
export function normaliseMessageType(raw: unknown): MessageType {
  if (typeof raw !== 'string') return 'text';
  const type = raw.trim().toLowerCase();
  if ((messageTypes as readonly string[]).includes(type)) return type as MessageType;
  return aliases[type] ?? 'text';
}

export function isMediaType(type: MessageType): boolean {
  return type !== 'text';
}

/**
 * Whether moving from `from` to `to` goes forward (sent → delivered → read). A message not yet sent
 * (`requested`) or marked `failed` advances to any delivery status: the ack is the proof it went out.
 */
export function isStatusAdvance(from: MessageStatus, to: DeliveryStatus): boolean {
  return deliveryStatuses.indexOf(from as DeliveryStatus) < deliveryStatuses.indexOf(to);
}

/** WhatsApp group chat ids end with `@g.us`. */
export function chatTypeOf(chatId: string): ChatType {
  return chatId.endsWith('@g.us') ? 'group' : 'private';
}

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** An ISO time with offset, normalised to UTC; undefined when missing or not valid. */
export function parseIsoTimestamp(value: unknown): string | undefined {
  if (typeof value !== 'string' || !ISO_WITH_OFFSET.test(value.trim())) return undefined;
  const time = Date.parse(value.trim());
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}
