import type { ProjectionTx } from '@atende/events';
import { defineProjection } from '../../projection.js';
import { utcIso } from '../conversations/event-helpers.js';
import {
  EMAILS_PROJECTION,
  EMAIL_COLLECTION,
  UNSENT_BEFORE_CHANNEL_MESSAGE,
  emailDocId,
  workspaceEmailsIndex,
  type EmailDoc,
} from './types.js';

function write(tx: ProjectionTx, email: EmailDoc): void {
  tx.put(EMAIL_COLLECTION, emailDocId(email.workspaceId, email.id), email);
  tx.indexPut(workspaceEmailsIndex(email.workspaceId), email.id, Date.parse(email.timestamp));
}

/** The outcome of sending one of ours (a redelivered one, or one of a deleted e-mail, changes nothing). */
function settle(
  tx: ProjectionTx,
  workspaceId: string,
  emailId: string,
  outcome: Pick<EmailDoc, 'delivery' | 'error'>,
): void {
  const id = emailDocId(workspaceId, emailId);
  const email = tx.get<EmailDoc>(EMAIL_COLLECTION, id);
  if (!email || email.delivery !== 'sending') return;
  tx.put(EMAIL_COLLECTION, id, { ...email, ...outcome } satisfies EmailDoc);
}

/** E-mails per workspace (the Emails panel and modals). */
export const emailsProjection = defineProjection(EMAILS_PROJECTION, {
  EmailSent: (event, tx) => {
    const d = event.data;
    write(tx, {
      id: d.emailId,
      workspaceId: event.metadata.workspaceId,
      direction: 'sent',
      sender: d.authorId,
      authorId: d.authorId,
      to: [...d.to],
      cc: [...d.cc],
      subject: d.subject,
      preview: d.preview,
      content: d.content,
      timestamp: utcIso(event.metadata.occurredAt),
      isUnread: false,
      hasAttachments: false,
      priority: d.priority,
      kind: d.kind,
      inReplyTo: d.inReplyTo,
      delivery: d.messageId === undefined ? 'unsent' : 'sending',
      error: d.messageId === undefined ? UNSENT_BEFORE_CHANNEL_MESSAGE : null,
      messageId: d.messageId ?? null,
      references: [...(d.references ?? [])],
      attachments: [],
    });
  },
  EmailSendAccepted: (event, tx) =>
    settle(tx, event.metadata.workspaceId, event.data.emailId, { delivery: 'accepted', error: null }),
  EmailSendFailed: (event, tx) =>
    settle(tx, event.metadata.workspaceId, event.data.emailId, {
      delivery: 'failed',
      error: event.data.error,
    }),
  EmailReceived: (event, tx) => {
    const d = event.data;
    write(tx, {
      id: d.emailId,
      workspaceId: event.metadata.workspaceId,
      direction: 'received',
      sender: d.sender,
      authorId: null,
      to: [...(d.to ?? [])],
      cc: [...(d.cc ?? [])],
      subject: d.subject,
      preview: d.preview,
      content: d.content,
      timestamp: utcIso(d.receivedAt),
      isUnread: true,
      hasAttachments: d.hasAttachments,
      priority: d.priority,
      kind: 'new',
      inReplyTo: null,
      delivery: 'received',
      error: null,
      messageId: d.messageId ?? null,
      references: [...(d.references ?? [])],
      attachments: (d.attachments ?? []).map((a) => ({ ...a })),
    });
  },
  EmailRead: (event, tx) => {
    const id = emailDocId(event.metadata.workspaceId, event.data.emailId);
    const email = tx.get<EmailDoc>(EMAIL_COLLECTION, id);
    if (!email || !email.isUnread) return;
    tx.put(EMAIL_COLLECTION, id, { ...email, isUnread: false } satisfies EmailDoc);
  },
  EmailDeleted: (event, tx) => {
    const workspaceId = event.metadata.workspaceId;
    const id = emailDocId(workspaceId, event.data.emailId);
    if (!tx.get<EmailDoc>(EMAIL_COLLECTION, id)) return;
    tx.delete(EMAIL_COLLECTION, id);
    tx.indexDelete(workspaceEmailsIndex(workspaceId), event.data.emailId);
  },
});
