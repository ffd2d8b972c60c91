import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { FileMediaStore, SqliteCheckpointStore, createSqliteEventStore } from '@atende/event-store';
import {
  atendeRegistry,
  handleCommand,
  streams,
  workspaceDecider,
  type EmailEvent,
  type EventStore,
  type StoredEvent,
  type WorkspaceCommand,
} from '@atende/events';
import { freePort } from '@atende/events/testing';
import { startEmailInboxes, type EmailInboxes } from './email-inboxes.js';
import { emailMediaFolder } from './email-media-folder.js';
import {
  deliver,
  emailCardConfig,
  emptyMailbox,
  greenMailAvailable,
  startGreenMail,
  type GreenMail,
  type MailAccount,
  type MailMessage,
} from './testing/greenmail.js';

const company: MailAccount = { address: 'contato@loja.test', password: 'segredo-imap' };
const customer: MailAccount = { address: 'bia@cliente.test', password: 'senha-bia' };
const WS = 'loja';
const describeMail = greenMailAvailable() ? describe : describe.skip;

describeMail('e-mail inboxes against GreenMail (real IMAP)', () => {
  let mail: GreenMail;
  let store: EventStore;
  let dir: string;
  let checkpoints: SqliteCheckpointStore;
  let media: FileMediaStore;
  let inboxes: EmailInboxes | undefined;
  const logger = pino({ level: 'silent' });

  beforeAll(async () => {
    mail = await startGreenMail([company, customer]);
  }, 60_000);
  afterAll(async () => mail?.stop());

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'atende-inboxes-'));
    store = createSqliteEventStore({ filename: ':memory:', pollIntervalMs: 5 });
    checkpoints = new SqliteCheckpointStore(path.join(dir, 'consumers.db'));
    media = new FileMediaStore({ root: path.join(dir, 'media') });
    await emptyMailbox(mail, company);
    await workspace({
      type: 'CreateWorkspace',
      data: { workspaceId: WS, name: 'Loja', ownerId: 'u1', trialStartedAt: new Date().toISOString() },
    });
  });
  afterEach(async () => {
    await inboxes?.stop();
    inboxes = undefined;
    await store.close();
    await checkpoints.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function workspace(command: WorkspaceCommand) {
    await handleCommand(
      { store, registry: atendeRegistry },
      workspaceDecider,
      streams.workspace(WS),
      command,
      {
        workspaceId: WS,
        actorId: 'u1',
      },
    );
  }

  /** The Email card with the IMAP Server (GreenMail's, or another port). */
  async function configure(imapPort = mail.imapPort) {
    await workspace({
      type: 'ConfigureIntegration',
      data: {
        integrationType: 'email',
        config: { ...emailCardConfig(mail, company), 'IMAP Server': `127.0.0.1:${imapPort}` },
      },
    });
  }

  /** The customer writes to the company through the mail server (SMTP), as any mail client would. */
  let sent = 0;
  async function customerWrites(subject: string, extra: MailMessage = {}): Promise<string> {
    sent += 1;
    const messageId = `<bia-${sent}-${Date.now()}@cliente.test>`;
    await deliver(mail, {
      from: `Bia Souza <${customer.address}>`,
      to: company.address,
      subject,
      text: `Olá, ${subject.toLowerCase()}`,
      messageId,
      ...extra,
    });
    return messageId;
  }

  async function received(): Promise<StoredEvent<EmailEvent>[]> {
    const all: StoredEvent[] = [];
    for await (const event of store.readAll(1)) all.push(event);
    return all.filter((e) => e.type === 'EmailReceived') as StoredEvent<EmailEvent>[];
  }

  async function until<T>(probe: () => Promise<T | undefined>, what: string, ms = 15_000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const subjects = async () => (await received()).map((e) => (e.data as { subject: string }).subject).sort();
  const whenSubjects = (expected: string[]) =>
    until(async () => {
      const now = await subjects();
      return now.length >= expected.length ? now : undefined;
    }, expected.join(', '));

  const start = (asOf: number, workspaceIds: string[] = [WS]) =>
    startEmailInboxes({
      store,
      logger,
      checkpoints,
      media,
      connected: async () => ({ workspaceIds, asOf }),
      // Only IDLE can bring a mail in within the test's waits.
      pollMs: 60_000,
    });

  it('reads the mailbox into the log once: headers, thread, HTML as text; new mails as they arrive; a restart doubles nothing', async () => {
    await configure();
    const first = await customerWrites('Dúvida sobre o pedido', {
      inReplyTo: '<pedido-1@loja.test>',
      references: ['<pedido-1@loja.test>'],
      cc: 'marido@cliente.test',
      priority: 'high',
    });
    await customerWrites('Só HTML', {
      text: undefined,
      html: '<p>Olá <b>equipe</b></p><script>alert(1)</script>',
    });
    inboxes = await start(await store.lastGlobalPosition());
    expect(await whenSubjects(['Dúvida sobre o pedido', 'Só HTML'])).toEqual([
      'Dúvida sobre o pedido',
      'Só HTML',
    ]);
    const [question] = (await received()).filter(
      (e) => (e.data as { subject: string }).subject !== 'Só HTML',
    );
    expect(question!.data).toMatchObject({
      sender: `"Bia Souza" <${customer.address}>`,
      content: 'Olá, dúvida sobre o pedido',
      messageId: first,
      to: [company.address],
      cc: ['marido@cliente.test'],
      references: ['<pedido-1@loja.test>'],
      priority: 'high',
      hasAttachments: false,
    });
    expect(question!.metadata.workspaceId).toBe(WS);
    const html = (await received()).find((e) => (e.data as { subject: string }).subject === 'Só HTML')!;
    expect((html.data as { content: string }).content).toContain('Olá equipe');
    expect((html.data as { content: string }).content).not.toMatch(/<|alert/);

    // While connected: a new mail comes in through IDLE (the poll is a minute away).
    await customerWrites('Chegou agora', {
      attachments: [{ filename: 'nota.txt', content: 'nota fiscal' }],
    });
    await whenSubjects(['Chegou agora', 'Dúvida sobre o pedido', 'Só HTML']);
    const withAttachment = (await received()).find(
      (e) => (e.data as { subject: string }).subject === 'Chegou agora',
    )!;
    expect(withAttachment.data).toMatchObject({
      hasAttachments: true,
      attachments: [
        {
          mediaId: expect.stringMatching(new RegExp(`^${emailMediaFolder(WS)}/em_[0-9a-f]{24}-0\\.txt$`)),
          filename: 'nota.txt',
          contentType: 'text/plain',
          size: 11,
        },
      ],
    });
    const [file] = (withAttachment.data as { attachments: { mediaId: string }[] }).attachments;
    expect((await media.get(WS, file!.mediaId))?.bytes.toString()).toBe('nota fiscal');
    expect(await media.get('outra', file!.mediaId)).toBeUndefined();

    // Stopped, a mail arrives; the next start reads it, and only it.
    const fileId = file!.mediaId;
    await inboxes.stop();
    await customerWrites('Enquanto parado');
    inboxes = await start(await store.lastGlobalPosition());
    await whenSubjects(['Chegou agora', 'Dúvida sobre o pedido', 'Enquanto parado', 'Só HTML']);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await subjects()).toEqual(['Chegou agora', 'Dúvida sobre o pedido', 'Enquanto parado', 'Só HTML']);

    // Read again from the start (its UID checkpoint lost): still one e-mail per mail.
    await inboxes.stop();
    await checkpoints.close();
    rmSync(path.join(dir, 'consumers.db'), { force: true });
    checkpoints = new SqliteCheckpointStore(path.join(dir, 'consumers.db'));
    inboxes = await start(await store.lastGlobalPosition());
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await subjects()).toHaveLength(4);

    // The workspace's data deleted: its mailbox stops and the files its mails brought in go.
    await workspace({
      type: 'DeleteWorkspaceData',
      data: { deletedBy: 'u1', confirmation: 'EXCLUIR', memberIds: ['u1'], channelSessionIds: [] },
    });
    await until(async () => (inboxes!.mailboxOf(WS) ? undefined : true), 'the mailbox to stop');
    await until(async () => ((await media.get(WS, fileId)) ? undefined : true), 'the files to go');
  }, 60_000);

  // GreenMail takes any IMAP password too: the failing server here is one that is not there.
  it('follows the card: saved later → read; disconnected → stopped; an unreachable server is retried, never thrown', async () => {
    inboxes = await start(await store.lastGlobalPosition(), []);
    expect(inboxes.mailboxOf(WS)).toBeUndefined();
    await configure(await freePort());
    const refused = await until(async () => inboxes!.mailboxOf(WS)?.lastError, 'the failed connection');
    expect(refused).toMatch(/ECONNREFUSED|connect/i);
    expect(await received()).toEqual([]);
    // The Email card says so (once, however often it is retried).
    const health = await until(async () => {
      const found = (await store.readStream(streams.workspace(WS))).filter(
        (e) => e.type === 'IntegrationHealthReported',
      );
      return found.length > 0 ? found : undefined;
    }, 'the card to be told');
    await new Promise((resolve) => setTimeout(resolve, 2_500)); // a retry or two later
    expect(
      (await store.readStream(streams.workspace(WS))).filter((e) => e.type === 'IntegrationHealthReported'),
    ).toHaveLength(1);
    expect(health[0]!.data).toMatchObject({
      integrationType: 'email',
      server: 'imap',
      reachable: false,
      error: expect.stringMatching(/^Servidor IMAP inacessível \(127\.0\.0\.1:\d+\): /),
    });

    await configure();
    await customerWrites('Depois de configurar');
    expect(await whenSubjects(['Depois de configurar'])).toEqual(['Depois de configurar']);

    await workspace({ type: 'DisconnectIntegration', data: { integrationType: 'email' } });
    await until(async () => (inboxes!.mailboxOf(WS) ? undefined : true), 'the mailbox to stop');
  }, 60_000);
});
