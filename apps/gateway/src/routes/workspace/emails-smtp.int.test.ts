import {
  deliver,
  emailCardConfig,
  greenMailAvailable,
  readMailbox,
  startGreenMail,
  type GreenMail,
  type MailAccount,
} from '@atende/channel-worker/testing';
import { freePort } from '@atende/events/testing';
import { GatewayHarness } from '../../testing/harness.js';
import type { EmailView } from './emails-routes.js';
import { signInEveryone, type Cookies } from './testing.js';

type EmailAnswer = { success: boolean; email: EmailView; message?: string };

const company: MailAccount = { address: 'atendimento@minha-empresa.test', password: 'senha-smtp' };
const customer: MailAccount = { address: 'carla@cliente.test', password: 'senha-carla' };
const describeMail = greenMailAvailable() ? describe : describe.skip;

// The e-mail channel of the product against a real mail server: the Email card saved through the
// API; POST /api/emails, the embedded outbox, nodemailer, GreenMail's SMTP, read back over IMAP; and
// the customer's answers, read from the card's mailbox (IMAP) into GET /api/emails.
describeMail('e-mails through the API and a real mail server (GreenMail)', () => {
  let gw: GatewayHarness;
  let c: Cookies;
  let mail: GreenMail;

  beforeAll(async () => {
    mail = await startGreenMail([company, customer]);
    gw = await GatewayHarness.start({ email: true, channel: false });
    c = await signInEveryone(gw, 'smtp');
  }, 90_000);
  afterAll(async () => {
    await gw?.stop();
    await mail?.stop();
  });

  async function statusOf(id: string, until: (e: EmailView) => boolean): Promise<EmailView> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const res = await gw.request<EmailAnswer>('GET', `/api/emails/${id}`, { cookie: c.owner });
      if (until(res.body.email) || Date.now() > deadline) return res.body.email;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('fails an e-mail while the Email card is not configured, saying what to fill in', async () => {
    const res = await gw.request<EmailAnswer>('POST', '/api/emails', {
      cookie: c.agent,
      body: { to: customer.address, subject: 'Sem integração', content: 'Teste' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ message: 'Enviando…', email: { status: 'sending' } });
    const settled = await statusOf(res.body.email.id, (e) => e.status !== 'sending');
    expect(settled).toMatchObject({
      status: 'failed',
      error: 'Integração de Email não configurada: informe SMTP Server, Email e Password em Integrações',
    });
  });

  it('sends what an agent writes once the card is saved; a reply carries the thread', async () => {
    const saved = await gw.request('PUT', '/api/integrations/email', {
      cookie: c.owner,
      body: { config: emailCardConfig(mail, company) },
    });
    expect(saved.status).toBe(200);
    const bad = await gw.request<{ success: boolean; error: string }>('PUT', '/api/integrations/email', {
      cookie: c.owner,
      body: { config: { 'SMTP Server': 'smtp.loja.com:0', TLS: 'talvez' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Valor inválido para SMTP Server: use host ou host:porta');

    const first = await gw.request<EmailAnswer>('POST', '/api/emails', {
      cookie: c.agent,
      body: { to: customer.address, subject: 'Orçamento', content: 'Olá Carla,\nsegue o orçamento.' },
    });
    const sent = await statusOf(first.body.email.id, (e) => e.status !== 'sending');
    expect(sent).toMatchObject({ status: 'sent', error: null });
    const reply = await gw.request<EmailAnswer>('POST', '/api/emails', {
      cookie: c.agent,
      body: {
        to: customer.address,
        subject: 'Re: Orçamento',
        content: 'Esqueci o anexo.',
        kind: 'reply',
        inReplyTo: first.body.email.id,
      },
    });
    expect((await statusOf(reply.body.email.id, (e) => e.status !== 'sending')).status).toBe('sent');

    const inbox = await readMailbox(mail, customer);
    expect(inbox.map((m) => m.subject)).toEqual(['Orçamento', 'Re: Orçamento']);
    const [original, answer] = inbox;
    expect(original).toMatchObject({
      to: customer.address,
      text: 'Olá Carla,\nsegue o orçamento.',
      messageId: `<${first.body.email.id}@minha-empresa.test>`,
    });
    expect(original!.from).toContain(`<${company.address}>`);
    expect(answer).toMatchObject({ inReplyTo: original!.messageId, references: original!.messageId });
  }, 60_000);

  it("reads the customer's answer from the card's mailbox into the Emails panel, once; replying keeps the thread", async () => {
    const saved = await gw.request('PUT', '/api/integrations/email', {
      cookie: c.owner,
      body: { config: { ...emailCardConfig(mail, company), 'IMAP Server': `127.0.0.1:${mail.imapPort}` } },
    });
    expect(saved.status).toBe(200);
    const [ours] = await readMailbox(mail, customer);
    await deliver(mail, {
      from: `Carla Dias <${customer.address}>`,
      to: company.address,
      subject: 'Re: Orçamento',
      text: 'Pode fechar!',
      messageId: '<carla-1@cliente.test>',
      inReplyTo: ours!.messageId,
      references: [ours!.messageId!],
      attachments: [{ filename: 'pedido.txt', content: 'pedido assinado', contentType: 'text/plain' }],
    });
    const list = async () =>
      (await gw.request<{ emails: EmailView[] }>('GET', '/api/emails', { cookie: c.agent })).body.emails;
    const deadline = Date.now() + 20_000;
    let answers: EmailView[] = [];
    while (answers.length === 0 && Date.now() < deadline) {
      answers = (await list()).filter((e) => e.direction === 'received');
      if (answers.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({
      status: 'received',
      isUnread: true,
      senderName: `"Carla Dias" <${customer.address}>`,
      subject: 'Re: Orçamento',
      content: 'Pode fechar!',
      to: [company.address],
      attachments: [{ filename: 'pedido.txt', contentType: 'text/plain', size: 15, url: expect.any(String) }],
    });
    // Its file, from the media store (sealed there), to members of the workspace only.
    const fileUrl = answers[0]!.attachments[0]!.url;
    const file = await gw.request<string>('GET', fileUrl, { cookie: c.agent });
    expect([file.status, file.body]).toEqual([200, 'pedido assinado']);
    expect((await gw.request('GET', fileUrl, { cookie: c.foreign })).status).toBe(404);

    const reply = await gw.request<EmailAnswer>('POST', '/api/emails', {
      cookie: c.agent,
      body: {
        to: customer.address,
        subject: 'Re: Orçamento',
        content: 'Fechado, obrigado.',
        kind: 'reply',
        inReplyTo: answers[0]!.id,
      },
    });
    expect((await statusOf(reply.body.email.id, (e) => e.status !== 'sending')).status).toBe('sent');
    const thread = (await readMailbox(mail, customer)).find((m) => m.text === 'Fechado, obrigado.')!;
    expect(thread).toMatchObject({
      inReplyTo: '<carla-1@cliente.test>',
      references: [ours!.messageId, '<carla-1@cliente.test>'],
    });
    // Read again on the next poll or reconnect, the answer stays one e-mail.
    expect((await list()).filter((e) => e.direction === 'received')).toHaveLength(1);
  }, 60_000);
  it('shows on the Email card that its SMTP server cannot be reached, while the e-mail waits for it', async () => {
    const down = await freePort();
    const saved = await gw.request('PUT', '/api/integrations/email', {
      cookie: c.owner,
      body: { config: emailCardConfig({ ...mail, smtpPort: down }, company) },
    });
    expect(saved.status).toBe(200);
    const res = await gw.request<EmailAnswer>('POST', '/api/emails', {
      cookie: c.agent,
      body: { to: customer.address, subject: 'Sem servidor', content: 'Teste' },
    });
    const card = async () =>
      (
        await gw.request<{ integrations: { type: string; serverErrors: string[] }[] }>(
          'GET',
          '/api/integrations',
          {
            cookie: c.owner,
          },
        )
      ).body.integrations.find((i) => i.type === 'email')!;
    const deadline = Date.now() + 20_000;
    while ((await card()).serverErrors.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await card()).serverErrors).toEqual([
      expect.stringMatching(new RegExp(`^Servidor SMTP inacessível \\(127\\.0\\.0\\.1:${down}\\): `)),
    ]);
    // Still being tried (retries with backoff), not given up.
    const pending = await gw.request<EmailAnswer>('GET', `/api/emails/${res.body.email.id}`, {
      cookie: c.agent,
    });
    expect(pending.body.email.status).toBe('sending');
  }, 60_000);
});
