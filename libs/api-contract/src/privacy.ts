import { z } from 'zod';
import { doneAnswerSchema, ok } from './answer.js';

/* A customer's rights under LGPD art. 18: a copy of what is kept about them, and its erasure. */

/** GET /api/contacts/:contactId/export: everything kept about the customer. */
export const contactExportSchema = z.object({
  exportedAt: z.string(),
  contactId: z.string(),
  /** Null when nothing is kept about the contact (erased, and no message since). */
  contact: z.object({ name: z.string(), phone: z.string() }).nullable(),
  /** Every event of the conversation: messages, deliveries, ratings, assignments… */
  events: z.array(z.object({ type: z.string(), occurredAt: z.string(), data: z.unknown() })),
  /** The workspace's notes that mention the contact (by phone number or name). */
  notes: z.array(z.object({ id: z.string(), title: z.string(), content: z.string(), createdAt: z.string() })),
});
export type ContactExport = z.infer<typeof contactExportSchema>;

export const contactExportAnswerSchema = ok({ export: contactExportSchema });
export type ContactExportAnswer = z.infer<typeof contactExportAnswerSchema>;

/** POST /api/contacts/:contactId/erase: 'Dados do contato excluídos'. */
export const contactEraseAnswerSchema = doneAnswerSchema;
export type ContactEraseAnswer = z.infer<typeof contactEraseAnswerSchema>;
