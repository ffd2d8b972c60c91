import { checkEmailConfig, emailSettingsOf, parseMailServer } from './email-settings.js';

describe('Email integration settings', () => {
  it('reads host or host:port, with the default port', () => {
    expect(parseMailServer('smtp.Loja.com.br', 587)).toEqual({ host: 'smtp.loja.com.br', port: 587 });
    expect(parseMailServer(' 127.0.0.1:3025 ', 587)).toEqual({ host: '127.0.0.1', port: 3025 });
    for (const bad of [
      '',
      'smtp.loja.com:0',
      'smtp.loja.com:70000',
      'smtp loja',
      'http://smtp.x',
      'a:b:c',
      '-x.com',
    ]) {
      expect(parseMailServer(bad, 587)).toBeUndefined();
    }
  });

  it('refuses, naming the field, what the channel could not use; blanks are allowed', () => {
    expect(() => checkEmailConfig({})).not.toThrow();
    expect(() => checkEmailConfig({ 'SMTP Server': 'smtp.x.com:99999' })).toThrow(
      'Valor inválido para SMTP Server: use host ou host:porta',
    );
    expect(() => checkEmailConfig({ 'IMAP Server': 'imap x' })).toThrow('Valor inválido para IMAP Server');
    expect(() => checkEmailConfig({ Email: 'contato' })).toThrow('Valor inválido para Email');
    expect(() => checkEmailConfig({ TLS: 'sim' })).toThrow('Valor inválido para TLS: use auto, on ou off');
    expect(() => checkEmailConfig({ TLS: 'OFF' })).not.toThrow();
  });

  it('gives the settings once SMTP Server, Email and Password are there', () => {
    expect(emailSettingsOf(undefined)).toEqual({ missing: expect.stringContaining('não configurada') });
    expect(emailSettingsOf({ 'SMTP Server': 'smtp.x.com', Email: 'a@x.com' })).toHaveProperty('missing');
    expect(
      emailSettingsOf({
        'SMTP Server': 'smtp.x.com',
        Email: 'a@x.com',
        Password: 'segredo',
        'IMAP Server': 'imap.x.com',
        TLS: 'On',
      }),
    ).toEqual({
      settings: {
        smtp: { host: 'smtp.x.com', port: 587 },
        imap: { host: 'imap.x.com', port: 993 },
        tls: 'on',
        address: 'a@x.com',
        password: 'segredo',
      },
    });
  });
});
