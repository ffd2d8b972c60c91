import type { ProjectionTx } from '@atende/events';
import { defineProjection } from '../../projection.js';
import { utcIso } from '../conversations/event-helpers.js';
import {
  EMAILS_PROJECTION,
  EMAIL_COLLECTION,
  emailDocId,
  workspaceEmailsIndex,
  type EmailDoc,
} from './types.js';

function write(tx: ProjectionTx, email: EmailDoc): void {
  tx.put(EMAIL_COLLECTION, emailDocId(email.workspaceId, email.id), email);
  tx.indexPut(workspaceEmailsIndex(email.workspaceId), email.id, Date.parse(email.timestamp));
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
    });
  },
  EmailReceived: (event, tx) => {
    const d = event.data;
    write(tx, {
      id: d.emailId,
      workspaceId: event.metadata.workspaceId,
      direction: 'received',
      sender: d.sender,
      authorId: null,
      to: [],
      cc: [],
      subject: d.subject,
      preview: d.preview,
      content: d.content,
      timestamp: utcIso(d.receivedAt),
      isUnread: true,
      hasAttachments: d.hasAttachments,
      priority: d.priority,
      kind: 'new',
      inReplyTo: null,
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
