import type { Decider } from '../core/decider.js';
import { EventRegistry } from '../core/registry.js';
import { spec } from '../testing/given-when-then.js';
import { emailPreview, messageIdFor, splitAddresses } from './addresses.js';
import type { EmailCommand } from './commands.js';
import type { EmailState } from './decider.js';
import { emailDecider } from './decider.js';
import type { EmailEvent } from './events.js';
import { emailEventDefinitions } from './events.js';
import { entitlementAt } from '../workspace/plan.js';

const registry = new EventRegistry(emailEventDefinitions);

/** The decider, checking every given and emitted event against its schema (unchanged by parsing). */
const validated: Decider<EmailCommand, EmailEvent, EmailState> = {
  initialState: emailDecider.initialState,
  decide: (command, state) =>
    emailDecider.decide(command, state).map((event) => {
      expect(registry.prepare(event, { workspaceId: 'w1' }).data).toEqual(event.data);
      return event;
    }),
  evolve: (state, event) => {
    expect(registry.prepare(event, { workspaceId: 'w1' }).data).toEqual(event.data);
    return emailDecider.evolve(state, event);
  },
};
const email = spec(validated);

const sent: EmailEvent = {
  type: 'EmailSent',
  data: {
    emailId: 'e1',
    authorId: 'u1',
    to: ['ana@cliente.com.br', 'bia@cliente.com'],
    cc: [],
    subject: 'Pedido 123',
    content: 'Seu pedido foi enviado.',
    preview: 'Seu pedido foi enviado.',
    priority: 'medium',
    kind: 'new',
    inReplyTo: null,
    messageId: '<e1@empresa.com.br>',
    references: [],
  },
};
/** An e-mail recorded before the e-mail channel sent anything (no Message-ID). */
const unsentLegacy: EmailEvent = {
  type: 'EmailSent',
  data: { ...sent.data, messageId: undefined, references: undefined },
};
const accepted: EmailEvent = { type: 'EmailSendAccepted', data: { emailId: 'e1', response: '250 OK' } };
const received: EmailEvent = {
  type: 'EmailReceived',
  data: {
    emailId: 'e2',
    sender: 'Carlos <carlos@cliente.com>',
    subject: 'Dúvida',
    content: 'Qual o prazo?',
    preview: 'Qual o prazo?',
    priority: 'high',
    hasAttachments: true,
    receivedAt: '2026-03-10T12:00:00.000Z',
  },
};
const deleted = (emailId: string): EmailEvent => ({ type: 'EmailDeleted', data: { emailId } });

const send = (data: Partial<Extract<EmailCommand, { type: 'SendEmail' }>['data']> = {}): EmailCommand => ({
  type: 'SendEmail',
  data: {
    emailId: 'e1',
    authorId: 'u1',
    to: ' ana@cliente.com.br, bia@cliente.com ,, ANA@cliente.com.br',
    subject: ' Pedido 123 ',
    content: '\nSeu pedido foi enviado.  ',
    messageId: '<e1@empresa.com.br>',
    entitlement: entitlementAt(
      { plan: null, trialStartedAt: '2026-03-01T00:00:00.000Z', trialDays: 7 },
      new Date('2026-03-02T00:00:00.000Z'),
    ),
    ...data,
  },
});
const trialEnded = entitlementAt(
  { plan: null, trialStartedAt: '2026-03-01T00:00:00.000Z', trialDays: 7 },
  new Date('2026-03-09T00:00:00.000Z'),
);
const receive = (
  data: Partial<Extract<EmailCommand, { type: 'ReceiveEmail' }>['data']> = {},
): EmailCommand => ({
  type: 'ReceiveEmail',
  data: {
    emailId: 'e2',
    sender: ' Carlos <carlos@cliente.com> ',
    subject: 'Dúvida',
    content: 'Qual o prazo?',
    priority: 'high',
    hasAttachments: true,
    receivedAt: '2026-03-10T09:00:00-03:00',
    ...data,
  },
});

describe('Email decider', () => {
  describe('SendEmail', () => {
    it('sends to trimmed, distinct addresses with trimmed subject and content', () => {
      email.given([]).when(send()).then([sent]);
    });
    it('sends nothing once the trial ended without a plan (TRIAL_ENDED)', () => {
      email
        .given([])
        .when(send({ entitlement: trialEnded }))
        .thenThrows('TRIAL_ENDED');
    });
    it('takes a list, copies, priority, kind and the email replied to', () => {
      email
        .given([])
        .when(
          send({
            to: ['ana@cliente.com.br'],
            cc: 'chefe@empresa.com, ',
            priority: 'high',
            kind: 'reply_all',
            inReplyTo: 'e0',
          }),
        )
        .then([
          {
            type: 'EmailSent',
            data: {
              ...sent.data,
              to: ['ana@cliente.com.br'],
              cc: ['chefe@empresa.com'],
              priority: 'high',
              kind: 'reply_all',
              inReplyTo: 'e0',
            },
          },
        ]);
    });
    it('previews the first 100 characters', () => {
      const content = `${'a'.repeat(99)}😀bcd`;
      email
        .given([])
        .when(send({ content }))
        .then([{ type: 'EmailSent', data: { ...sent.data, content, preview: `${'a'.repeat(99)}😀` } }]);
    });
    it.each([{ to: '' }, { to: ' , ' }, { to: [] }, { subject: '  ' }, { content: '\n' }])(
      'requires Para, Assunto and Conteúdo (%j)',
      (data) => {
        email
          .given([])
          .when(send(data))
          .thenThrows('EMAIL_REQUIRED_FIELDS', 'Preencha Para, Assunto e Conteúdo');
      },
    );
    it.each([{ to: 'ana@cliente' }, { to: 'ana@cliente.com, bia' }, { cc: 'x@@y.com' }])(
      'rejects a bad address (%j)',
      (data) => {
        email.given([]).when(send(data)).thenThrows('INVALID_EMAIL', 'Email inválido');
      },
    );
    it('limits subject, content and recipients', () => {
      email
        .given([])
        .when(send({ subject: 's'.repeat(301) }))
        .thenThrows('EMAIL_SUBJECT_TOO_LONG');
      email
        .given([])
        .when(send({ content: 'c'.repeat(100_001) }))
        .thenThrows('EMAIL_CONTENT_TOO_LONG');
      const many = Array.from({ length: 101 }, (_, i) => `p${i}@x.com`);
      email
        .given([])
        .when(send({ to: many }))
        .thenThrows('EMAIL_TOO_MANY_RECIPIENTS');
      email
        .given([])
        .when(send({ subject: 's'.repeat(300), content: 'c'.repeat(100_000) }))
        .then([
          {
            type: 'EmailSent',
            data: {
              ...sent.data,
              subject: 's'.repeat(300),
              content: 'c'.repeat(100_000),
              preview: 'c'.repeat(100),
            },
          },
        ]);
    });
    it('changes nothing when the same email is sent again', () => {
      email.given([sent]).when(send()).then([]);
      email
        .given([sent])
        .when(send({ subject: '' }))
        .then([]);
    });
  });

  describe('threading', () => {
    it('keeps the thread it answers, at most the latest 50 Message-IDs', () => {
      const thread = Array.from({ length: 60 }, (_, i) => `<m${i}@cliente.com>`);
      email
        .given([])
        .when(send({ references: thread }))
        .then([{ type: 'EmailSent', data: { ...sent.data, references: thread.slice(-50) } }]);
    });
    it.each(['e1@empresa.com', '<e1 x@empresa.com>', '<>'])('refuses a Message-ID like %j', (messageId) => {
      email.given([]).when(send({ messageId })).thenThrows('INVALID_MESSAGE_ID');
      email
        .given([])
        .when(send({ references: [messageId] }))
        .thenThrows('INVALID_MESSAGE_ID');
    });
  });

  describe('delivery', () => {
    const failed = (error: string, attempts: number): EmailCommand => ({
      type: 'RecordEmailFailed',
      data: { error, attempts },
    });
    it('records the SMTP server accepting it, once', () => {
      email
        .given([sent])
        .when({ type: 'RecordEmailAccepted', data: { response: ' 250 OK ' } })
        .then([accepted]);
      email
        .given([sent, accepted])
        .when({ type: 'RecordEmailAccepted', data: { response: '250 OK' } })
        .then([]);
    });
    it('records a failure with its reason; nothing after an outcome', () => {
      email
        .given([sent])
        .when(failed(' Servidor recusou ', 6))
        .then([{ type: 'EmailSendFailed', data: { emailId: 'e1', error: 'Servidor recusou', attempts: 6 } }]);
      email.given([sent, accepted]).when(failed('x', 1)).then([]);
      email
        .given([sent])
        .when(failed('  ', 1.7))
        .then([
          { type: 'EmailSendFailed', data: { emailId: 'e1', error: 'Falha ao enviar o email', attempts: 1 } },
        ]);
    });
    it('never settles an e-mail recorded before the channel existed, a received one or an unknown one', () => {
      email.given([unsentLegacy]).when(failed('x', 1)).then([]);
      email
        .given([unsentLegacy])
        .when({ type: 'RecordEmailAccepted', data: { response: '250' } })
        .then([]);
      email
        .given([received])
        .when({ type: 'RecordEmailAccepted', data: { response: '250' } })
        .then([]);
      email.given([]).when(failed('x', 1)).thenThrows('EMAIL_NOT_FOUND');
      email
        .given([sent, deleted('e1')])
        .when(failed('x', 1))
        .thenThrows('EMAIL_NOT_FOUND');
    });
  });

  describe('ReceiveEmail', () => {
    it('receives an email with a UTC time', () => {
      email.given([]).when(receive()).then([received]);
    });
    it('fills defaults: no subject, medium priority, no attachments, empty content', () => {
      email
        .given([])
        .when(receive({ subject: ' ', content: null, priority: undefined, hasAttachments: undefined }))
        .then([
          {
            type: 'EmailReceived',
            data: {
              ...received.data,
              subject: '(sem assunto)',
              content: '',
              preview: '',
              priority: 'medium',
              hasAttachments: false,
            },
          },
        ]);
    });
    it('keeps what the mailbox tells: Message-ID, recipients and thread, leaving out what is malformed', () => {
      const thread = [
        '<a@x.com>',
        'sem-colchetes@x.com',
        ...Array.from({ length: 60 }, (_, i) => `<t${i}@x.com>`),
      ];
      email
        .given([])
        .when(
          receive({
            messageId: ' <m1@cliente.com> ',
            to: [' contato@loja.com ', ''],
            cc: ['chefe@loja.com'],
            references: thread,
          }),
        )
        .then([
          {
            type: 'EmailReceived',
            data: {
              ...received.data,
              messageId: '<m1@cliente.com>',
              to: ['contato@loja.com'],
              cc: ['chefe@loja.com'],
              references: thread.slice(-50),
            },
          },
        ]);
      email
        .given([])
        .when(receive({ messageId: 'm1@cliente.com' }))
        .then([received]);
    });
    it('keeps the files the channel stored, leaving out a malformed one; they mark it with attachments', () => {
      const file = (n: number) => ({
        mediaId: `em-loja/em_1-${n}.pdf`,
        filename: `boleto-${n}.pdf`,
        contentType: 'application/pdf',
        size: 1000 + n,
      });
      const [event] = validated.decide(
        receive({
          hasAttachments: undefined,
          attachments: [
            file(0),
            { ...file(1), mediaId: '../fora' },
            ...Array.from({ length: 25 }, (_, i) => file(i + 2)),
          ],
        }),
        validated.initialState(),
      );
      expect(event?.type === 'EmailReceived' && event.data.hasAttachments).toBe(true);
      const kept = event?.type === 'EmailReceived' ? event.data.attachments : undefined;
      expect(kept).toHaveLength(20);
      expect(kept?.[0]).toEqual(file(0));
      expect(kept?.some((a) => a.mediaId === '../fora')).toBe(false);
      const [plain] = validated.decide(receive({ hasAttachments: undefined }), validated.initialState());
      expect(plain?.type === 'EmailReceived' && plain.data.hasAttachments).toBe(false);
    });
    it('cuts an oversized subject and content instead of refusing the email', () => {
      const [event] = validated.decide(
        receive({ subject: 's'.repeat(400), content: 'c'.repeat(150_000) }),
        validated.initialState(),
      );
      expect(
        event?.type === 'EmailReceived' && [event.data.subject.length, event.data.content.length],
      ).toEqual([300, 100_000]);
    });
    it('requires a sender and a valid time', () => {
      email
        .given([])
        .when(receive({ sender: '  ' }))
        .thenThrows('EMAIL_SENDER_REQUIRED');
      email
        .given([])
        .when(receive({ receivedAt: 'ontem' }))
        .thenThrows('INVALID_TIMESTAMP');
    });
    it('changes nothing when the same email arrives again', () => {
      email.given([received]).when(receive()).then([]);
    });
  });

  describe('MarkEmailRead', () => {
    const read: EmailCommand = { type: 'MarkEmailRead', data: {} };
    it('reads a received email once', () => {
      email
        .given([received])
        .when(read)
        .then([{ type: 'EmailRead', data: { emailId: 'e2' } }]);
      email
        .given([received, { type: 'EmailRead', data: { emailId: 'e2' } }])
        .when(read)
        .then([]);
    });
    it('changes nothing for an email we sent', () => {
      email.given([sent]).when(read).then([]);
    });
    it('rejects a missing or deleted email', () => {
      email.given([]).when(read).thenThrows('EMAIL_NOT_FOUND', 'Email não encontrado');
      email
        .given([received, deleted('e2')])
        .when(read)
        .thenThrows('EMAIL_NOT_FOUND', 'Email não encontrado');
    });
  });

  describe('DeleteEmail', () => {
    const del: EmailCommand = { type: 'DeleteEmail', data: {} };
    it('deletes sent and received emails', () => {
      email
        .given([sent])
        .when(del)
        .then([deleted('e1')]);
      email
        .given([received])
        .when(del)
        .then([deleted('e2')]);
    });
    it('rejects a missing or already deleted email', () => {
      email.given([]).when(del).thenThrows('EMAIL_NOT_FOUND', 'Email não encontrado');
      email
        .given([sent, deleted('e1')])
        .when(del)
        .thenThrows('EMAIL_NOT_FOUND');
    });
  });

  it('folds the states', () => {
    const fold = (past: EmailEvent[]) => past.reduce(validated.evolve, validated.initialState());
    expect(fold([sent])).toEqual({
      status: 'active',
      email: { emailId: 'e1', direction: 'sent', isUnread: false, delivery: 'sending' },
    });
    expect(fold([sent, accepted])).toMatchObject({ email: { delivery: 'accepted' } });
    expect(fold([unsentLegacy])).toMatchObject({ email: { delivery: 'unsent' } });
    expect(fold([received])).toEqual({
      status: 'active',
      email: { emailId: 'e2', direction: 'received', isUnread: true, delivery: 'received' },
    });
    expect(fold([received, { type: 'EmailRead', data: { emailId: 'e2' } }])).toMatchObject({
      email: { isUnread: false },
    });
    expect(fold([received, deleted('e2')])).toEqual({ status: 'deleted' });
  });

  it('gives each email fact one event id per workspace', () => {
    const id = (event: EmailEvent, workspaceId = 'w1') =>
      registry.prepare(event, { workspaceId }).metadata.eventId;
    expect(id(sent)).toBe(id(sent));
    expect(id(sent, 'w2')).not.toBe(id(sent));
    expect(id(deleted('e1'))).not.toBe(id(deleted('e2')));
  });
});

describe('email helpers', () => {
  it("makes a Message-ID at the sending address's domain", () => {
    expect(messageIdFor('01HX-abc', 'Vendas@Empresa.com.br')).toBe('<01HX-abc@empresa.com.br>');
    expect(messageIdFor('e/1', undefined)).toBe('<e1@atende.invalid>');
    expect(messageIdFor('e1', 'x@bad domain')).toBe('<e1@atende.invalid>');
  });
  it('splits addresses', () => {
    expect(splitAddresses(' a@x.com ,b@y.com,,A@X.com ')).toEqual(['a@x.com', 'b@y.com']);
    expect(splitAddresses(['a@x.com, c@z.com', ' b@y.com'])).toEqual(['a@x.com', 'c@z.com', 'b@y.com']);
    expect(splitAddresses(null)).toEqual([]);
  });
  it('previews 100 characters', () => {
    expect(emailPreview('curto')).toBe('curto');
    expect(emailPreview('x'.repeat(250))).toBe('x'.repeat(100));
    expect(emailPreview('')).toBe('');
  });
});
