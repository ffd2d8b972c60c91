import { z } from 'zod';
import { emptyAnswerSchema, ok } from './answer.js';

/* The WhatsApp sandbox's controls (the simulated customer phone of demos and tests). */

/** POST /api/sandbox/whatsapp/scan: the phone scanned the QR code. */
export const sandboxScanAnswerSchema = ok({ sessionId: z.string(), connected: z.literal(true) });
export type SandboxScanAnswer = z.infer<typeof sandboxScanAnswerSchema>;

/** POST /api/sandbox/whatsapp/inbound: the customer's message, recorded. */
export const sandboxInboundAnswerSchema = ok({ conversationId: z.string(), messageId: z.string() });
export type SandboxInboundAnswer = z.infer<typeof sandboxInboundAnswerSchema>;

/** POST /api/sandbox/whatsapp/ack. */
export const sandboxAckAnswerSchema = emptyAnswerSchema;

/** What the sandbox phone received from an agent. */
export const sandboxOutboxMessageSchema = z.object({
  providerMessageId: z.string(),
  messageId: z.string(),
  chatId: z.string(),
  content: z.string(),
  type: z.string(),
  sentAt: z.string(),
  /** The file of a media message: what the phone received, by its bytes' hash. */
  media: z
    .object({ sha256: z.string(), mimeType: z.string(), fileName: z.string(), size: z.number() })
    .optional(),
});
export type SandboxOutboxMessage = z.infer<typeof sandboxOutboxMessageSchema>;

/** GET /api/sandbox/whatsapp/outbox: oldest first. */
export const sandboxOutboxAnswerSchema = ok({ messages: z.array(sandboxOutboxMessageSchema) });
export type SandboxOutboxAnswer = z.infer<typeof sandboxOutboxAnswerSchema>;
