import type { EmailAttachment, EmailDelivery, EmailKind, EmailPriority } from '@atende/events';

export const EMAILS_PROJECTION = 'emails';

export const EMAIL_COLLECTION = 'email';

export function emailDocId(workspaceId: string, emailId: string): string {
  return `${workspaceId}:${emailId}`;
}

/** A workspace's e-mails, id emailId, score = timestamp (ms). */
export function workspaceEmailsIndex(workspaceId: string): string {
  return `ws:${workspaceId}`;
}

/** 'email' id `${workspaceId}:${emailId}`. */
export interface EmailDoc {
  id: string;
  workspaceId: string;
  direction: 'sent' | 'received';
  /** The author's user id for a sent e-mail; the sender's address for a received one. */
  sender: string;
  /** The author of a sent e-mail; null for a received one. */
  authorId: string | null;
  /** Recipients (of a received one: as its headers list them, when the mailbox told them). */
  to: string[];
  cc: string[];
  subject: string;
  preview: string;
  content: string;
  /** ISO instant: when sent (event time) or data.receivedAt. */
  timestamp: string;
  isUnread: boolean;
  hasAttachments: boolean;
  priority: EmailPriority;
  /** 'new' for a received e-mail. */
  kind: EmailKind;
  inReplyTo: string | null;
  /** Ours: sending → accepted (the SMTP server took it) or failed; `unsent`: recorded before the channel. */
  delivery: EmailDelivery;
  /** Why it was not sent (pt-BR), or null. */
  error: string | null;
  /** Its Message-ID (threading), null when it has none. */
  messageId: string | null;
  /** Message-IDs of its thread, oldest first. */
  references: string[];
  /** Files of a received e-mail, in the media store. */
  attachments: EmailAttachment[];
}

/** Why an e-mail recorded before the e-mail channel existed shows as not sent. */
export const UNSENT_BEFORE_CHANNEL_MESSAGE = 'Não enviado: registrado antes do envio de emails por SMTP';
