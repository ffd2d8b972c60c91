import type { Conversation } from '../../api/types';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Spec §3: a conversation without a name shows 'Contato'; without messages 'Nenhuma mensagem'. */
export const DEFAULT_CONTACT_NAME = 'Contato';
export const NO_MESSAGE_TEXT = 'Nenhuma mensagem';

/** Milliseconds of an ISO time, or null when missing or invalid. */
export function timeOf(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

/** When the conversation last moved: its last message, else its last change, else its creation. */
export const activityTimeOf = (conversation: Conversation): number =>
  timeOf(conversation.lastTimestamp) ?? timeOf(conversation.updatedAt) ?? timeOf(conversation.createdAt) ?? 0;

const timeFormats = new Map<string, Intl.DateTimeFormat>();
function format(options: Intl.DateTimeFormatOptions, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${JSON.stringify(options)}|${timeZone ?? ''}`;
  let formatter = timeFormats.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('pt-BR', timeZone ? { ...options, timeZone } : options);
    timeFormats.set(key, formatter);
  }
  return formatter;
}

/**
 * Spec §4 time labels: under 1 hour 'Agora'; under 24 h the time of day (HH:MM); under 48 h 'Ontem';
 * otherwise day/month (dd/mm). A time in the future (clock skew) reads 'Agora'; none reads ''.
 * `timeZone` defaults to the browser's.
 */
export function formatRelativeTime(
  timestamp: string | null | undefined,
  now: number = Date.now(),
  timeZone?: string,
): string {
  const at = timeOf(timestamp);
  if (at === null) return '';
  const age = now - at;
  if (age < HOUR) return 'Agora';
  if (age < 24 * HOUR)
    return format({ hour: '2-digit', minute: '2-digit', hour12: false }, timeZone).format(at);
  if (age < 48 * HOUR) return 'Ontem';
  return format({ day: '2-digit', month: '2-digit' }, timeZone).format(at);
}

/** Spec §4 row read indicator. */
export type ReadState = 'unread' | 'sent' | 'delivered' | 'read';

export const READ_STATE_LABELS: Record<ReadState, string> = {
  unread: 'Não lida',
  sent: 'Enviada',
  delivered: 'Entregue',
  read: 'Lida',
};

/**
 * An unread dot when there are unread messages; otherwise by the age of the last message: under
 * 1 minute a single check ('sent'), under 5 minutes a light double check ('delivered'), else a darker
 * double check ('read').
 */
export function readStateOf(
  conversation: Pick<Conversation, 'unreadCount' | 'lastTimestamp'>,
  now: number = Date.now(),
): ReadState {
  if (conversation.unreadCount > 0) return 'unread';
  const at = timeOf(conversation.lastTimestamp);
  if (at === null) return 'read';
  const age = now - at;
  if (age < MINUTE) return 'sent';
  if (age < 5 * MINUTE) return 'delivered';
  return 'read';
}

/** The row's unread badge: null for none, '9+' above 9 (spec §9). */
export function formatUnreadBadge(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 9 ? '9+' : String(Math.floor(count));
}

export type MediaKind = 'image' | 'video' | 'audio' | 'document';
const MEDIA_KINDS: readonly string[] = ['image', 'video', 'audio', 'document'];

export const MEDIA_LABELS: Record<MediaKind, string> = {
  image: 'Imagem',
  video: 'Vídeo',
  audio: 'Áudio',
  document: 'Documento',
};

/** The media kind of the last message (from mediaType, else lastMessageType), null for text. */
export function mediaKindOf(
  conversation: Pick<Conversation, 'hasMedia' | 'mediaType' | 'lastMessageType'>,
): MediaKind | null {
  if (conversation.mediaType && MEDIA_KINDS.includes(conversation.mediaType)) return conversation.mediaType;
  if (conversation.lastMessageType && MEDIA_KINDS.includes(conversation.lastMessageType)) {
    return conversation.lastMessageType as MediaKind;
  }
  return conversation.hasMedia ? 'document' : null;
}

/** The media label ('Imagem', 'Vídeo', 'Áudio', 'Documento') of the last message, null for text. */
export function mediaLabelOf(
  conversation: Pick<Conversation, 'hasMedia' | 'mediaType' | 'lastMessageType'>,
): string | null {
  const kind = mediaKindOf(conversation);
  return kind ? MEDIA_LABELS[kind] : null;
}

/** The last message as the row shows it: its text, the media label for media without text, or 'Nenhuma mensagem'. */
export function lastMessageTextOf(conversation: Conversation): string {
  const text = conversation.lastMessage?.trim();
  if (text) return text;
  return mediaLabelOf(conversation) ?? NO_MESSAGE_TEXT;
}

export const contactNameOf = (conversation: Conversation): string =>
  conversation.contactName?.trim() ||
  conversation.customerName?.trim() ||
  conversation.name?.trim() ||
  conversation.conversationName?.trim() ||
  DEFAULT_CONTACT_NAME;

const PLATFORM_LABELS: Record<string, string> = {
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  instagram: 'Instagram',
};

export const platformLabelOf = (conversation: Pick<Conversation, 'platform' | 'channel'>): string => {
  const platform = conversation.platform ?? conversation.channel ?? 'whatsapp';
  return PLATFORM_LABELS[platform] ?? platform;
};

/** The customer is shown online (spec §3: the mapped customerStatus is always 'online'). */
export const isOnline = (_conversation: Conversation): boolean => true;

export const messageCountText = (count: number): string =>
  `${count} ${count === 1 ? 'mensagem' : 'mensagens'}`;
