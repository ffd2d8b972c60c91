import { randomUUID } from 'node:crypto';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { GatewayHarness } from '../testing/harness.js';

const PROJECT = 'demo-atende';
const EMULATOR = 'http://127.0.0.1:9099';
const describeWithFirebase =
  process.env.ATENDE_TEST_FIREBASE === '1'
    ? describe
    : (name: string, fn: () => void) =>
        describe.skip(`${name} (skipped: Firebase Auth emulator not running)`, fn);

/** Signs in on the emulator as the browser's Firebase SDK would, returning the ID token. */
async function idTokenFor(email: string, password: string): Promise<string> {
  const res = await fetch(
    `${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await res.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`emulator sign-in failed: ${JSON.stringify(body)}`);
  return body.idToken;
}

describeWithFirebase('Firebase mode (Auth emulator)', () => {
  let gw: GatewayHarness;
  const admin = () =>
    getAuth(
      getApps().find((a) => a.name === 'test-admin') ?? initializeApp({ projectId: PROJECT }, 'test-admin'),
    );
  const suffix = randomUUID().slice(0, 8);
  const member = { email: `agente-${suffix}@loja.com`, password: 'senha-firebase-1' };

  beforeAll(async () => {
    gw = await GatewayHarness.start({
      env: { AUTH: 'firebase', FIREBASE_PROJECT_ID: PROJECT, FIREBASE_API_KEY: 'fake-api-key' },
    });
    await gw.addMember({
      userId: `fb-${suffix}`,
      email: member.email,
      password: 'local-nao-usada-1',
      role: 'Agente',
      name: 'Agente Firebase',
    });
    await admin().createUser({ email: member.email, password: member.password, emailVerified: true });
    await admin().createUser({
      email: `naoverificado-${suffix}@loja.com`,
      password: member.password,
      emailVerified: false,
    });
    await admin().createUser({
      email: `estranho-${suffix}@loja.com`,
      password: member.password,
      emailVerified: true,
    });
  });
  afterAll(async () => gw.stop());

  it('tells the browser to sign in with Firebase', async () => {
    const res = await gw.request('GET', '/api/auth/config');
    expect(res.body).toEqual({
      success: true,
      mode: 'firebase',
      firebase: { projectId: PROJECT, apiKey: 'fake-api-key' },
      signup: false,
    });
  });

  it('trades a verified Firebase ID token for an Atende session of the member with that e-mail', async () => {
    const idToken = await idTokenFor(member.email, member.password);
    const res = await gw.request<{ user: { email: string; role: string } }>('POST', '/api/auth/firebase', {
      body: { idToken },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: member.email, role: 'Agente' });
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    expect((await gw.request('GET', '/api/auth/me', { cookie })).status).toBe(200);
  });

  it('refuses an unverified e-mail, an account Atende does not know, and a forged token', async () => {
    const unverified = await gw.request('POST', '/api/auth/firebase', {
      body: { idToken: await idTokenFor(`naoverificado-${suffix}@loja.com`, member.password) },
    });
    expect(unverified).toMatchObject({
      status: 401,
      body: { success: false, code: 'USER_NOT_FOUND', error: 'Usuário não encontrado' },
    });
    const stranger = await gw.request('POST', '/api/auth/firebase', {
      body: { idToken: await idTokenFor(`estranho-${suffix}@loja.com`, member.password) },
    });
    expect(stranger.status).toBe(401);
    const forged = await gw.request('POST', '/api/auth/firebase', { body: { idToken: 'x'.repeat(40) } });
    expect(forged).toMatchObject({
      status: 401,
      body: { code: 'INVALID_ID_TOKEN', error: 'Erro ao fazer login com Google' },
    });
  });
});

describe('Firebase endpoint in local mode', () => {
  it('answers that Firebase sign-in is not enabled', async () => {
    const gw = await GatewayHarness.start();
    try {
      const res = await gw.request('POST', '/api/auth/firebase', { body: { idToken: 'x'.repeat(40) } });
      expect(res).toMatchObject({ status: 400, body: { success: false, code: 'FIREBASE_DISABLED' } });
      expect((await gw.request('GET', '/api/auth/config')).body).toEqual({
        success: true,
        mode: 'local',
        signup: false,
        firebase: null,
      });
    } finally {
      await gw.stop();
    }
  });
});
