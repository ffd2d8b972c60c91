import pino from 'pino';
import { createSqliteEventStore } from '@atende/event-store';
import {
  atendeRegistry,
  emailDecider,
  entitlementAt,
  handleCommand,
  streams,
  workspaceDecider,
  type EventStore,
  type WorkspaceCommand,
} from '@atende/events';
import { randomUUID } from 'node:crypto';
import { redisAvailable, testRedisUrl } from '@atende/read-models';
import { BullMqQueue } from '../queue/bullmq-queue.js';
import { freePort } from '@atende/events/testing';
import { InProcessQueue } from '../queue/in-process-queue.js';
import { EMAIL_SEND_RULES, startEmailOutbox, type EmailJob, type EmailOutbox } from './email-outbox.js';
import {
  emailCardConfig,
  greenMailAvailable,
  readMailbox,
  startGreenMail,
  type GreenMail,
  type MailAccount,
} from './testing/greenmail.js';

const company: MailAccount = { address: 'contato@loja.test', password: 'segredo-smtp' };
const customer: MailAccount = { address: 'ana@cliente.test', password: 'senha-ana' };
const WS = 'loja';
const describeMail = greenMailAvailable() ? describe : describe.skip;

async function until<T>(probe: () => Promise<T | undefined>, what: string, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describeMail('e-mail outbox against GreenMail (real SMTP and IMAP)', () => {
  let mail: GreenMail;
  let store: EventStore;
  let outbox: EmailOutbox | undefined;
  const deps = () => ({ store, registry: atendeRegistry });

  beforeAll(async () => {
    mail = await startGreenMail([company, customer]);
  }, 60_000);
  afterAll(async () => mail?.stop());

  beforeEach(async () => {
    store = createSqliteEventStore({ filename: ':memory:', pollIntervalMs: 5 });
    await workspace({
      type: 'CreateWorkspace',
      data: { workspaceId: WS, name: 'Loja Teste', ownerId: 'u1', trialStartedAt: new Date().toISOString() },
    });
  });
  afterEach(async () => {
    await outbox?.stop();
    outbox = undefined;
    await store.close();
  });

  async function workspace(command: WorkspaceCommand) {
    await handleCommand(deps(), workspaceDecider, streams.workspace(WS), command, {
      workspaceId: WS,
      actorId: 'u1',
    });
  }

  async function configure(smtpPort: number) {
    await workspace({
      type: 'ConfigureIntegration',
      data: { integrationType: 'email', config: emailCardConfig({ ...mail, smtpPort }, company) },
    });
  }

  async function compose(emailId: string, data: { subject: string; references?: string[] }) {
    await handleCommand(
      deps(),
      emailDecider,
      streams.email(emailId),
      {
        type: 'SendEmail',
        data: {
          emailId,
          authorId: 'u1',
          to: customer.address,
          subject: data.subject,
          content: `Olá Ana,\nseu pedido saiu (${emailId}).`,
          messageId: `<${emailId}@loja.test>`,
          references: data.references ?? [],
          entitlement: entitlementAt(
            { plan: 'professional', trialStartedAt: new Date().toISOString(), trialDays: 7 },
            new Date(),
          ),
        },
      },
      { workspaceId: WS, actorId: 'u1' },
    );
  }

  async function outcome(
    emailId: string,
    ms?: number,
  ): Promise<{ type: string; data: Record<string, unknown> }> {
    return until(
      async () => {
        const events = await store.readStream(streams.email(emailId));
        const last = events.at(-1)!;
        return last.type === 'EmailSent'
          ? undefined
          : { type: last.type, data: last.data as Record<string, unknown> };
      },
      `the outcome of ${emailId}`,
      ms,
    );
  }

  const fastQueue = () =>
    new InProcessQueue<EmailJob>({
      attempts: 3,
      baseDelayMs: 50,
      maxDelayMs: 100,
      keyOf: (j) => j.workspaceId,
    });

  it('sends through the SMTP server: the mailbox has it once, threaded; then EmailSendAccepted', async () => {
    await configure(mail.smtpPort);
    outbox = await startEmailOutbox({ store, logger: pino({ level: 'silent' }), checkpoints: undefined });
    await compose('pedido-1', { subject: 'Seu pedido' });
    await compose('pedido-2', {
      subject: 'Re: Seu pedido',
      references: ['<cliente-1@cliente.test>', '<pedido-1@loja.test>'],
    });
    expect(await outcome('pedido-1')).toMatchObject({
      type: 'EmailSendAccepted',
      data: { response: expect.stringMatching(/^250/) },
    });
    expect(await outcome('pedido-2')).toMatchObject({ type: 'EmailSendAccepted' });
    const messages = await until(async () => {
      const found = await readMailbox(mail, customer);
      return found.length >= 2 ? found : undefined;
    }, 'the customer inbox');
    expect(messages).toHaveLength(2);
    const first = messages.find((m) => m.subject === 'Seu pedido')!;
    expect(first).toMatchObject({
      from: `"Loja Teste" <${company.address}>`,
      to: customer.address,
      messageId: '<pedido-1@loja.test>',
      text: 'Olá Ana,\nseu pedido saiu (pedido-1).',
    });
    const reply = messages.find((m) => m.subject === 'Re: Seu pedido')!;
    expect(reply).toMatchObject({
      inReplyTo: '<pedido-1@loja.test>',
      references: ['<cliente-1@cliente.test>', '<pedido-1@loja.test>'],
    });
  }, 60_000);

  it('retries while the server is down, then records the failure with the error text', async () => {
    await configure(await freePort()); // nothing listens there
    outbox = await startEmailOutbox({
      store,
      logger: pino({ level: 'silent' }),
      checkpoints: undefined,
      queue: fastQueue(),
    });
    await compose('sem-servidor', { subject: 'Teste' });
    expect(await outcome('sem-servidor')).toMatchObject({
      type: 'EmailSendFailed',
      data: { attempts: 3, error: expect.stringContaining('Servidor SMTP inacessível (127.0.0.1:') },
    });
  }, 60_000);

  it('sends once the server is back within the retries', async () => {
    const ports = { smtpPort: await freePort(), imapPort: await freePort() };
    await configure(ports.smtpPort);
    // Retries spanning ≈ 60 s: GreenMail's JVM took over 20 s to start again while the whole suite
    // ran on 2 cores (the retries ran out first). Once it answers, the next retry sends.
    const late = new InProcessQueue<EmailJob>({
      attempts: 32,
      baseDelayMs: 500,
      maxDelayMs: 2_000,
      keyOf: (j) => j.workspaceId,
    });
    outbox = await startEmailOutbox({
      store,
      logger: pino({ level: 'silent' }),
      checkpoints: undefined,
      queue: late,
    });
    await compose('servidor-volta', { subject: 'Volta' });
    await new Promise((resolve) => setTimeout(resolve, 700)); // the first attempt found nothing listening
    const second = await startGreenMail([company, customer], ports);
    try {
      expect(await outcome('servidor-volta', 75_000)).toMatchObject({ type: 'EmailSendAccepted' });
      const got = await readMailbox(second, customer);
      expect(got.map((m) => m.subject)).toEqual(['Volta']);
      // The Email card was told the server was down while it was, and that it answers again.
      const health = (await store.readStream(streams.workspace(WS)))
        .filter((e) => e.type === 'IntegrationHealthReported')
        .map((e) => e.data as { server: string; reachable: boolean; error: string | null });
      expect(health).toEqual([
        {
          integrationType: 'email',
          server: 'smtp',
          reachable: false,
          error: expect.stringContaining(`Servidor SMTP inacessível (127.0.0.1:${ports.smtpPort})`),
        },
        { integrationType: 'email', server: 'smtp', reachable: true, error: null },
      ]);
    } finally {
      await second.stop();
    }
  }, 120_000);

  // Without Redis (and without REQUIRE_INFRA=1, which fails the run at setup) this one is skipped.
  const itWithRedis = redisAvailable() ? it : it.skip;
  itWithRedis(
    'sends through a BullMQ queue in Redis (distributed mode): accepted, once, even queued twice',
    async () => {
      await configure(mail.smtpPort);
      const prefix = `atende-test-${randomUUID()}`;
      const queue = (): BullMqQueue<EmailJob> =>
        new BullMqQueue<EmailJob>({
          name: 'atende-email',
          redisUrl: testRedisUrl(),
          prefix,
          ...EMAIL_SEND_RULES,
        });
      // Two workers following the same log, each with its own handle on the one queue.
      outbox = await startEmailOutbox({
        store,
        logger: pino({ level: 'silent' }),
        checkpoints: undefined,
        queue: queue(),
        durableQueue: true,
      });
      const second = await startEmailOutbox({
        store,
        logger: pino({ level: 'silent' }),
        checkpoints: undefined,
        queue: queue(),
        durableQueue: true,
      });
      try {
        await compose('via-bullmq', { subject: 'Pela fila' });
        expect(await outcome('via-bullmq')).toMatchObject({ type: 'EmailSendAccepted' });
        await new Promise((resolve) => setTimeout(resolve, 500));
        const got = (await readMailbox(mail, customer)).filter((m) => m.subject === 'Pela fila');
        expect(got).toHaveLength(1);
        expect((await store.readStream(streams.email('via-bullmq'))).map((e) => e.type)).toEqual([
          'EmailSent',
          'EmailSendAccepted',
        ]);
      } finally {
        await second.stop();
      }
    },
    60_000,
  );

  it('fails an e-mail of a workspace without the Email integration, saying what to configure', async () => {
    outbox = await startEmailOutbox({ store, logger: pino({ level: 'silent' }), checkpoints: undefined });
    await compose('sem-integracao', { subject: 'Teste' });
    expect(await outcome('sem-integracao')).toMatchObject({
      type: 'EmailSendFailed',
      data: { attempts: 1, error: expect.stringContaining('Integração de Email não configurada') },
    });
  }, 30_000);
});
