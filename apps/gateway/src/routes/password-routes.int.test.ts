import { atendeRegistry, streams } from '@atende/events';
import { hashPassword } from '../auth/password.js';
import { GatewayHarness } from '../testing/harness.js';

/**
 * Issue 25 (5): passwords that take effect. One's own change, a reset by the team (a one-time
 * password, changed at the next sign-in), and the workspace's password expiry.
 */
describe('passwords', () => {
  let gw: GatewayHarness;
  let owner: string;
  beforeAll(async () => {
    gw = await GatewayHarness.start({ channel: false });
    owner = await gw.loginDemo();
  });
  afterAll(async () => gw?.stop());

  const login = (email: string, password: string, newPassword?: string) =>
    gw.request<{ code?: string }>('POST', '/api/auth/login', {
      body: { email, password, ...(newPassword ? { newPassword } : {}) },
    });

  it("changes one's own password: checks the current one, ends the account's other sessions", async () => {
    await gw.addMember({
      userId: 'troca',
      email: 'troca@loja.com',
      password: 'senha-antiga-1',
      role: 'Agente',
    });
    const mine = await gw.login('troca@loja.com', 'senha-antiga-1');
    const otherBrowser = await gw.login('troca@loja.com', 'senha-antiga-1');
    const change = (body: Record<string, string>) =>
      gw.request('POST', '/api/auth/password', { cookie: mine, body });
    const before = await gw.lastPosition();
    expect(await change({ currentPassword: 'errada-123', newPassword: 'senha-nova-123' })).toMatchObject({
      status: 400,
      body: { code: 'WRONG_PASSWORD', error: 'Senha atual incorreta' },
    });
    expect((await change({ currentPassword: 'senha-antiga-1', newPassword: 'curta' })).body).toMatchObject({
      code: 'PASSWORD_TOO_SHORT',
    });
    expect(
      (await change({ currentPassword: 'senha-antiga-1', newPassword: 'senha-antiga-1' })).body,
    ).toMatchObject({
      code: 'PASSWORD_UNCHANGED',
    });
    expect(await gw.lastPosition()).toBe(before);

    const done = await gw.request('POST', '/api/auth/password', {
      cookie: mine,
      body: { currentPassword: 'senha-antiga-1', newPassword: 'senha-nova-123' },
    });
    expect(done).toMatchObject({
      status: 200,
      body: { success: true, message: 'Senha alterada com sucesso!' },
    });
    const fresh = done.headers.get('set-cookie')!.split(';')[0]!;
    expect((await gw.request('GET', '/api/auth/me', { cookie: fresh })).status).toBe(200);
    expect((await gw.request('GET', '/api/auth/me', { cookie: otherBrowser })).status).toBe(401);
    expect((await gw.request('GET', '/api/auth/me', { cookie: mine })).status).toBe(401);
    expect((await login('troca@loja.com', 'senha-antiga-1')).status).toBe(401);
    expect((await login('troca@loja.com', 'senha-nova-123')).status).toBe(200);
    // Only the hash is in the log, and the read models have not even that.
    const log = JSON.stringify(await gw.atende.store.readStream('user-troca'));
    expect(log).not.toContain('senha-nova-123');
    const hashes = [...log.matchAll(/scrypt\$[^"]+/g)].map((m) => m[0]);
    expect(hashes).toHaveLength(2); // registration, change
    const users = JSON.stringify(await gw.atende.readModels.view('users').dump());
    for (const hash of hashes) expect(users).not.toContain(hash);
  });

  it("resets a member's password to a one-time one (changed at the next sign-in); never another company's account", async () => {
    await gw.addMember({
      userId: 'esquecida',
      email: 'esquecida@loja.com',
      password: 'senha-velha-1',
      role: 'Agente',
    });
    const session = await gw.login('esquecida@loja.com', 'senha-velha-1');
    const admin = await gw.signInAsNewMember('admin-reset', 'Admin');
    const supervisor = await gw.signInAsNewMember('supervisor-reset', 'Supervisor');
    const reset = (cookie: string, userId: string) =>
      gw.request<{ oneTimePassword?: string; code?: string }>('POST', `/api/team/${userId}/password-reset`, {
        cookie,
      });

    expect((await reset(supervisor, 'esquecida')).status).toBe(403);
    expect((await reset(admin, gw.atende.demo.ownerId)).status).toBe(403); // an Owner needs an Owner
    expect((await reset(admin, 'admin-reset')).body.code).toBe('RESET_OWN_PASSWORD');
    expect((await reset(admin, 'ninguem')).status).toBe(404);

    const done = await reset(admin, 'esquecida');
    expect(done.status).toBe(200);
    const otp = done.body.oneTimePassword!;
    expect(otp).toMatch(/^[\w-]{16}$/);
    expect((await gw.request('GET', '/api/auth/me', { cookie: session })).status).toBe(401);
    expect((await login('esquecida@loja.com', 'senha-velha-1')).status).toBe(401);
    expect((await login('esquecida@loja.com', otp)).body.code).toBe('PASSWORD_CHANGE_REQUIRED');
    expect((await login('esquecida@loja.com', otp, otp)).body.code).toBe('PASSWORD_UNCHANGED');
    expect((await login('esquecida@loja.com', otp, 'senha-lembrada-1')).status).toBe(200);
    expect((await login('esquecida@loja.com', 'senha-lembrada-1')).status).toBe(200);

    // An account that also belongs to another company is the person's: no team resets it.
    await gw.addMember({
      workspaceId: 'outra-empresa-senha',
      userId: 'contadora-senha',
      email: 'contadora-senha@loja.com',
      password: 'senha-dela-123',
      role: 'Owner',
    });
    await gw.addMember({
      userId: 'contadora-senha',
      email: 'contadora-senha@loja.com',
      password: 'senha-dela-123',
      role: 'Agente',
    });
    const before = await gw.lastPosition();
    expect(await reset(owner, 'contadora-senha')).toMatchObject({
      status: 409,
      body: { code: 'ACCOUNT_SHARED' },
    });
    expect(await gw.lastPosition()).toBe(before);
  });

  it("asks for a new password once the workspace's expiry has passed", async () => {
    // An account whose password was set 40 days ago, in a workspace whose passwords last 30.
    const past = new Date(Date.now() - 40 * 86_400_000).toISOString();
    const workspaceId = gw.atende.demo.workspaceId;
    await gw.atende.store.appendToStream(streams.user('antiga'), [
      atendeRegistry.prepare(
        {
          type: 'UserRegistered',
          data: {
            userId: 'antiga',
            email: 'antiga@loja.com',
            name: 'Antiga',
            authProvider: 'local',
            passwordHash: await hashPassword('senha-de-antes-1'),
            firebaseUid: null,
          },
        },
        { workspaceId, occurredAt: past },
      ),
    ]);
    await gw.atende.store.appendToStream(streams.member(workspaceId, 'antiga'), [
      atendeRegistry.prepare(
        {
          type: 'MemberAdded',
          data: {
            workspaceId,
            userId: 'antiga',
            name: 'Antiga',
            email: 'antiga@loja.com',
            role: 'Agente',
            status: 'active',
          },
        },
        { workspaceId, occurredAt: past },
      ),
    ]);
    await gw.atende.projector.waitForPosition(await gw.lastPosition());
    // 90 days by default: still fine.
    expect((await login('antiga@loja.com', 'senha-de-antes-1')).status).toBe(200);
    expect(
      (
        await gw.request('PUT', '/api/settings', {
          cookie: owner,
          body: { security: { passwordExpiry: 30 } },
        })
      ).status,
    ).toBe(200);
    const expired = await login('antiga@loja.com', 'senha-de-antes-1');
    expect(expired).toMatchObject({
      status: 403,
      body: {
        success: false,
        code: 'PASSWORD_EXPIRED',
        error: 'Sua senha expirou: defina uma nova senha para continuar',
      },
    });
    expect((await login('antiga@loja.com', 'errada-errada')).status).toBe(401); // asked only with the right one
    expect((await login('antiga@loja.com', 'senha-de-antes-1', 'senha-de-agora-1')).status).toBe(200);
    expect((await login('antiga@loja.com', 'senha-de-agora-1')).status).toBe(200);
  });
});
