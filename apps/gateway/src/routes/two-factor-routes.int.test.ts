import { io as connect } from 'socket.io-client';
import { totpCodeAt } from '@atende/events';
import { GatewayHarness } from '../testing/harness.js';

/** Issue 25 (5): two-factor sign-in (TOTP) that takes effect, and the workspace's requirement of it. */
describe('two-factor sign-in', () => {
  let gw: GatewayHarness;
  beforeAll(async () => {
    gw = await GatewayHarness.start({ channel: false });
  });
  afterAll(async () => gw?.stop());

  const login = (email: string, extra: Record<string, string> = {}) =>
    gw.request<{ code?: string; error?: string }>('POST', '/api/auth/login', {
      body: { email, password: 'senha-boa-1', ...extra },
    });

  /** Enrols the signed-in account: answers its secret and recovery codes. */
  async function enrol(cookie: string): Promise<{ secret: string; recoveryCodes: string[] }> {
    const setup = await gw.request<{ secret: string; otpauthUrl: string; qrCode: string }>(
      'POST',
      '/api/auth/2fa/setup',
      { cookie },
    );
    expect(setup.status).toBe(200);
    const { secret } = setup.body;
    const enabled = await gw.request<{ recoveryCodes: string[] }>('POST', '/api/auth/2fa/enable', {
      cookie,
      body: { code: totpCodeAt(secret, new Date()) },
    });
    expect(enabled.status).toBe(200);
    return { secret, recoveryCodes: enabled.body.recoveryCodes };
  }

  it('enrols with a QR code and a first code, then asks for the code at every sign-in', async () => {
    const cookie = await gw.signInAsNewMember('dois-fatores', 'Agente');
    const setup = await gw.request<{ secret: string; otpauthUrl: string; qrCode: string }>(
      'POST',
      '/api/auth/2fa/setup',
      {
        cookie,
      },
    );
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Atende:dois-fatores%40loja\.com\?/);
    expect(setup.body.qrCode).toMatch(/^data:image\/png;base64,/);
    const wrong = await gw.request('POST', '/api/auth/2fa/enable', { cookie, body: { code: '000000' } });
    expect(wrong).toMatchObject({ status: 400, body: { success: false, code: 'TOTP_INVALID' } });
    const enabled = await gw.request<{ recoveryCodes: string[] }>('POST', '/api/auth/2fa/enable', {
      cookie,
      body: { code: totpCodeAt(setup.body.secret, new Date()) },
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    expect(new Set(enabled.body.recoveryCodes).size).toBe(10);
    const me = await gw.request<{ user: { twoFactor: { enabled: boolean } } }>('GET', '/api/auth/me', {
      cookie,
    });
    expect(me.body.user.twoFactor).toEqual({ enabled: true, required: false });
    // Neither the secret nor a recovery code is in a read model; codes are kept hashed.
    const log = JSON.stringify(await gw.atende.store.readStream('user-dois-fatores'));
    for (const code of enabled.body.recoveryCodes) expect(log).not.toContain(code);

    const email = 'dois-fatores@loja.com';
    expect(await login(email)).toMatchObject({
      status: 401,
      body: { code: 'TOTP_REQUIRED', error: 'Digite o código do aplicativo autenticador' },
    });
    expect((await login(email, { totp: '123456' })).body.code).toBe('TOTP_INVALID');
    expect((await login(email, { totp: totpCodeAt(setup.body.secret, new Date()) })).status).toBe(200);
    // A recovery code works once (any case, with or without dashes).
    const recovery = enabled.body.recoveryCodes[0]!;
    expect((await login(email, { recoveryCode: recovery.toUpperCase().replaceAll('-', '') })).status).toBe(
      200,
    );
    expect((await login(email, { recoveryCode: recovery })).body.code).toBe('TOTP_INVALID');
    // A wrong password never reaches the second factor.
    const wrongPassword = await gw.request<{ code?: string }>('POST', '/api/auth/login', {
      body: { email, password: 'errada-errada' },
    });
    expect(wrongPassword.body.code).toBe('INVALID_CREDENTIALS');

    // Off only with a code.
    expect(
      (await gw.request('POST', '/api/auth/2fa/disable', { cookie, body: { code: '999999' } })).status,
    ).toBe(400);
    const off = await gw.request('POST', '/api/auth/2fa/disable', {
      cookie,
      body: { code: totpCodeAt(setup.body.secret, new Date()) },
    });
    expect(off.status).toBe(200);
    expect((await login(email)).status).toBe(200);
  });

  it('uses a recovery code up only with the request that completes the sign-in (a new password due)', async () => {
    const cookie = await gw.signInAsNewMember('recupera', 'Agente');
    const { recoveryCodes } = await enrol(cookie);
    const reset = await gw.request<{ oneTimePassword: string }>('POST', '/api/team/recupera/password-reset', {
      cookie: await gw.loginDemo(),
    });
    const otp = reset.body.oneTimePassword;
    const attempt = (extra: Record<string, string>) =>
      gw.request<{ code?: string }>('POST', '/api/auth/login', {
        body: { email: 'recupera@loja.com', password: otp, ...extra },
      });
    const code = recoveryCodes[0]!;
    expect((await attempt({})).body.code).toBe('TOTP_REQUIRED');
    expect((await attempt({ recoveryCode: code })).body.code).toBe('PASSWORD_CHANGE_REQUIRED');
    expect((await attempt({ recoveryCode: code, newPassword: 'curta' })).body.code).toBe(
      'PASSWORD_TOO_SHORT',
    );
    expect((await attempt({ recoveryCode: code, newPassword: 'senha-recuperada-1' })).status).toBe(200);
    const again = await gw.request<{ code?: string }>('POST', '/api/auth/login', {
      body: { email: 'recupera@loja.com', password: 'senha-recuperada-1', recoveryCode: code },
    });
    expect(again.body.code).toBe('TOTP_INVALID');
  });

  it('a workspace that requires it serves an account only once it enrolled (REST and sockets)', async () => {
    const owner = await gw.loginDemo();
    const cookie = await gw.signInAsNewMember('sem-dois-fatores', 'Agente');
    expect(
      (await gw.request('PUT', '/api/settings', { cookie: owner, body: { security: { twoFactor: true } } }))
        .status,
    ).toBe(200);
    const blocked = await gw.request('GET', '/api/whatsapp/conversations', { cookie });
    expect(blocked).toMatchObject({
      status: 403,
      body: { success: false, code: 'TWO_FACTOR_ENROLMENT_REQUIRED' },
    });
    const me = await gw.request<{ user: { twoFactor: unknown } }>('GET', '/api/auth/me', { cookie });
    expect(me.body.user.twoFactor).toEqual({ enabled: false, required: true });
    const socket = connect(gw.url, {
      transports: ['websocket'],
      extraHeaders: { cookie },
      reconnection: false,
      forceNew: true,
    });
    const refused = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    socket.disconnect();
    expect(refused.message).toBe('UNAUTHENTICATED');

    const { secret } = await enrol(cookie);
    expect((await gw.request('GET', '/api/whatsapp/conversations', { cookie })).status).toBe(200);
    // Required by the workspace: it cannot be turned off.
    const off = await gw.request('POST', '/api/auth/2fa/disable', {
      cookie,
      body: { code: totpCodeAt(secret, new Date()) },
    });
    expect(off).toMatchObject({ status: 409, body: { code: 'TWO_FACTOR_REQUIRED_BY_WORKSPACE' } });
    // The Owner who turned the requirement on must enrol too before changing anything else.
    expect((await gw.request('GET', '/api/settings', { cookie: owner })).status).toBe(403);
    await enrol(owner);
    expect(
      (await gw.request('PUT', '/api/settings', { cookie: owner, body: { security: { twoFactor: false } } }))
        .status,
    ).toBe(200);
  });
});
