import { apiRequest } from '../../api/client';

export type EmailPriority = 'high' | 'medium' | 'low';
export type EmailKind = 'new' | 'reply' | 'reply_all' | 'forward';

/** An e-mail as the gateway answers it (GET /api/emails, GET /api/emails/:id). */
export interface Email {
  id: string;
  direction: 'sent' | 'received';
  /** Received: the sender's address (possibly 'Nome <endereço>'). Sent: the author's user id. */
  sender: string;
  /** Who it is from, as people read it: the author's name for a sent e-mail, the address otherwise. */
  senderName: string;
  authorId?: string | null;
  to: string[];
  cc?: string[];
  subject: string;
  preview: string;
  content: string;
  timestamp: string;
  isUnread: boolean;
  hasAttachments: boolean;
  priority: EmailPriority;
  kind?: EmailKind;
  inReplyTo?: string | null;
}

/** What POST /api/emails takes. */
export interface OutgoingEmail {
  to: string;
  cc?: string;
  subject: string;
  content: string;
  priority: EmailPriority;
  kind: EmailKind;
  inReplyTo?: string;
}

/** Spec §8. */
export const EMAIL_SENT_TEXT = 'Email enviado com sucesso!';
export const EMAIL_DELETED_TEXT = 'Email excluído com sucesso!';

/** The workspace's e-mails, newest first (all of them without `limit`). */
export async function fetchEmails(limit?: number, signal?: AbortSignal): Promise<Email[]> {
  const query = limit === undefined ? '' : `?limit=${limit}`;
  const answer = await apiRequest<{ emails?: Email[] }>(`/api/emails${query}`, { signal });
  return Array.isArray(answer.emails) ? answer.emails : [];
}

/** POST /api/emails: the e-mail as recorded and the server's success text. */
export async function sendEmail(email: OutgoingEmail): Promise<{ email: Email | null; message: string }> {
  const answer = await apiRequest<{ email?: Email; message?: string }>('/api/emails', {
    method: 'POST',
    body: email,
  });
  return { email: answer.email ?? null, message: answer.message || EMAIL_SENT_TEXT };
}

/** POST /api/emails/:id/read: the e-mail, now read. */
export async function markEmailRead(id: string): Promise<Email | null> {
  const answer = await apiRequest<{ email?: Email }>(`/api/emails/${encodeURIComponent(id)}/read`, {
    method: 'POST',
  });
  return answer.email ?? null;
}

/** DELETE /api/emails/:id: the server's text. */
export async function deleteEmail(id: string): Promise<string> {
  const answer = await apiRequest<{ message?: string }>(`/api/emails/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
  return answer.message || EMAIL_DELETED_TEXT;
}
