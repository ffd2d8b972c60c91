import { loadConfig } from '@atende/config';
import { atendeRegistry, emailDecider, handleCommand, newId, streams } from '@atende/events';
import { pino } from 'pino';
import type { Locator, Page } from 'playwright-core';
import { startEmbedded } from '@atende/gateway';
import {
  emailCardConfig,
  greenMailAvailable,
  readMailbox,
  startGreenMail,
  type GreenMail,
  type MailAccount,
} from '@atende/channel-worker/testing';
import { BrowserHarness, describeWithBrowser } from './browser-harness.js';
import { webDist } from './web-build.js';

interface ApiEmail {
  id: string;
  subject: string;
  content: string;
  isUnread: boolean;
  to: string[];
  cc: string[];
  kind: string;
  inReplyTo: string | null;
  priority: string;
}

const company: MailAccount = { address: 'contato@demo-atende.test', password: 'senha-smtp' };
const anaBox: MailAccount = { address: 'ana@cliente.com', password: 'senha-ana' };
const carlosBox: MailAccount = { address: 'carlos@cliente.com', password: 'senha-carlos' };
const financeiroBox: MailAccount = { address: 'financeiro@empresa.com', password: 'senha-fin' };

// The Emails column in Chromium against the embedded product and a real mail server (GreenMail): a
// customer's e-mail arrives, the agent composes one, opens, replies, forwards, deletes; each one is
// in its recipient's mailbox, and a reload shows what the event log kept.
(greenMailAvailable() ? describeWithBrowser : describe.skip)('emails journey', () => {
  let browser: BrowserHarness;
  let cookie: string;
  let mail: GreenMail;
  beforeAll(async () => {
    mail = await startGreenMail([company, anaBox, carlosBox, financeiroBox]);
    browser = await BrowserHarness.start({ email: true });
    cookie = await browser.gateway.loginDemo();
    const saved = await browser.gateway.request('PUT', '/api/integrations/email', {
      cookie,
      body: { config: emailCardConfig(mail, company) },
    });
    expect(saved.status).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await browser?.stop();
    await mail?.stop();
  });

  /** An e-mail arriving in the demo workspace (as a mail connector would record it). */
  async function customerEmails(data: {
    sender: string;
    subject: string;
    content: string;
    priority: 'high' | 'medium' | 'low';
    hasAttachments?: boolean;
  }): Promise<string> {
    const emailId = newId();
    const result = await handleCommand(
      { store: browser.gateway.atende.store, registry: atendeRegistry },
      emailDecider,
      streams.email(emailId),
      { type: 'ReceiveEmail', data: { emailId, ...data, receivedAt: new Date().toISOString() } },
      { workspaceId: browser.gateway.atende.demo.workspaceId, actorId: 'test' },
    );
    await browser.gateway.atende.projector.waitForPosition(Math.max(...result.globalPositions));
    return emailId;
  }

  const apiEmails = async () =>
    (await browser.gateway.request<{ emails: ApiEmail[] }>('GET', '/api/emails', { cookie })).body.emails;

  const column = (page: Page) => page.getByRole('region', { name: 'Emails' });
  const itemNames = async (list: Locator) =>
    list.getByRole('listitem').evaluateAll((items) => items.map((li) => li.getAttribute('aria-label')));

  async function send(page: Page, dialog: Locator) {
    await dialog.getByRole('button', { name: 'Enviar Email' }).click();
    await page.getByRole('status').filter({ hasText: 'Email enviado com sucesso!' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
  }

  it('compose, open, reply, forward, delete; a reload and a restart keep the rest', async () => {
    const carlosId = await customerEmails({
      sender: 'Carlos Lima <carlos@cliente.com>',
      subject: 'Dúvida sobre a entrega',
      content: 'Olá! Qual o prazo de entrega para São Paulo?\nObrigado',
      priority: 'high',
      hasAttachments: true,
    });

    const page = await browser.newPage();
    await browser.signIn(page);
    await page.getByRole('heading', { name: 'Olá, Demo!' }).waitFor();

    // The customer's e-mail is in the column: unread, high priority, with an attachment.
    const emails = column(page);
    const carlos = emails.getByRole('listitem', {
      name: 'Carlos Lima <carlos@cliente.com>: Dúvida sobre a entrega',
    });
    await carlos.waitFor();
    await carlos.getByText('Não lido', { exact: true }).waitFor({ state: 'attached' });
    await carlos.getByTitle('Prioridade Alta').waitFor();
    await carlos.getByText('Com anexo', { exact: true }).waitFor({ state: 'attached' });

    // Compose: 'Enviar Email' stays inert until Para, Assunto and Conteúdo are filled in.
    await emails.getByRole('button', { name: 'Novo email' }).click();
    const compose = page.getByRole('dialog', { name: 'Novo email' });
    const sendButton = compose.getByRole('button', { name: 'Enviar Email' });
    await compose.getByLabel('Para').fill('ana@cliente.com');
    await compose.getByLabel('Assunto').fill('Proposta comercial');
    expect(await sendButton.isDisabled()).toBe(true);
    await compose.getByLabel('Conteúdo').fill('Segue a proposta do plano Professional.');
    await compose.getByLabel('Prioridade').selectOption({ label: 'Alta' });
    await send(page, compose);
    const proposal = emails.getByRole('listitem', { name: /: Proposta comercial$/ });
    await proposal.waitFor();
    await proposal.getByTitle('Prioridade Alta').waitFor();

    // Opening the customer's e-mail shows it and marks it read (recorded on the server).
    await emails
      .getByRole('button', { name: 'Carlos Lima <carlos@cliente.com>: Dúvida sobre a entrega' })
      .click();
    const view = page.getByRole('dialog', { name: 'Dúvida sobre a entrega' });
    await view.getByText('Qual o prazo de entrega para São Paulo?', { exact: false }).waitFor();
    await view
      .getByText(/de 20\d\d/)
      .first()
      .waitFor();
    await carlos.getByText('Não lido', { exact: true }).waitFor({ state: 'detached' });
    expect(await browser.gateway.streamTypes(`email-${carlosId}`)).toEqual(['EmailReceived', 'EmailRead']);

    // Responder: Para = the sender, 'Re: …', the original quoted below the caret.
    await view.getByRole('button', { name: 'Responder', exact: true }).click();
    const reply = page.getByRole('dialog', { name: 'Responder email' });
    expect(await reply.getByLabel('Para').inputValue()).toBe('carlos@cliente.com');
    expect(await reply.getByLabel('Assunto').inputValue()).toBe('Re: Dúvida sobre a entrega');
    expect(await reply.getByLabel('Conteúdo').inputValue()).toContain(
      '> Olá! Qual o prazo de entrega para São Paulo?\n> Obrigado',
    );
    await page.keyboard.type('O prazo é de 3 dias úteis.');
    await send(page, reply);
    await emails.getByRole('listitem', { name: /: Re: Dúvida sobre a entrega$/ }).waitFor();
    const [sentReply] = await apiEmails();
    expect(sentReply).toMatchObject({
      subject: 'Re: Dúvida sobre a entrega',
      to: ['carlos@cliente.com'],
      kind: 'reply',
      inReplyTo: carlosId,
    });
    expect(sentReply!.content).toMatch(
      /^O prazo é de 3 dias úteis\.\n\nEm .+, Carlos Lima <carlos@cliente.com> escreveu:\n> Olá!/,
    );

    // Encaminhar the proposal: Para empty, 'Fwd: …', the original quoted.
    await emails.getByRole('button', { name: /: Proposta comercial$/ }).click();
    const proposalView = page.getByRole('dialog', { name: 'Proposta comercial' });
    await proposalView.getByRole('button', { name: 'Encaminhar' }).click();
    const forward = page.getByRole('dialog', { name: 'Encaminhar email' });
    expect(await forward.getByLabel('Para').inputValue()).toBe('');
    expect(await forward.getByLabel('Assunto').inputValue()).toBe('Fwd: Proposta comercial');
    expect(await forward.getByLabel('Conteúdo').inputValue()).toContain(
      '> Segue a proposta do plano Professional.',
    );
    expect(await forward.getByRole('button', { name: 'Enviar Email' }).isDisabled()).toBe(true);
    await forward.getByLabel('Para').fill('financeiro@empresa.com');
    await send(page, forward);
    await emails.getByRole('listitem', { name: /: Fwd: Proposta comercial$/ }).waitFor();

    // Excluir the reply, after the confirmation: gone from the column.
    await emails.getByRole('button', { name: /: Re: Dúvida sobre a entrega$/ }).click();
    const replyView = page.getByRole('dialog', { name: 'Re: Dúvida sobre a entrega' });
    await replyView.getByRole('button', { name: 'Excluir' }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir email' });
    await confirm.getByText('Tem certeza que deseja excluir este email?').waitFor();
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await replyView.waitFor({ state: 'detached' });
    await emails
      .getByRole('listitem', { name: /: Re: Dúvida sobre a entrega$/ })
      .waitFor({ state: 'detached' });

    const expected = [
      /: Fwd: Proposta comercial$/,
      /: Proposta comercial$/,
      /^Carlos Lima <carlos@cliente.com>: Dúvida sobre a entrega$/,
    ];
    const check = (names: (string | null)[]) => {
      expect(names).toHaveLength(expected.length);
      expected.forEach((pattern, i) => expect(names[i]).toMatch(pattern));
    };
    check(await itemNames(emails.getByRole('list')));

    // The server recorded what the screen showed.
    const recorded = await apiEmails();
    expect(recorded.map((e) => e.subject)).toEqual([
      'Fwd: Proposta comercial',
      'Proposta comercial',
      'Dúvida sobre a entrega',
    ]);
    expect(recorded[0]).toMatchObject({
      to: ['financeiro@empresa.com'],
      kind: 'forward',
      priority: 'medium',
    });
    expect(recorded[0]!.inReplyTo).toBe(recorded[1]!.id);
    expect(recorded[1]).toMatchObject({ to: ['ana@cliente.com'], kind: 'new', priority: 'high' });
    expect(recorded[2]).toMatchObject({ id: carlosId, isUnread: false });

    // Each one reached its recipient's mailbox on the mail server, once.
    const subjects = async (account: MailAccount) => (await readMailbox(mail, account)).map((m) => m.subject);
    expect(await subjects(anaBox)).toEqual(['Proposta comercial']);
    expect(await subjects(carlosBox)).toEqual(['Re: Dúvida sobre a entrega']);
    expect(await subjects(financeiroBox)).toEqual(['Fwd: Proposta comercial']);
    const [forwarded] = await readMailbox(mail, financeiroBox);
    expect(forwarded!.text).toContain('> Segue a proposta do plano Professional.');
    expect(forwarded!.from).toContain(company.address);

    // A reload keeps the remaining e-mails, read state and all; 'Ver todos' lists the same.
    await page.reload();
    await page.getByRole('heading', { name: 'Olá, Demo!' }).waitFor();
    await emails.getByRole('listitem', { name: /: Fwd: Proposta comercial$/ }).waitFor();
    check(await itemNames(emails.getByRole('list')));
    expect(await carlos.getByText('Não lido', { exact: true }).count()).toBe(0);
    await emails.getByRole('button', { name: 'Ver todos' }).click();
    const all = page.getByRole('dialog', { name: 'Todos os emails' });
    await all.getByText('3 email(s)').waitFor();
    check(await itemNames(all.getByRole('list')));
    await all.getByRole('searchbox', { name: 'Buscar emails' }).fill('entrega');
    await all.getByText('1 email(s)').waitFor();
    await page.keyboard.press('Escape');
    await all.waitFor({ state: 'detached' });
    expect(page.errors).toEqual([]);

    // A restart on the same data folder rebuilds the read models from the log: the same e-mails.
    await browser.gateway.atende.stop();
    const restarted = await startEmbedded(
      loadConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: browser.gateway.dataDir,
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR: webDist,
      }),
      pino({ level: 'silent' }),
    );
    try {
      // The session cookie is kept on disk and cookies do not depend on the port.
      await page.goto(`${restarted.url}/dashboard`);
      await page.getByRole('heading', { name: 'Olá, Demo!' }).waitFor();
      await emails.getByRole('listitem', { name: /: Fwd: Proposta comercial$/ }).waitFor();
      check(await itemNames(emails.getByRole('list')));
      expect(await carlos.getByText('Não lido', { exact: true }).count()).toBe(0);
      expect(page.errors).toEqual([]);
    } finally {
      await page.close();
      await restarted.stop();
    }
    // A guard, not a budget: alone the journey takes ≈12 s; beside the full suite's heaviest suites
    // (Kafka, the distributed roles) it took over 30 s, once over 90 s (two stops and a restart of Atende).
  }, 180_000);
});
