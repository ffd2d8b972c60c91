import type { EmailSettings } from '@atende/events';
import { imapOptions, receivedEmailId } from './imap-mailbox.js';

const settings = (tls: EmailSettings['tls'], port = 993) => ({
  smtp: { host: 'smtp.loja.com', port: 587 },
  imap: { host: 'imap.loja.com', port },
  tls,
  address: 'contato@loja.com',
  password: 'segredo',
});

describe('IMAP mailbox', () => {
  it('maps the TLS mode: 993 is implicit TLS; elsewhere auto upgrades when offered, on requires it, off never', () => {
    expect(imapOptions(settings('auto'))).toMatchObject({ host: 'imap.loja.com', port: 993, secure: true });
    expect(imapOptions(settings('auto'))).not.toHaveProperty('doSTARTTLS');
    expect(imapOptions(settings('on', 143))).toMatchObject({ secure: false, doSTARTTLS: true });
    expect(imapOptions(settings('off', 143))).toMatchObject({ secure: false, doSTARTTLS: false });
    expect(imapOptions(settings('auto', 143))).not.toHaveProperty('doSTARTTLS');
    expect(imapOptions(settings('off', 993))).toMatchObject({ secure: false, doSTARTTLS: false });
    expect(imapOptions(settings('on')).auth).toEqual({ user: 'contato@loja.com', pass: 'segredo' });
  });

  it('records a mail under one id per workspace and Message-ID', () => {
    const id = receivedEmailId('loja', '<m1@cliente.com>');
    expect(id).toMatch(/^em_[0-9a-f]{24}$/);
    expect(receivedEmailId('loja', '<m1@cliente.com>')).toBe(id);
    expect(receivedEmailId('outra', '<m1@cliente.com>')).not.toBe(id);
    expect(receivedEmailId('loja', '<m2@cliente.com>')).not.toBe(id);
  });
});
