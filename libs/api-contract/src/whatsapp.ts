import { z } from 'zod';

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
