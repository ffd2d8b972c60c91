import type { Entitlement } from '../workspace/plan.js';
import type { EmailAttachment, EmailKind, EmailPriority } from './events.js';

/** Addresses as typed: a list, or one comma-separated string. */
export type AddressesInput = readonly string[] | string;

export type EmailCommand =
  | {
      /** Stream `email-{emailId}`; sending the same emailId again changes nothing. */
      type: 'SendEmail';
      data: {
        emailId: string;
        authorId: string;
        to: AddressesInput;
        cc?: AddressesInput | null;
        subject: string;
        content: string;
        /** Default `medium`. */
        priority?: EmailPriority | null;
        /** Default `new`. */
        kind?: EmailKind | null;
        inReplyTo?: string | null;
        /** Message-ID it goes out with (`messageIdFor`); the e-mail channel sends only e-mails that have one. */
        messageId: string;
        /** Message-IDs of the thread it answers (the answered e-mail's references and its own id). */
        references?: readonly string[];
        /** The workspace's plan standing now: nothing is sent once the trial ended without a plan. */
        entitlement: Entitlement;
      };
    }
  | {
      type: 'ReceiveEmail';
      data: {
        emailId: string;
        sender: string;
        subject?: string | null;
        content?: string | null;
        priority?: EmailPriority | null;
        hasAttachments?: boolean;
        /** ISO time with offset. */
        receivedAt: string;
        /** Its Message-ID header; kept when well formed (threading, and a reply's In-Reply-To). */
        messageId?: string | null;
        to?: readonly string[];
        cc?: readonly string[];
        /** Its References header (and In-Reply-To), oldest first; malformed ones are left out. */
        references?: readonly string[];
        /** Its files, already in the media store. */
        attachments?: readonly EmailAttachment[];
      };
    }
  /** The e-mail channel: the SMTP server accepted it (its answer, e.g. `250 OK`). */
  | { type: 'RecordEmailAccepted'; data: { response: string } }
  /** The e-mail channel gave it up (pt-BR reason). */
  | { type: 'RecordEmailFailed'; data: { error: string; attempts: number } }
  | { type: 'MarkEmailRead'; data: Record<string, never> }
  | { type: 'DeleteEmail'; data: Record<string, never> };
