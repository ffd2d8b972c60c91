import { http, HttpResponse } from 'msw';
import type { Email } from '../emails-api';

export const email = (n: number, overrides: Partial<Email> = {}): Email => ({
  id: `e${n}`,
  direction: 'received',
  sender: `cliente${n}@exemplo.com`,
  senderName: `cliente${n}@exemplo.com`,
  authorId: null,
  to: [],
  cc: [],
  subject: `Assunto ${n}`,
  preview: `Prévia do email ${n}`,
  content: `Conteúdo ${n}`,
  timestamp: new Date(Date.now() - n * 60_000).toISOString(),
  isUnread: false,
  hasAttachments: false,
  priority: 'medium',
  kind: 'new',
  inReplyTo: null,
  // Every field the gateway always sends: a sent e-mail is `sent` unless the test says otherwise.
  status: overrides.direction === 'sent' ? 'sent' : 'received',
  error: null,
  attachments: [],
  ...overrides,
});

export interface FakeMailbox {
  emails: Email[];
  /** Every request, as 'METHOD /path?query'. */
  calls: string[];
  /** Bodies of POST /api/emails. */
  sent: Record<string, unknown>[];
  /**
   * What the e-mail channel makes of a send, seen at the first GET /api/emails/:id after it: the SMTP
   * server took it (default), refused it (with the reason), or it is still being tried.
   */
  outcome?: { status: 'sent' } | { status: 'failed'; error: string } | { status: 'sending' };
}

/**
 * A gateway's e-mail routes over an in-memory mailbox (newest first): list (with limit), send
 * (the spec's success text, preview of 100 characters), mark read and delete.
 */
export function mailboxHandlers(box: FakeMailbox) {
  const find = (id: unknown) => box.emails.find((e) => e.id === id);
  const notFound = () =>
    HttpResponse.json({ success: false, error: 'Email não encontrado', code: 'NOT_FOUND' }, { status: 404 });
  return [
    http.get('/api/emails', ({ request }) => {
      const url = new URL(request.url);
      box.calls.push(`GET ${url.pathname}${url.search}`);
      const limit = url.searchParams.get('limit');
      return HttpResponse.json({
        success: true,
        emails: limit ? box.emails.slice(0, Number(limit)) : box.emails,
      });
    }),
    http.post('/api/emails', async ({ request }) => {
      box.calls.push('POST /api/emails');
      const body = (await request.json()) as Record<string, unknown>;
      box.sent.push(body);
      const content = String(body.content).trim();
      const saved = email(1000 + box.sent.length, {
        id: `sent${box.sent.length}`,
        direction: 'sent',
        sender: 'u_ana',
        senderName: 'Ana Souza',
        authorId: 'u_ana',
        to: String(body.to)
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean),
        cc: typeof body.cc === 'string' ? body.cc.split(',').map((a) => a.trim()) : [],
        subject: String(body.subject).trim(),
        content,
        preview: content.slice(0, 100),
        priority: (body.priority as Email['priority']) ?? 'medium',
        kind: (body.kind as Email['kind']) ?? 'new',
        inReplyTo: (body.inReplyTo as string) ?? null,
        timestamp: new Date().toISOString(),
        status: 'sending',
        error: null,
      });
      box.emails = [saved, ...box.emails];
      return HttpResponse.json({ success: true, email: saved, message: 'Enviando…' }, { status: 201 });
    }),
    http.get('/api/emails/:id', ({ params }) => {
      box.calls.push(`GET /api/emails/${String(params.id)}`);
      const found = find(params.id);
      if (!found) return notFound();
      const outcome = box.outcome ?? { status: 'sent' };
      if (found.status === 'sending') {
        found.status = outcome.status;
        found.error = outcome.status === 'failed' ? outcome.error : null;
      }
      return HttpResponse.json({ success: true, email: found });
    }),
    http.post('/api/emails/:id/read', ({ params }) => {
      box.calls.push(`POST /api/emails/${String(params.id)}/read`);
      const found = find(params.id);
      if (!found) return notFound();
      found.isUnread = false;
      return HttpResponse.json({ success: true, email: found });
    }),
    http.delete('/api/emails/:id', ({ params }) => {
      box.calls.push(`DELETE /api/emails/${String(params.id)}`);
      if (!find(params.id)) return notFound();
      box.emails = box.emails.filter((e) => e.id !== params.id);
      return HttpResponse.json({ success: true, message: 'Email excluído com sucesso!' });
    }),
  ];
}
