import type { Email, EmailAnswer, EmailSentAnswer } from '@atende/api-contract';
import { apiRequest } from '../../api/client';

// The answer's shape is the contract's, shared with the gateway (types only: no zod in the bundle).
export type { Email, EmailAttachment } from '@atende/api-contract';
export type EmailPriority = Email['priority'];
export type EmailKind = Email['kind'];
export type EmailStatus = Email['status'];

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

/** Spec §8: only once the SMTP server accepted it. */
export const EMAIL_SENT_TEXT = 'Email enviado com sucesso!';
/** Still being tried when the compose dialog stops waiting (a server down is retried for minutes). */
export const EMAIL_QUEUED_TEXT = 'Email na fila de envio: o status aparece na lista';
export const EMAIL_FAILED_TEXT = 'Falha ao enviar o email';
export const EMAIL_DELETED_TEXT = 'Email excluído com sucesso!';

/** POST /api/emails: the e-mail as recorded (status `sending`: the e-mail channel sends it). */
async function recordEmail(email: OutgoingEmail): Promise<Email | null> {
  const answer = await apiRequest<Partial<EmailSentAnswer>>('/api/emails', { method: 'POST', body: email });
  return answer.email ?? null;
}

/** GET /api/emails/:id. */
export async function fetchEmail(id: string, signal?: AbortSignal): Promise<Email | null> {
  const answer = await apiRequest<Partial<EmailAnswer>>(`/api/emails/${encodeURIComponent(id)}`, { signal });
  return answer.email ?? null;
}

export type SendOutcome =
  | { outcome: 'sent'; email: Email; message: string }
  | { outcome: 'failed'; email: Email; message: string }
  | { outcome: 'queued'; email: Email | null; message: string };

/**
 * POST /api/emails, then follows the e-mail until the SMTP server accepted it or it was given up, for
 * at most `waitMs`: 'Email enviado com sucesso!' is said only once the server took it.
 */
export async function sendAndFollow(
  email: OutgoingEmail,
  { pollMs = 500, waitMs = 20_000, signal }: { pollMs?: number; waitMs?: number; signal?: AbortSignal } = {},
): Promise<SendOutcome> {
  let current = await recordEmail(email);
  const deadline = Date.now() + waitMs;
  while (current && current.status === 'sending' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    signal?.throwIfAborted();
    current = (await fetchEmail(current.id, signal)) ?? current;
  }
  if (current?.status === 'sent') return { outcome: 'sent', email: current, message: EMAIL_SENT_TEXT };
  if (current?.status === 'failed') {
    return { outcome: 'failed', email: current, message: current.error || EMAIL_FAILED_TEXT };
  }
  return { outcome: 'queued', email: current, message: EMAIL_QUEUED_TEXT };
}
