import type { EmailSettings } from '@atende/events';
import {
  SmtpRefusedError,
  SmtpUnavailableError,
  isSmtpServerProblem,
  smtpError,
  smtpTransportOptions,
} from './smtp-send.js';

const settings = (tls: EmailSettings['tls'], port = 587): EmailSettings => ({
  smtp: { host: 'smtp.loja.com', port },
  imap: undefined,
  tls,
  address: 'contato@loja.com',
  password: 'segredo',
});

describe('SMTP transport', () => {
  it('maps the TLS mode: auto upgrades when offered, on requires it, off never; 465 is implicit TLS', () => {
    expect(smtpTransportOptions(settings('auto'))).toMatchObject({
      secure: false,
      requireTLS: false,
      ignoreTLS: false,
    });
    expect(smtpTransportOptions(settings('on'))).toMatchObject({
      secure: false,
      requireTLS: true,
      ignoreTLS: false,
    });
    expect(smtpTransportOptions(settings('off'))).toMatchObject({
      secure: false,
      requireTLS: false,
      ignoreTLS: true,
    });
    expect(smtpTransportOptions(settings('on', 465))).toMatchObject({ secure: true, requireTLS: false });
    expect(smtpTransportOptions(settings('auto', 465))).toMatchObject({ secure: true });
    expect(smtpTransportOptions(settings('off', 465))).toMatchObject({ secure: false, ignoreTLS: true });
    expect(smtpTransportOptions(settings('auto')).auth).toEqual({
      user: 'contato@loja.com',
      pass: 'segredo',
    });
  });

  // GreenMail accepts any SMTP login, so the refusals a real provider gives are classified here.
  it('gives up at once on a refused login or a 5xx answer, retries the rest', () => {
    const login = smtpError(settings('auto'), { code: 'EAUTH', response: '535 5.7.8 Authentication failed' });
    expect(login).toBeInstanceOf(SmtpRefusedError);
    expect(login.message).toBe(
      'O servidor SMTP recusou o login (verifique Email e Password): 535 5.7.8 Authentication failed',
    );
    expect(
      smtpError(settings('auto'), { code: 'EENVELOPE', responseCode: 550, response: '550 no such user' }),
    ).toEqual(new SmtpRefusedError('O servidor SMTP recusou o email: 550 no such user'));
    expect(smtpError(settings('auto'), { responseCode: 451, response: '451 try later' })).toBeInstanceOf(
      SmtpUnavailableError,
    );
    expect(
      smtpError(settings('auto'), { code: 'ESOCKET', message: 'connect ECONNREFUSED 127.0.0.1:587' }).message,
    ).toBe('Servidor SMTP inacessível (smtp.loja.com:587): connect ECONNREFUSED 127.0.0.1:587');
    expect(smtpError(settings('on'), { code: 'ETLS', message: 'Failed to start STARTTLS' })).toBeInstanceOf(
      SmtpRefusedError,
    );
    expect(smtpError(settings('auto'), { code: 'ETIMEDOUT' })).toBeInstanceOf(SmtpUnavailableError);
    expect((smtpError(settings('auto'), { code: 'EAUTH' }) as { permanent?: boolean }).permanent).toBe(true);
    // What the Email card shows: the server or its login, not an answer about one e-mail.
    expect(isSmtpServerProblem(smtpError(settings('auto'), { code: 'ESOCKET', message: 'x' }))).toBe(true);
    expect(isSmtpServerProblem(smtpError(settings('auto'), { code: 'EAUTH' }))).toBe(true);
    expect(isSmtpServerProblem(smtpError(settings('auto'), { code: 'ETIMEDOUT' }))).toBe(true);
    expect(isSmtpServerProblem(smtpError(settings('auto'), { responseCode: 550, response: '550' }))).toBe(
      false,
    );
    expect(isSmtpServerProblem(smtpError(settings('auto'), { responseCode: 451, response: '451' }))).toBe(
      false,
    );
  });
});
