import type { Conversation, Message } from '../../api/types';
import type { RawMessage } from '../messages/message-model';

/**
 * What the gateway pushes (apps/gateway/src/realtime/pushes.ts). Every change carries its global
 * `position`; the conversation row of a push is the read model's row (fewer alias fields than REST).
 */
export type ConversationRowPush = Partial<Conversation> & { chatId?: string; [key: string]: unknown };

export type NewMessagePush = RawMessage & { position: number; conversation?: ConversationRowPush };

export interface MessageStatusPush {
  conversationId: string;
  messageId: string;
  status: Message['status'];
  error: string | null;
  position: number;
}

export interface ConversationUpdatedPush {
  conversation: ConversationRowPush;
  position: number;
}

export interface ChannelPush {
  sessionId: string;
  phoneNumber: string;
  position: number;
}

export interface ResyncPush {
  position: number;
  code: 'TOO_FAR_BEHIND';
}

export interface JoinAck {
  success: boolean;
  userId?: string;
  position?: number;
  error?: string;
  code?: string;
}

/** The server events the client listens to. */
export const SERVER_EVENTS = [
  'whatsapp:newMessage',
  'message:updated',
  'message:status',
  'conversation:updated',
  'conversation:removed',
  'whatsapp:connected',
  'whatsapp:disconnected',
  'resync',
] as const;

export type ServerEventName = (typeof SERVER_EVENTS)[number];

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const num = (value: unknown, fallback = 0): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;
const bool = (value: unknown): boolean => value === true;

/**
 * A pushed conversation row in the client's `Conversation` shape (the REST list's alias fields
 * filled in: conversationId, name, contactName, platform, profilePicture, assignedAgent…). Null
 * without an id.
 */
export function toConversation(row: ConversationRowPush | null | undefined): Conversation | null {
  if (!row || typeof row !== 'object') return null;
  const id = str(row.chatId) ?? str(row.id) ?? str(row.conversationId);
  if (!id) return null;
  const name =
    str(row.customerName) ?? str(row.name) ?? str(row.conversationName) ?? str(row.contactName) ?? 'Contato';
  const profilePic = str(row.profilePic) ?? str(row.profilePicture) ?? null;
  const assigneeId = str(row.assigneeId) ?? str(row.assignedAgent) ?? null;
  const mediaType = str(row.mediaType);
  const isArchived = bool(row.isArchived) || row.status === 'archived';
  const createdAt = str(row.createdAt) ?? new Date().toISOString();
  return {
    id,
    conversationId: id,
    chatId: id,
    name,
    conversationName: name,
    customerName: name,
    contactName: name,
    customerId: str(row.customerId) ?? id.split('@')[0] ?? id,
    channel: 'whatsapp',
    platform: 'whatsapp',
    status: isArchived ? 'archived' : 'active',
    type: row.type === 'group' ? 'group' : 'private',
    lastMessage: str(row.lastMessage) ?? 'Nenhuma mensagem',
    lastMessageType: str(row.lastMessageType) ?? null,
    lastMessageFromMe: bool(row.lastMessageFromMe),
    lastTimestamp: str(row.lastTimestamp) ?? null,
    unreadCount: Math.max(0, num(row.unreadCount)),
    messageCount: Math.max(0, num(row.messageCount)),
    hasMedia: bool(row.hasMedia),
    mediaType:
      mediaType === 'image' || mediaType === 'video' || mediaType === 'audio' || mediaType === 'document'
        ? mediaType
        : null,
    profilePic,
    profilePicture: profilePic,
    isPinned: bool(row.isPinned),
    isArchived,
    assigneeId,
    assignedAgent: assigneeId,
    rating: typeof row.rating === 'number' ? row.rating : null,
    createdAt,
    updatedAt: str(row.updatedAt) ?? createdAt,
    lastReadAt: str(row.lastReadAt) ?? null,
    overLimitMonth: str(row.overLimitMonth) ?? null,
  };
}
