import { atendeRegistry, emailDecider, handleCommand, newId, streams } from '@atende/events';
import { GatewayHarness } from '../../testing/harness.js';
import type { EmailView } from './emails-routes.js';
import { signInEveryone, type Cookies } from './testing.js';

type EmailAnswer = { success: boolean; email: EmailView; message?: string };
type ListAnswer = { success: boolean; emails: EmailView[] };

describe('emails API', () => {
  let gw: GatewayHarness;
  let c: Cookies;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    c = await signInEveryone(gw, 'emails');
  });
  afterAll(async () => gw.stop());

  /** An e-mail arriving in a workspace (as a mail connector would record it). */
  async function receive(workspaceId = 'minha-empresa'): Promise<string> {
    const emailId = newId();
    const result = await handleCommand(
      { store: gw.atende.store, registry: atendeRegistry },
      emailDecider,
      streams.email(emailId),
      {
        type: 'ReceiveEmail',
        data: {
          emailId,
          sender: 'cliente@exemplo.com',
          subject: 'Dúvida',
          content: 'Olá, tenho uma dúvida sobre o pedido.',
          receivedAt: new Date().toISOString(),
        },
      },
      { workspaceId, actorId: 'test' },
    );
    await gw.atende.projector.waitForPosition(Math.max(...result.globalPositions));
    return emailId;
  }

  async function send(cookie: string, body: Record<string, unknown>) {
    const res = await gw.request<EmailAnswer>('POST', '/api/emails', { cookie, body });
    expect(res.status).toBe(201);
    return res.body.email;
  }

  it('records an e-mail to send: 201, sending, preview of 100 characters, read back', async () => {
    const content = 'x'.repeat(150);
    const res = await gw.request<EmailAnswer>('POST', '/api/emails', {
      cookie: c.agent,
      body: { to: 'a@b.com, c@d.com', subject: ' Proposta ', content, priority: 'high', cc: ['e@f.com'] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Enviando…',
      email: {
        status: 'sending',
        error: null,
        direction: 'sent',
        to: ['a@b.com', 'c@d.com'],
        cc: ['e@f.com'],
        subject: 'Proposta',
        content,
        preview: 'x'.repeat(100),
        priority: 'high',
        kind: 'new',
        isUnread: false,
        inReplyTo: null,
      },
    });
    expect(res.body.email.senderName).toMatch(/^agente /);
    const { id } = res.body.email;
    expect(await gw.streamTypes(`email-${id}`)).toEqual(['EmailSent']);
    const read = await gw.request<EmailAnswer>('GET', `/api/emails/${id}`, { cookie: c.owner });
    expect(read.status).toBe(200);
    expect(read.body.email).toEqual(res.body.email);
    const list = await gw.request<ListAnswer>('GET', '/api/emails', { cookie: c.owner });
    expect(list.body.emails[0]!.id).toBe(id);
  });

  it('replies to an e-mail of the workspace; a reply to an unknown one is 404', async () => {
    const original = await send(c.owner, { to: 'a@b.com', subject: 'Oi', content: 'Tudo bem?' });
    const reply = await send(c.owner, {
      to: 'a@b.com',
      subject: 'Re: Oi',
      content: 'Sim',
      kind: 'reply',
      inReplyTo: original.id,
    });
    expect(reply).toMatchObject({ kind: 'reply', inReplyTo: original.id, priority: 'medium' });
    const before = await gw.lastPosition();
    const res = await gw.request('POST', '/api/emails', {
      cookie: c.owner,
      body: { to: 'a@b.com', subject: 'Re', content: 'x', inReplyTo: newId() },
    });
    expect(res.status).toBe(404);
    expect(await gw.lastPosition()).toBe(before);
  });

  it('marks a received e-mail read', async () => {
    const id = await receive();
    const unread = await gw.request<EmailAnswer>('GET', `/api/emails/${id}`, { cookie: c.agent });
    expect(unread.body.email).toMatchObject({
      isUnread: true,
      direction: 'received',
      sender: 'cliente@exemplo.com',
    });
    const res = await gw.request<EmailAnswer>('POST', `/api/emails/${id}/read`, { cookie: c.agent });
    expect(res.status).toBe(200);
    expect(res.body.email.isUnread).toBe(false);
    const read = await gw.request<EmailAnswer>('GET', `/api/emails/${id}`, { cookie: c.owner });
    expect(read.body.email.isUnread).toBe(false);
    expect(await gw.streamTypes(`email-${id}`)).toEqual(['EmailReceived', 'EmailRead']);
    // Again: nothing more to record.
    expect((await gw.request('POST', `/api/emails/${id}/read`, { cookie: c.agent })).status).toBe(200);
    expect(await gw.streamTypes(`email-${id}`)).toEqual(['EmailReceived', 'EmailRead']);
  });

  it('deletes an e-mail', async () => {
    const email = await send(c.owner, { to: 'a@b.com', subject: 'Apagar', content: 'x' });
    const res = await gw.request('DELETE', `/api/emails/${email.id}`, { cookie: c.owner });
    expect(res.status).toBe(200);
    const read = await gw.request('GET', `/api/emails/${email.id}`, { cookie: c.owner });
    expect(read.status).toBe(404);
    expect(read.body).toEqual({ success: false, error: 'Email não encontrado', code: 'NOT_FOUND' });
    const list = await gw.request<ListAnswer>('GET', '/api/emails', { cookie: c.owner });
    expect(list.body.emails.some((e) => e.id === email.id)).toBe(false);
  });

  it("keeps another workspace's e-mails invisible and untouchable (404, nothing written)", async () => {
    const mine = await receive();
    const theirs = await send(c.foreign, { to: 'x@y.com', subject: 'Deles', content: 'outra empresa' });
    const foreignList = await gw.request<ListAnswer>('GET', '/api/emails', { cookie: c.foreign });
    expect(foreignList.body.emails.map((e) => e.id)).toEqual([theirs.id]);
    const myList = await gw.request<ListAnswer>('GET', '/api/emails', { cookie: c.owner });
    expect(myList.body.emails.some((e) => e.id === theirs.id)).toBe(false);

    const before = await gw.lastPosition();
    for (const [method, path] of [
      ['GET', `/api/emails/${mine}`],
      ['POST', `/api/emails/${mine}/read`],
      ['DELETE', `/api/emails/${mine}`],
    ] as const) {
      expect((await gw.request(method, path, { cookie: c.foreign })).status).toBe(404);
    }
    const reply = await gw.request('POST', '/api/emails', {
      cookie: c.foreign,
      body: { to: 'x@y.com', subject: 'Re', content: 'x', inReplyTo: mine },
    });
    expect(reply.status).toBe(404);
    expect(await gw.lastPosition()).toBe(before);
    const still = await gw.request<EmailAnswer>('GET', `/api/emails/${mine}`, { cookie: c.owner });
    expect(still.body.email.isUnread).toBe(true);
  });

  it('answers 401 without a session', async () => {
    const before = await gw.lastPosition();
    expect((await gw.request('GET', '/api/emails')).status).toBe(401);
    expect(
      (await gw.request('POST', '/api/emails', { body: { to: 'a@b.com', subject: 's', content: 'c' } }))
        .status,
    ).toBe(401);
    expect(await gw.lastPosition()).toBe(before);
  });

  it.each([
    [
      'a blank subject',
      { to: 'a@b.com', subject: ' ', content: 'c' },
      'EMAIL_REQUIRED_FIELDS',
      'Preencha Para, Assunto e Conteúdo',
    ],
    ['no recipient', { to: '', subject: 's', content: 'c' }, 'EMAIL_REQUIRED_FIELDS', undefined],
    [
      'a malformed address',
      { to: 'não-é-email', subject: 's', content: 'c' },
      'INVALID_EMAIL',
      'Email inválido',
    ],
    ['a missing content', { to: 'a@b.com', subject: 's' }, 'VALIDATION_ERROR', undefined],
    [
      'an unknown field',
      { to: 'a@b.com', subject: 's', content: 'c', sender: 'x' },
      'VALIDATION_ERROR',
      undefined,
    ],
    [
      'a bad priority',
      { to: 'a@b.com', subject: 's', content: 'c', priority: 'urgente' },
      'VALIDATION_ERROR',
      undefined,
    ],
    ['a number for to', { to: 42, subject: 's', content: 'c' }, 'VALIDATION_ERROR', undefined],
  ])('refuses %s with 400, writing nothing', async (_label, body, code, error) => {
    const before = await gw.lastPosition();
    const res = await gw.request('POST', '/api/emails', { cookie: c.owner, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code, ...(error ? { error } : {}) });
    expect(await gw.lastPosition()).toBe(before);
  });

  it('refuses malformed ids, queries and action bodies with 400', async () => {
    const id = await receive();
    const before = await gw.lastPosition();
    expect((await gw.request('GET', '/api/emails?limit=0', { cookie: c.owner })).status).toBe(400);
    expect((await gw.request('GET', '/api/emails/a%20b', { cookie: c.owner })).status).toBe(400);
    expect(
      (await gw.request('POST', `/api/emails/${id}/read`, { cookie: c.owner, body: { isUnread: false } }))
        .status,
    ).toBe(400);
    expect(await gw.lastPosition()).toBe(before);
  });
});
