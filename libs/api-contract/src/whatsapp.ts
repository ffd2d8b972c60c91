import { z } from 'zod';
import { ok } from './answer.js';
import { conversationSchema, messageSchema } from './conversations.js';

/** Where a WhatsApp session stands: asked for, showing a QR, paired, unpaired, or given up. */
export const sessionStatusSchema = z.enum(['requested', 'qr_issued', 'connected', 'disconnected', 'failed']);
export type SessionStatus = z.infer<typeof sessionStatusSchema>;

/** One of the user's WhatsApp sessions (GET /api/whatsapp/sessions/:userId). */
export const sessionSchema = z.object({
  sessionId: z.string(),
  status: sessionStatusSchema,
  /** Digits only. */
  phoneNumber: z.string(),
  /** Support name. */
  name: z.string(),
  connected: z.boolean(),
  updatedAt: z.string(),
});
export type WhatsAppSession = z.infer<typeof sessionSchema>;

/** GET /api/whatsapp/status/:sessionId (less `success`): the QR to scan while one is issued. */
export const sessionStatusAnswerSchema = z.object({
  connected: z.boolean(),
  sessionId: z.string(),
  status: sessionStatusSchema,
  qrCode: z.string().nullable(),
});
export type SessionStatusAnswer = z.infer<typeof sessionStatusAnswerSchema>;

/** GET /api/whatsapp/status/:sessionId. */
export const sessionStatusAnswerEnvelopeSchema = ok(sessionStatusAnswerSchema.shape);

/** GET /api/whatsapp/sessions/:userId. */
export const sessionsAnswerSchema = ok({ sessions: z.array(sessionSchema) });
export type SessionsAnswer = z.infer<typeof sessionsAnswerSchema>;

/**
 * POST /api/whatsapp/connect (spec §7): the session asked for, and its QR code while one is issued
 * (null once connected or before the phone made one); `message` says what to do next (pt-BR).
 */
export const connectAnswerSchema = ok({
  connected: z.boolean(),
  sessionId: z.string(),
  qrCode: z.string().nullable(),
  message: z.string(),
});
export type ConnectAnswer = z.infer<typeof connectAnswerSchema>;

/** Where the answers come from (the spec's `source` field). */
export const WHATSAPP_SOURCE = 'atende';

/** GET /api/whatsapp/conversations: a page, newest first; `nextCursor` asks for the next (null: none). */
export const conversationsPageSchema = ok({
  conversations: z.array(conversationSchema),
  source: z.literal(WHATSAPP_SOURCE),
  nextCursor: z.number().nullable(),
});
export type ConversationsPage = z.infer<typeof conversationsPageSchema>;

/** GET /api/whatsapp/messages/:conversationId: a page, oldest first; `nextCursor` pages back. */
export const messagesPageSchema = ok({
  messages: z.array(messageSchema),
  source: z.literal(WHATSAPP_SOURCE),
  nextCursor: z.number().nullable(),
});
export type MessagesPage = z.infer<typeof messagesPageSchema>;

/**
 * POST /api/whatsapp/send and /api/whatsapp/send-media: the message's id, and the message as stored
 * (null when the read models have not caught up yet).
 */
export const sendAnswerSchema = ok({ messageId: z.string(), message: messageSchema.nullable() });
export type SendAnswer = z.infer<typeof sendAnswerSchema>;

/** GET /api/whatsapp/profile-picture/:customerId: null when WhatsApp gives none. */
export const profilePictureAnswerSchema = ok({ url: z.string().nullable() });
export type ProfilePictureAnswer = z.infer<typeof profilePictureAnswerSchema>;
