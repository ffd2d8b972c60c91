import { z } from 'zod';
import { defineEvent, type EventOf } from '../core/define-event.js';
import { mediaIdSchema } from '../ports/media-store.js';

export const emailPriorities = ['high', 'medium', 'low'] as const;
export type EmailPriority = (typeof emailPriorities)[number];
export const emailKinds = ['new', 'reply', 'reply_all', 'forward'] as const;
export type EmailKind = (typeof emailKinds)[number];

export const EMAIL_SUBJECT_MAX = 300;
export const EMAIL_CONTENT_MAX = 100_000;
export const EMAIL_RECIPIENTS_MAX = 100;
/** Preview length in characters (spec §5, §9). */
export const EMAIL_PREVIEW_LENGTH = 100;

const emailId = z.string().min(1);
/** Message-IDs kept per e-mail for threading (the References header of a long thread is cut to its latest). */
export const EMAIL_REFERENCES_MAX = 50;
/** Files kept per received e-mail; a mail with more keeps its first ones. */
export const EMAIL_ATTACHMENTS_MAX = 20;
/** One file of a received e-mail, as the media store keeps it. */
export const emailAttachmentSchema = z.object({
  mediaId: mediaIdSchema,
  filename: z.string().min(1).max(255),
  contentType: z.string().min(1).max(255),
  size: z.number().int().min(0),
});
export type EmailAttachment = z.infer<typeof emailAttachmentSchema>;
/** `<local@domain>`, as the Message-ID header writes it. */
export const messageIdSchema = z.string().regex(/^<[^<>\s]{1,250}>$/);
const address = z.email().max(320);
const priority = z.enum(emailPriorities);
/** 100 characters; a character outside the BMP counts 2 in a JS string length. */
const preview = z.string().max(EMAIL_PREVIEW_LENGTH * 2);

export const EmailSent = defineEvent(
  'EmailSent',
  z.object({
    emailId,
    authorId: z.string().min(1),
    to: z.array(address).min(1).max(EMAIL_RECIPIENTS_MAX),
    cc: z.array(address).max(EMAIL_RECIPIENTS_MAX),
    subject: z.string().min(1).max(EMAIL_SUBJECT_MAX),
    content: z.string().min(1).max(EMAIL_CONTENT_MAX),
    preview,
    priority,
    kind: z.enum(emailKinds),
    inReplyTo: z.string().min(1).nullable(),
    /**
     * The RFC 5322 Message-ID it goes out with (threading). Absent on e-mails recorded before the
     * e-mail channel sent anything: those were never sent and no worker sends them now.
     */
    messageId: messageIdSchema.optional(),
    /** Message-IDs of the thread it answers, oldest first (References header). */
    references: z.array(messageIdSchema).max(EMAIL_REFERENCES_MAX).optional(),
  }),
  { idempotencyKey: (d) => `email-sent:${d.emailId}` },
);
/** The SMTP server accepted an e-mail of ours (only now is it "enviado"). */
export const EmailSendAccepted = defineEvent(
  'EmailSendAccepted',
  z.object({ emailId, response: z.string().max(1000) }),
  { idempotencyKey: (d) => `email-accepted:${d.emailId}` },
);
/** An e-mail of ours was given up: refused by the server, or still failing after every retry. */
export const EmailSendFailed = defineEvent(
  'EmailSendFailed',
  z.object({ emailId, error: z.string().min(1).max(1000), attempts: z.number().int().min(0) }),
  { idempotencyKey: (d) => `email-failed:${d.emailId}` },
);
export const EmailReceived = defineEvent(
  'EmailReceived',
  z.object({
    emailId,
    sender: z.string().min(1).max(320),
    subject: z.string().min(1).max(EMAIL_SUBJECT_MAX),
    content: z.string().max(EMAIL_CONTENT_MAX),
    preview,
    priority,
    hasAttachments: z.boolean(),
    receivedAt: z.string().datetime({ offset: true }),
    /** From the mailbox (the e-mail channel): its Message-ID, recipients and thread. */
    messageId: messageIdSchema.optional(),
    to: z.array(z.string().min(1).max(320)).max(EMAIL_RECIPIENTS_MAX).optional(),
    cc: z.array(z.string().min(1).max(320)).max(EMAIL_RECIPIENTS_MAX).optional(),
    references: z.array(messageIdSchema).max(EMAIL_REFERENCES_MAX).optional(),
    /** Its files, kept in the media store (served at `/api/media/<mediaId>`). */
    attachments: z.array(emailAttachmentSchema).max(EMAIL_ATTACHMENTS_MAX).optional(),
  }),
  { idempotencyKey: (d) => `email-received:${d.emailId}` },
);
export const EmailRead = defineEvent('EmailRead', z.object({ emailId }), {
  idempotencyKey: (d) => `email-read:${d.emailId}`,
});
export const EmailDeleted = defineEvent('EmailDeleted', z.object({ emailId }), {
  idempotencyKey: (d) => `email-deleted:${d.emailId}`,
});

export const emailEventDefinitions = [
  EmailSent,
  EmailSendAccepted,
  EmailSendFailed,
  EmailReceived,
  EmailRead,
  EmailDeleted,
] as const;

export type EmailEvent =
  | EventOf<typeof EmailSent>
  | EventOf<typeof EmailSendAccepted>
  | EventOf<typeof EmailSendFailed>
  | EventOf<typeof EmailReceived>
  | EventOf<typeof EmailRead>
  | EventOf<typeof EmailDeleted>;
