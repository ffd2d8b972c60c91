import { TestLog, project, expectReplayStable } from '../../testing/test-log.js';
import { emailsProjection, getEmail, listEmails } from './index.js';

function sent(log: TestLog, emailId: string, at: string, ws = 'w1', legacy = false) {
  return log.append(
    `email-${emailId}`,
    {
      type: 'EmailSent',
      data: {
        emailId,
        authorId: 'ana',
        to: ['cliente@example.com'],
        cc: ['gerente@example.com'],
        subject: 'Proposta',
        content: 'Segue a proposta.',
        preview: 'Segue a proposta.',
        priority: 'high',
        kind: 'reply',
        inReplyTo: 'e0',
        // Recorded before the e-mail channel: no Message-ID.
        ...(legacy ? {} : { messageId: `<${emailId}@loja.com>`, references: ['<e0@cliente.com>'] }),
      },
    },
    { workspaceId: ws, actorId: 'ana', at },
  );
}

function received(log: TestLog, emailId: string, receivedAt: string, ws = 'w1', mailbox = false) {
  return log.append(
    `email-${emailId}`,
    {
      type: 'EmailReceived',
      data: {
        emailId,
        sender: 'cliente@example.com',
        subject: 'Dúvida',
        content: 'Olá, tenho uma dúvida.',
        preview: 'Olá, tenho uma dúvida.',
        priority: 'medium',
        hasAttachments: true,
        receivedAt,
        ...(mailbox
          ? {
              messageId: `<${emailId}@cliente.com>`,
              to: ['contato@loja.com'],
              cc: [],
              references: ['<e1@loja.com>'],
              attachments: [
                {
                  mediaId: 'em-w1/e4-0.pdf',
                  filename: 'boleto.pdf',
                  contentType: 'application/pdf',
                  size: 10,
                },
              ],
            }
          : {}),
      },
    },
    { workspaceId: ws, at: '2026-11-02T12:00:00.000Z' },
  );
}

describe('emails projection', () => {
  it('stores sent and received e-mails', async () => {
    const log = new TestLog();
    sent(log, 'e1', '2026-11-02T10:00:00.000Z');
    received(log, 'e2', '2026-11-02T08:00:00-03:00');
    const view = (await project(emailsProjection, log.events)).view('emails');
    expect(await getEmail(view, 'w1', 'e1')).toEqual({
      id: 'e1',
      workspaceId: 'w1',
      direction: 'sent',
      sender: 'ana',
      authorId: 'ana',
      to: ['cliente@example.com'],
      cc: ['gerente@example.com'],
      subject: 'Proposta',
      preview: 'Segue a proposta.',
      content: 'Segue a proposta.',
      timestamp: '2026-11-02T10:00:00.000Z',
      isUnread: false,
      hasAttachments: false,
      priority: 'high',
      kind: 'reply',
      inReplyTo: 'e0',
      delivery: 'sending',
      error: null,
      messageId: '<e1@loja.com>',
      references: ['<e0@cliente.com>'],
      attachments: [],
    });
    expect(await getEmail(view, 'w1', 'e2')).toEqual({
      id: 'e2',
      workspaceId: 'w1',
      direction: 'received',
      sender: 'cliente@example.com',
      authorId: null,
      to: [],
      cc: [],
      subject: 'Dúvida',
      preview: 'Olá, tenho uma dúvida.',
      content: 'Olá, tenho uma dúvida.',
      timestamp: '2026-11-02T11:00:00.000Z',
      isUnread: true,
      hasAttachments: true,
      priority: 'medium',
      kind: 'new',
      inReplyTo: null,
      delivery: 'received',
      error: null,
      messageId: null,
      references: [],
      attachments: [],
    });
    expect(await getEmail(view, 'w2', 'e1')).toBeUndefined();
  });

  it('follows the sending: accepted or failed, once; one recorded before the channel shows as not sent', async () => {
    const log = new TestLog();
    sent(log, 'e1', '2026-11-02T10:00:00.000Z');
    sent(log, 'e2', '2026-11-02T10:01:00.000Z');
    sent(log, 'e3', '2026-11-02T10:02:00.000Z', 'w1', true);
    const w1 = { workspaceId: 'w1' };
    log.append('email-e1', { type: 'EmailSendAccepted', data: { emailId: 'e1', response: '250 OK' } }, w1);
    // A failure noted after the acceptance (a redelivery) changes nothing.
    log.append('email-e1', { type: 'EmailSendFailed', data: { emailId: 'e1', error: 'x', attempts: 1 } }, w1);
    log.append(
      'email-e2',
      { type: 'EmailSendFailed', data: { emailId: 'e2', error: 'Servidor SMTP inacessível', attempts: 8 } },
      w1,
    );
    received(log, 'e4', '2026-11-02T10:03:00.000Z', 'w1', true);
    const view = (await project(emailsProjection, log.events)).view('emails');
    // One read from a mailbox keeps its recipients and its place in the thread.
    expect(await getEmail(view, 'w1', 'e4')).toMatchObject({
      to: ['contato@loja.com'],
      messageId: '<e4@cliente.com>',
      references: ['<e1@loja.com>'],
      attachments: [
        { mediaId: 'em-w1/e4-0.pdf', filename: 'boleto.pdf', contentType: 'application/pdf', size: 10 },
      ],
    });
    expect(await getEmail(view, 'w1', 'e1')).toMatchObject({ delivery: 'accepted', error: null });
    expect(await getEmail(view, 'w1', 'e2')).toMatchObject({
      delivery: 'failed',
      error: 'Servidor SMTP inacessível',
    });
    expect(await getEmail(view, 'w1', 'e3')).toMatchObject({
      delivery: 'unsent',
      error: 'Não enviado: registrado antes do envio de emails por SMTP',
      messageId: null,
    });
    await expectReplayStable(emailsProjection, log.events);
  });

  it('lists newest first with a limit', async () => {
    const log = new TestLog();
    sent(log, 'e1', '2026-11-02T10:00:00.000Z');
    received(log, 'e2', '2026-11-02T11:00:00.000Z');
    sent(log, 'e3', '2026-11-02T09:00:00.000Z');
    sent(log, 'e4', '2026-11-02T13:00:00.000Z', 'w2');
    const view = (await project(emailsProjection, log.events)).view('emails');
    expect((await listEmails(view, 'w1')).map((e) => e.id)).toEqual(['e2', 'e1', 'e3']);
    expect((await listEmails(view, 'w1', { limit: 2 })).map((e) => e.id)).toEqual(['e2', 'e1']);
    expect((await listEmails(view, 'w2')).map((e) => e.id)).toEqual(['e4']);
  });

  it('marks read and deletes', async () => {
    const log = new TestLog();
    received(log, 'e1', '2026-11-02T11:00:00.000Z');
    received(log, 'e2', '2026-11-02T11:01:00.000Z');
    log.append('email-e1', { type: 'EmailRead', data: { emailId: 'e1' } }, { workspaceId: 'w1' });
    log.append('email-e2', { type: 'EmailDeleted', data: { emailId: 'e2' } }, { workspaceId: 'w1' });
    const view = (await project(emailsProjection, log.events)).view('emails');
    expect((await getEmail(view, 'w1', 'e1'))?.isUnread).toBe(false);
    expect(await getEmail(view, 'w1', 'e2')).toBeUndefined();
    expect((await view.dump()).indexes).toEqual({
      'ws:w1': [{ id: 'e1', score: Date.parse('2026-11-02T11:00:00.000Z') }],
    });
  });

  it('skips events about missing e-mails', async () => {
    const log = new TestLog();
    received(log, 'e1', '2026-11-02T11:00:00.000Z');
    log.append('email-e1', { type: 'EmailRead', data: { emailId: 'e1' } }, { workspaceId: 'w2' });
    log.append('email-e1', { type: 'EmailDeleted', data: { emailId: 'e1' } }, { workspaceId: 'w2' });
    log.append('email-e9', { type: 'EmailRead', data: { emailId: 'e9' } }, { workspaceId: 'w1' });
    log.append('email-e9', { type: 'EmailDeleted', data: { emailId: 'e9' } }, { workspaceId: 'w1' });
    const view = (await project(emailsProjection, log.events)).view('emails');
    expect((await getEmail(view, 'w1', 'e1'))?.isUnread).toBe(true);
    expect(Object.keys((await view.dump()).docs.email ?? {})).toEqual(['w1:e1']);
  });

  it('is idempotent and batch-independent', async () => {
    const log = new TestLog();
    sent(log, 'e1', '2026-11-02T10:00:00.000Z');
    received(log, 'e2', '2026-11-02T11:00:00.000Z');
    received(log, 'e3', '2026-11-02T11:30:00.000Z');
    log.append('email-e2', { type: 'EmailRead', data: { emailId: 'e2' } }, { workspaceId: 'w1' });
    log.append('email-e3', { type: 'EmailDeleted', data: { emailId: 'e3' } }, { workspaceId: 'w1' });
    log.append('email-e2', { type: 'EmailRead', data: { emailId: 'e2' } }, { workspaceId: 'w1' });
    await expectReplayStable(emailsProjection, log.events);
  });
});
