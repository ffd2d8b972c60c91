import { z } from 'zod';
import { defineEvent, type EventOf } from '../core/define-event.js';

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
  }),
  { idempotencyKey: (d) => `email-sent:${d.emailId}` },
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
  }),
  { idempotencyKey: (d) => `email-received:${d.emailId}` },
);
export const EmailRead = defineEvent('EmailRead', z.object({ emailId }), {
  idempotencyKey: (d) => `email-read:${d.emailId}`,
});
export const EmailDeleted = defineEvent('EmailDeleted', z.object({ emailId }), {
  idempotencyKey: (d) => `email-deleted:${d.emailId}`,
});

export const emailEventDefinitions = [EmailSent, EmailReceived, EmailRead, EmailDeleted] as const;

export type EmailEvent =
  | EventOf<typeof EmailSent>
  | EventOf<typeof EmailReceived>
  | EventOf<typeof EmailRead>
  | EventOf<typeof EmailDeleted>;
