import type { Decider } from '../core/decider.js';
import { assertNever } from '../core/decider.js';
import { DomainError } from '../core/errors.js';
import { emailPreview, isValidEmailAddress, splitAddresses } from './addresses.js';
import type { EmailCommand } from './commands.js';
import type { EmailEvent } from './events.js';
import {
  EMAIL_ATTACHMENTS_MAX,
  EMAIL_CONTENT_MAX,
  EMAIL_RECIPIENTS_MAX,
  EMAIL_REFERENCES_MAX,
  EMAIL_SUBJECT_MAX,
  emailAttachmentSchema,
  messageIdSchema,
  type EmailAttachment,
} from './events.js';
import { requireSendingAllowed } from '../workspace/plan.js';

export interface EmailFields {
  emailId: string;
  /** `sent` by us, or `received`. */
  direction: 'sent' | 'received';
  /** Only received emails are ever unread. */
  isUnread: boolean;
  /**
   * Ours: `sending` until the SMTP server accepted it (`accepted`) or it was given up (`failed`);
   * `unsent` for one recorded before the e-mail channel existed. Received: `received`.
   */
  delivery: EmailDelivery;
}

export type EmailDelivery = 'sending' | 'accepted' | 'failed' | 'unsent' | 'received';

export type EmailState =
  { status: 'none' } | { status: 'active'; email: EmailFields } | { status: 'deleted' };

export const EMAIL_REQUIRED_MESSAGE = 'Preencha Para, Assunto e Conteúdo';
export const INVALID_EMAIL_MESSAGE = 'Email inválido';
export const EMAIL_NOT_FOUND_MESSAGE = 'Email não encontrado';
export const NO_SUBJECT = '(sem assunto)';
/** A failure recorded without a reason of its own. */
export const EMAIL_SEND_FAILED_MESSAGE = 'Falha ao enviar o email';

function requireActive(state: EmailState): EmailFields {
  if (state.status !== 'active') throw new DomainError('EMAIL_NOT_FOUND', EMAIL_NOT_FOUND_MESSAGE);
  return state.email;
}

function validAddresses(addresses: string[]): string[] {
  if (addresses.some((a) => !isValidEmailAddress(a)))
    throw new DomainError('INVALID_EMAIL', INVALID_EMAIL_MESSAGE);
  if (addresses.length > EMAIL_RECIPIENTS_MAX) {
    throw new DomainError('EMAIL_TOO_MANY_RECIPIENTS', `Máximo de ${EMAIL_RECIPIENTS_MAX} destinatários`);
  }
  return addresses;
}

function isoTime(value: string): string {
  const isoWithOffset = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
  const time = Date.parse(value);
  if (!isoWithOffset.test(value) || Number.isNaN(time))
    throw new DomainError('INVALID_TIMESTAMP', 'Data inválida');
  return new Date(time).toISOString();
}

function withDelivery(state: EmailState, delivery: EmailDelivery): EmailState {
  return state.status === 'active' ? { status: 'active', email: { ...state.email, delivery } } : state;
}

const isMessageId = (value: string) => messageIdSchema.safeParse(value).success;
/** Addresses as the headers list them, cut to the limits. */
const recipients = (list: readonly string[] | undefined) =>
  (list ?? [])
    .map((a) => a.trim().slice(0, 320))
    .filter(Boolean)
    .slice(0, EMAIL_RECIPIENTS_MAX);

/** What a mailbox tells of a received e-mail, kept as far as it is well formed (never refused). */
function mailboxHeaders(data: Extract<EmailCommand, { type: 'ReceiveEmail' }>['data']) {
  const messageId = data.messageId?.trim();
  const headers: {
    messageId?: string;
    to?: string[];
    cc?: string[];
    references?: string[];
    attachments?: EmailAttachment[];
  } = {};
  if (messageId && isMessageId(messageId)) headers.messageId = messageId;
  if (data.to) headers.to = recipients(data.to);
  if (data.cc) headers.cc = recipients(data.cc);
  if (data.references) {
    headers.references = data.references
      .map((r) => r.trim())
      .filter(isMessageId)
      .slice(-EMAIL_REFERENCES_MAX);
  }
  if (data.attachments) {
    headers.attachments = data.attachments
      .filter((a) => emailAttachmentSchema.safeParse(a).success)
      .slice(0, EMAIL_ATTACHMENTS_MAX)
      .map((a) => ({ ...a }));
  }
  return headers;
}

function validMessageId(value: string): string {
  if (!isMessageId(value)) throw new DomainError('INVALID_MESSAGE_ID', 'Message-ID inválido');
  return value;
}

function decide(command: EmailCommand, state: EmailState): EmailEvent[] {
  switch (command.type) {
    case 'SendEmail': {
      // A retried send (same emailId) changes nothing.
      if (state.status !== 'none') return [];
      requireSendingAllowed(command.data.entitlement);
      const { emailId, authorId } = command.data;
      const to = splitAddresses(command.data.to);
      const subject = (command.data.subject ?? '').trim();
      const content = (command.data.content ?? '').trim();
      if (to.length === 0 || !subject || !content) {
        throw new DomainError('EMAIL_REQUIRED_FIELDS', EMAIL_REQUIRED_MESSAGE);
      }
      validAddresses(to);
      const cc = validAddresses(splitAddresses(command.data.cc));
      if (subject.length > EMAIL_SUBJECT_MAX) {
        throw new DomainError(
          'EMAIL_SUBJECT_TOO_LONG',
          `Assunto muito longo (máximo ${EMAIL_SUBJECT_MAX} caracteres)`,
        );
      }
      if (content.length > EMAIL_CONTENT_MAX) {
        throw new DomainError(
          'EMAIL_CONTENT_TOO_LONG',
          `Conteúdo muito longo (máximo ${EMAIL_CONTENT_MAX} caracteres)`,
        );
      }
      return [
        {
          type: 'EmailSent',
          data: {
            emailId,
            authorId,
            to,
            cc,
            subject,
            content,
            preview: emailPreview(content),
            priority: command.data.priority ?? 'medium',
            kind: command.data.kind ?? 'new',
            inReplyTo: command.data.inReplyTo?.trim() || null,
            messageId: validMessageId(command.data.messageId),
            references: (command.data.references ?? []).map(validMessageId).slice(-EMAIL_REFERENCES_MAX),
          },
        },
      ];
    }
    case 'ReceiveEmail': {
      // The same email delivered again changes nothing.
      if (state.status !== 'none') return [];
      const sender = (command.data.sender ?? '').trim().slice(0, 320);
      if (!sender) throw new DomainError('EMAIL_SENDER_REQUIRED', 'Remetente é obrigatório');
      // What others sent us is kept, cut to the limits rather than refused.
      const content = (command.data.content ?? '').trim().slice(0, EMAIL_CONTENT_MAX);
      return [
        {
          type: 'EmailReceived',
          data: {
            emailId: command.data.emailId,
            sender,
            subject: (command.data.subject ?? '').trim().slice(0, EMAIL_SUBJECT_MAX) || NO_SUBJECT,
            content,
            preview: emailPreview(content),
            priority: command.data.priority ?? 'medium',
            hasAttachments: command.data.hasAttachments ?? (command.data.attachments?.length ?? 0) > 0,
            receivedAt: isoTime(command.data.receivedAt),
            ...mailboxHeaders(command.data),
          },
        },
      ];
    }
    case 'RecordEmailAccepted': {
      const email = requireActive(state);
      // A redelivered outcome, or one of an e-mail already settled, changes nothing.
      if (email.delivery !== 'sending') return [];
      const response = command.data.response.trim().slice(0, 1000) || '250';
      return [{ type: 'EmailSendAccepted', data: { emailId: email.emailId, response } }];
    }
    case 'RecordEmailFailed': {
      const email = requireActive(state);
      if (email.delivery !== 'sending') return [];
      const error = command.data.error.trim().slice(0, 1000) || EMAIL_SEND_FAILED_MESSAGE;
      const attempts = Math.max(0, Math.trunc(command.data.attempts));
      return [{ type: 'EmailSendFailed', data: { emailId: email.emailId, error, attempts } }];
    }
    case 'MarkEmailRead': {
      const email = requireActive(state);
      return email.isUnread ? [{ type: 'EmailRead', data: { emailId: email.emailId } }] : [];
    }
    case 'DeleteEmail': {
      const email = requireActive(state);
      return [{ type: 'EmailDeleted', data: { emailId: email.emailId } }];
    }
    default:
      return assertNever(command);
  }
}

function evolve(state: EmailState, event: EmailEvent): EmailState {
  switch (event.type) {
    case 'EmailSent':
      return {
        status: 'active',
        email: {
          emailId: event.data.emailId,
          direction: 'sent',
          isUnread: false,
          delivery: event.data.messageId === undefined ? 'unsent' : 'sending',
        },
      };
    case 'EmailSendAccepted':
      return withDelivery(state, 'accepted');
    case 'EmailSendFailed':
      return withDelivery(state, 'failed');
    case 'EmailReceived':
      return {
        status: 'active',
        email: { emailId: event.data.emailId, direction: 'received', isUnread: true, delivery: 'received' },
      };
    case 'EmailRead':
      return state.status === 'active'
        ? { status: 'active', email: { ...state.email, isUnread: false } }
        : state;
    case 'EmailDeleted':
      return { status: 'deleted' };
    default:
      return assertNever(event);
  }
}

export const emailDecider: Decider<EmailCommand, EmailEvent, EmailState> = {
  initialState: () => ({ status: 'none' }),
  decide,
  evolve,
};
