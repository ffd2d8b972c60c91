import { z } from 'zod';
import { conversationSchema, messageSchema } from './conversations.js';

/* Socket.IO: what the gateway pushes (every change carries the global `position` of its event) and
   what clients send. The conversation and message in a push are the REST views, field for field. */

const position = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * `whatsapp:newMessage` and `message:updated`: the message as REST answers it but for `senderId` and
 * `error`; a new message carries its conversation after it, so no second frame is needed.
 */
export const newMessagePayloadSchema = messageSchema.omit({ senderId: true, error: true }).extend({
  conversation: conversationSchema.optional(),
});
export type NewMessagePayload = z.infer<typeof newMessagePayloadSchema>;

export const messageStatusPayloadSchema = z.object({
  conversationId: z.string(),
  messageId: z.string(),
  status: messageSchema.shape.status,
  /** Why sending failed (status `failed`), else null. */
  error: z.string().nullable(),
  position,
});
export type MessageStatusPayload = z.infer<typeof messageStatusPayloadSchema>;

export const conversationUpdatedPayloadSchema = z.object({
  /** The conversation as it is when pushed (what a reload would show). */
  conversation: conversationSchema,
  position,
});
export type ConversationUpdatedPayload = z.infer<typeof conversationUpdatedPayloadSchema>;

/** The conversation left the receiver's list (assigned or transferred to someone else). Nothing else of it. */
export const conversationRemovedPayloadSchema = z.object({ conversationId: z.string(), position });
export type ConversationRemovedPayload = z.infer<typeof conversationRemovedPayloadSchema>;

export const channelPayloadSchema = z.object({ sessionId: z.string(), phoneNumber: z.string(), position });
export type ChannelPayload = z.infer<typeof channelPayloadSchema>;

/** Too many changes were missed to replay them: reload with REST, then live changes continue from `position`. */
export const resyncPayloadSchema = z.object({ position, code: z.literal('TOO_FAR_BEHIND') });
export type ResyncPayload = z.infer<typeof resyncPayloadSchema>;

/** What the server pushes. */
export interface ServerToClientEvents {
  'whatsapp:newMessage': (payload: NewMessagePayload) => void;
  /** A message's media was stored or failed (same shape as a new message). */
  'message:updated': (payload: NewMessagePayload) => void;
  'message:status': (payload: MessageStatusPayload) => void;
  'conversation:updated': (payload: ConversationUpdatedPayload) => void;
  'conversation:removed': (payload: ConversationRemovedPayload) => void;
  'whatsapp:connected': (payload: ChannelPayload) => void;
  'whatsapp:disconnected': (payload: ChannelPayload) => void;
  resync: (payload: ResyncPayload) => void;
}

const userId = z.string().min(1).max(256);

/** `join:user`: the spec's client sends the user id itself; `{ userId }` is accepted too. */
export const joinUserSchema = z.union([userId, z.strictObject({ userId })]);

/** `resume`: the last global position the client saw. */
export const resumeSchema = z.strictObject({ lastPosition: position });

/** Handshake `auth`: optionally the last position seen (reconnect), which resumes from there. */
export const handshakeAuthSchema = z.object({ lastPosition: position.nullish() });

export interface AckError {
  success: false;
  error: string;
  code: 'VALIDATION_ERROR' | 'FORBIDDEN' | 'UNAUTHENTICATED' | 'INTERNAL_ERROR';
}

export interface JoinAck {
  success: true;
  userId: string;
  /** Live changes follow this position (after any replay). */
  position: number;
}

export interface ResumeAck {
  success: true;
  /** Socket events sent by the replay. */
  replayed: number;
  /** Live changes follow this position. */
  position: number;
}

/**
 * Client → server. Payloads arrive as `unknown` and are validated with the schemas above (a client
 * may send anything); the last argument, when a function, is the ack.
 */
export interface ClientToServerEvents {
  'join:user': (...args: unknown[]) => void;
  resume: (...args: unknown[]) => void;
}
