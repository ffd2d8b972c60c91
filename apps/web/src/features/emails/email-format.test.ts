import { filterEmails } from './EmailListDialog';
import {
  formatFileSize,
  addressOf,
  forwardDraft,
  formatEmailDate,
  forwardSubject,
  isComplete,
  newDraft,
  quoteLines,
  replyDraft,
  replySubject,
} from './email-format';
import { email } from './test/email-fixtures';

describe('email-format', () => {
  it('formats file sizes in pt-BR', () => {
    expect(formatFileSize(820)).toBe('820 B');
    expect(formatFileSize(12_800)).toBe('12,5 KB');
    expect(formatFileSize(3_355_443)).toBe('3,2 MB');
  });

  it('reads the bare address of a sender', () => {
    expect(addressOf('Carlos <carlos@cliente.com>')).toBe('carlos@cliente.com');
    expect(addressOf(' ana@x.com ')).toBe('ana@x.com');
  });

  it("prefixes 'Re: ' and 'Fwd: ' once", () => {
    expect(replySubject('Pedido 42')).toBe('Re: Pedido 42');
    expect(replySubject('RE: Pedido 42')).toBe('RE: Pedido 42');
    expect(forwardSubject('Pedido 42')).toBe('Fwd: Pedido 42');
    expect(forwardSubject('Fwd: Pedido 42')).toBe('Fwd: Pedido 42');
  });

  it("quotes every line with '> '", () => {
    expect(quoteLines('Olá\n\nTudo bem?')).toBe('> Olá\n>\n> Tudo bem?');
  });

  it('formats the date in pt-BR', () => {
    const date = formatEmailDate('2026-03-10T12:00:00.000Z');
    expect(date).toMatch(/^\d{1,2} de março de 2026/);
    expect(formatEmailDate('ontem')).toBe('');
  });

  it('requires Para, Assunto and Conteúdo (blank counts as empty)', () => {
    expect(isComplete({ to: 'a@b.com', subject: 's', content: 'c' })).toBe(true);
    expect(isComplete({ to: ' ', subject: 's', content: 'c' })).toBe(false);
    expect(isComplete({ to: 'a@b.com', subject: '', content: 'c' })).toBe(false);
    expect(isComplete({ to: 'a@b.com', subject: 's', content: '\n' })).toBe(false);
    expect(newDraft()).toMatchObject({ to: '', subject: '', content: '', priority: 'medium', kind: 'new' });
  });

  it('replies to the sender of a received e-mail, quoting it', () => {
    const original = email(1, {
      sender: 'Carlos <carlos@cliente.com>',
      senderName: 'Carlos <carlos@cliente.com>',
      subject: 'Dúvida',
      content: 'Qual o prazo?\nObrigado',
      priority: 'high',
    });
    const draft = replyDraft(original, false);
    expect(draft).toMatchObject({
      to: 'carlos@cliente.com',
      cc: '',
      showCc: false,
      subject: 'Re: Dúvida',
      priority: 'medium',
      kind: 'reply',
      inReplyTo: 'e1',
    });
    expect(draft.content).toMatch(
      /^\n\nEm .+, Carlos <carlos@cliente.com> escreveu:\n> Qual o prazo\?\n> Obrigado$/,
    );
  });

  it('replies to the recipients of an e-mail we sent; with copy, its Cc too', () => {
    const original = email(2, {
      direction: 'sent',
      sender: 'u_ana',
      senderName: 'Ana Souza',
      to: ['a@b.com', 'c@d.com'],
      cc: ['chefe@empresa.com', 'A@b.com'],
    });
    expect(replyDraft(original, false)).toMatchObject({ to: 'a@b.com, c@d.com', cc: '' });
    expect(replyDraft(original, true)).toMatchObject({
      to: 'a@b.com, c@d.com',
      cc: 'chefe@empresa.com',
      showCc: true,
      kind: 'reply_all',
    });
  });

  it('forwards with Para empty and the original under a header', () => {
    const draft = forwardDraft(email(3, { subject: 'Proposta', content: 'Segue a proposta.' }));
    expect(draft).toMatchObject({ to: '', subject: 'Fwd: Proposta', kind: 'forward', inReplyTo: 'e3' });
    expect(draft.content).toContain('---------- Mensagem encaminhada ----------');
    expect(draft.content).toContain('De: cliente3@exemplo.com');
    expect(draft.content).toContain('Assunto: Proposta');
    expect(draft.content).toMatch(/> Segue a proposta\.$/);
  });

  it('filters by search (accents and case ignored), unread and priority', () => {
    const emails = [
      email(1, { subject: 'Reunião amanhã', isUnread: true, priority: 'high' }),
      email(2, { subject: 'Pedido', content: 'sobre a REUNIAO', priority: 'low' }),
      email(3, { subject: 'Outro', isUnread: true }),
    ];
    const ids = (list: { id: string }[]) => list.map((e) => e.id);
    const none = { search: '', unreadOnly: false, priority: 'all' as const };
    expect(ids(filterEmails(emails, none))).toEqual(['e1', 'e2', 'e3']);
    expect(ids(filterEmails(emails, { ...none, search: 'reuniao' }))).toEqual(['e1', 'e2']);
    expect(ids(filterEmails(emails, { ...none, search: 'cliente3' }))).toEqual(['e3']);
    expect(ids(filterEmails(emails, { ...none, unreadOnly: true }))).toEqual(['e1', 'e3']);
    expect(ids(filterEmails(emails, { ...none, priority: 'low' }))).toEqual(['e2']);
    expect(ids(filterEmails(emails, { search: 'reunião', unreadOnly: true, priority: 'high' }))).toEqual([
      'e1',
    ]);
  });
});
