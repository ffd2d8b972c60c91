import { z } from 'zod';
import { ok } from './answer.js';

/**
 * A conversation as the API answers it (GET /api/whatsapp/conversations, the conversation actions)
 * and as the socket pushes it: the read model's row with the spec's alias fields (id, name,
 * platform, profilePicture, assignedAgent…) filled in by the gateway, never by the client.
 */
export const conversationSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  chatId: z.string(),
  name: z.string(),
  conversationName: z.string(),
  customerName: z.string(),
  contactName: z.string(),
  customerId: z.string(),
  channel: z.literal('whatsapp'),
  platform: z.literal('whatsapp'),
  status: z.enum(['active', 'archived']),
  type: z.enum(['private', 'group']),
  lastMessage: z.string(),
  lastMessageType: z.string().nullable(),
  lastMessageFromMe: z.boolean(),
  lastTimestamp: z.string().nullable(),
  unreadCount: z.number(),
  messageCount: z.number(),
  hasMedia: z.boolean(),
  mediaType: z.enum(['image', 'video', 'audio', 'document']).nullable(),
  profilePic: z.string().nullable(),
  profilePicture: z.string().nullable(),
  isPinned: z.boolean(),
  isArchived: z.boolean(),
  assigneeId: z.string().nullable(),
  assignedAgent: z.string().nullable(),
  rating: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastReadAt: z.string().nullable(),
  lastInboundAt: z.string().nullable(),
  /** Started beyond the plan's monthly limit (YYYY-MM of that month), or null. */
  overLimitMonth: z.string().nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** A message as the API answers it (spec §3 Message, plus the backend's fromMe/senderId). */
export const messageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  content: z.string(),
  sender: z.enum(['customer', 'agent']),
  senderName: z.string(),
  senderPhone: z.string(),
  senderId: z.string().nullable(),
  fromMe: z.boolean(),
  timestamp: z.string(),
  createdAt: z.string(),
  type: z.enum(['text', 'image', 'video', 'audio', 'document']),
  status: z.enum(['sent', 'delivered', 'read', 'failed']),
  mediaUrl: z.string().nullable(),
  mediaStatus: z.enum(['none', 'pending', 'stored', 'failed']),
  /** The name of a file an agent sent (documents show it); null otherwise. */
  fileName: z.string().nullable(),
  error: z.string().nullable(),
  /** Order in the conversation; the `before` cursor of older pages. */
  position: z.number(),
});
export type Message = z.infer<typeof messageSchema>;

/** GET /api/conversations/stats: the dashboard's counters over what the member may see. */
export const statsSchema = z.object({
  totalConversations: z.number(),
  activeConversations: z.number(),
  unreadTotal: z.number(),
  channels: z.array(z.string()),
});
export type Stats = z.infer<typeof statsSchema>;

/** POST /api/conversations/:conversationId/{read,pin,unpin,archive,…}: the conversation after the change. */
export const conversationAnswerSchema = ok({ conversation: conversationSchema });
export type ConversationAnswer = z.infer<typeof conversationAnswerSchema>;

export const statsAnswerSchema = ok({ stats: statsSchema });
export type StatsAnswer = z.infer<typeof statsAnswerSchema>;
