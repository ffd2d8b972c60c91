import { z } from 'zod';
import { doneAnswerSchema, ok } from './answer.js';

/**
 * An e-mail as the API answers it (GET /api/emails, GET /api/emails/:emailId, POST /api/emails and
 * its read mark). Every field is always sent: null or [] when it has nothing.
 */
export const emailSchema = z.object({
  id: z.string(),
  direction: z.enum(['sent', 'received']),
  /** Received: the sender's address (possibly 'Nome <endereço>'). Sent: the author's user id. */
  sender: z.string(),
  /** Who it is from, as people read it: the author's name for a sent e-mail, the address otherwise. */
  senderName: z.string(),
  authorId: z.string().nullable(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  preview: z.string(),
  content: z.string(),
  timestamp: z.string(),
  isUnread: z.boolean(),
  hasAttachments: z.boolean(),
  priority: z.enum(['high', 'medium', 'low']),
  kind: z.enum(['new', 'reply', 'reply_all', 'forward']),
  inReplyTo: z.string().nullable(),
  /** Ours: `sending` until the SMTP server accepted it (`sent`) or it was given up (`failed`, see `error`). */
  status: z.enum(['sending', 'sent', 'failed', 'received']),
  /** Why it was not sent; null otherwise. */
  error: z.string().nullable(),
  /** Files of a received e-mail: `url` serves it to members of the workspace. */
  attachments: z.array(
    z.object({ filename: z.string(), contentType: z.string(), size: z.number(), url: z.string() }),
  ),
});
export type Email = z.infer<typeof emailSchema>;
export type EmailAttachment = Email['attachments'][number];

/** GET /api/emails. */
export const emailsAnswerSchema = ok({ emails: z.array(emailSchema) });
export type EmailsAnswer = z.infer<typeof emailsAnswerSchema>;

/** GET /api/emails/:emailId and its read mark. */
export const emailAnswerSchema = ok({ email: emailSchema });
export type EmailAnswer = z.infer<typeof emailAnswerSchema>;

/** POST /api/emails: the e-mail queued, with the server's text. */
export const emailSentAnswerSchema = ok({ email: emailSchema, message: z.string() });
export type EmailSentAnswer = z.infer<typeof emailSentAnswerSchema>;

/** DELETE /api/emails/:emailId. */
export const emailDeletedAnswerSchema = doneAnswerSchema;
