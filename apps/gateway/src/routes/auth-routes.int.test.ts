import { GatewayHarness } from '../testing/harness.js';

describe('auth API', () => {
  let gw: GatewayHarness;
  beforeAll(async () => {
    gw = await GatewayHarness.start({ loginLimits: { perAccountAddress: 3, perAddress: 1000 } });
    await gw.addMember({
      userId: 'inativo',
      email: 'inativo@loja.com',
      password: 'senha-boa-1',
      role: 'Agente',
      status: 'inactive',
    });
  });
  afterAll(async () => gw.stop());

  it('signs in: httpOnly SameSite=Lax session cookie, then /me answers the user', async () => {
    const res = await gw.request<{ success: boolean; user: Record<string, unknown> }>(
      'POST',
      '/api/auth/login',
      {
        body: { email: 'Demo@Atende.local', password: 'demo1234' },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      email: 'demo@atende.local',
      company: 'Minha Empresa',
      role: 'Owner',
      trialDays: 7,
    });
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^atende_session=[\w-]+;/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = setCookie.split(';')[0]!;
    const me = await gw.request<{ user: { name: string; trialDaysLeft: number } }>('GET', '/api/auth/me', {
      cookie,
    });
    expect(me.status).toBe(200);
    expect(me.body.user.name).toBe('Demo');
    expect(me.body.user.trialDaysLeft).toBe(7);
  });

  it('answers an unknown e-mail and a wrong password the same way', async () => {
    const unknown = await gw.request('POST', '/api/auth/login', {
      body: { email: 'ninguem@atende.local', password: 'x' },
    });
    const wrong = await gw.request('POST', '/api/auth/login', {
      body: { email: 'demo@atende.local', password: 'errada' },
    });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.body).toEqual({
      success: false,
      error: 'Usuário não encontrado ou senha incorreta',
      code: 'INVALID_CREDENTIALS',
    });
  });

  it('asks for a retry (503), not "wrong password", for an account the read models have not caught up with', async () => {
    const behind = await GatewayHarness.start();
    try {
      await behind.atende.projector.stop(); // as a projector restarting: the log moves on without it
      await behind.addMember({
        userId: 'recente',
        email: 'recente@loja.com',
        password: 'senha-boa-1',
        role: 'Agente',
      });
      const res = await behind.request('POST', '/api/auth/login', {
        body: { email: 'recente@loja.com', password: 'senha-boa-1' },
      });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        success: false,
        error: 'O serviço está sendo atualizado. Tente entrar novamente em instantes.',
        code: 'NOT_READY',
      });
    } finally {
      await behind.stop();
    }
  });

  it('refuses a malformed e-mail with the spec text', async () => {
    const res = await gw.request('POST', '/api/auth/login', {
      body: { email: 'não-é-email', password: 'x' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'Email inválido', code: 'INVALID_EMAIL' });
  });

  it('refuses an inactive member', async () => {
    const res = await gw.request('POST', '/api/auth/login', {
      body: { email: 'inativo@loja.com', password: 'senha-boa-1' },
    });
    expect(res.status).toBe(401);
  });

  it('throttles repeated failures per account, even with the right password afterwards', async () => {
    await gw.addMember({ userId: 'alvo', email: 'alvo@loja.com', password: 'senha-certa-1', role: 'Agente' });
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await gw.request('POST', '/api/auth/login', { body: { email: 'alvo@loja.com', password: 'chute' } }))
          .status,
      ).toBe(401);
    }
    const blocked = await gw.request('POST', '/api/auth/login', {
      body: { email: 'alvo@loja.com', password: 'senha-certa-1' },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      success: false,
      error: 'Muitas tentativas. Tente novamente mais tarde',
      code: 'TOO_MANY_ATTEMPTS',
    });
    // Another account from the same address is not affected.
    expect(
      (
        await gw.request('POST', '/api/auth/login', {
          body: { email: 'demo@atende.local', password: 'demo1234' },
        })
      ).status,
    ).toBe(200);
  });

  it('logout ends the session on the server: the old cookie no longer works', async () => {
    const cookie = await gw.loginDemo();
    expect((await gw.request('POST', '/api/auth/logout', { cookie })).status).toBe(200);
    const me = await gw.request('GET', '/api/auth/me', { cookie });
    expect(me.status).toBe(401);
    expect(me.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });

  it("remembers the user's theme on the server, and refuses other values without writing", async () => {
    const cookie = await gw.loginDemo();
    const before = await gw.atende.store.lastGlobalPosition();
    const bad = await gw.request('PUT', '/api/auth/me/theme', { cookie, body: { theme: 'purple' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(await gw.atende.store.lastGlobalPosition()).toBe(before);
    expect((await gw.request('PUT', '/api/auth/me/theme', { body: { theme: 'dark' } })).status).toBe(401);

    const saved = await gw.request('PUT', '/api/auth/me/theme', { cookie, body: { theme: 'dark' } });
    expect(saved.body).toEqual({ success: true, theme: 'dark' });
    const me = await gw.request<{ user: { theme: string | null } }>('GET', '/api/auth/me', { cookie });
    expect(me.body.user.theme).toBe('dark');
    await gw.request('PUT', '/api/auth/me/theme', { cookie, body: { theme: 'light' } });
    expect(
      (await gw.request<{ user: { theme: string } }>('GET', '/api/auth/me', { cookie })).body.user.theme,
    ).toBe('light');
  });

  it('refuses a forged cookie', async () => {
    const me = await gw.request('GET', '/api/auth/me', {
      cookie: 'atende_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(me.status).toBe(401);
  });

  it.each([
    ['missing password', { email: 'demo@atende.local' }, 400, 'VALIDATION_ERROR'],
    [
      'an extra field',
      { email: 'demo@atende.local', password: 'demo1234', userId: 'x' },
      400,
      'VALIDATION_ERROR',
    ],
    ['a number for the e-mail', { email: 42, password: 'x' }, 400, 'VALIDATION_ERROR'],
  ])('answers 400 for %s, writing nothing', async (_label, body, status, code) => {
    const before = await gw.lastPosition();
    const res = await gw.request('POST', '/api/auth/login', { body });
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ success: false, code });
    expect(typeof (res.body as { error: unknown }).error).toBe('string');
    expect(await gw.lastPosition()).toBe(before);
  });

  it('answers invalid JSON with 400 and an oversized body with 413', async () => {
    const invalid = await gw.request('POST', '/api/auth/login', { body: '{"email": ' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ success: false, error: 'JSON inválido', code: 'INVALID_JSON' });
    const huge = await gw.request('POST', '/api/auth/login', {
      body: { email: 'a@b.co', password: 'x'.repeat(200_000) },
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('CORS and proxies', () => {
  it('lets only the configured web origin call with credentials, and marks the cookie Secure behind an https proxy', async () => {
    const gw = await GatewayHarness.start({
      env: { WEB_ORIGIN: 'https://app.loja.com.br', TRUST_PROXY: '1' },
    });
    try {
      const allowed = await gw.request('GET', '/api/auth/config', {
        headers: { origin: 'https://app.loja.com.br' },
      });
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.loja.com.br');
      expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
      const other = await gw.request('GET', '/api/auth/config', {
        headers: { origin: 'https://malicioso.example' },
      });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      const login = await gw.request('POST', '/api/auth/login', {
        body: { email: 'demo@atende.local', password: 'demo1234' },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(login.headers.get('set-cookie')).toMatch(/; Secure/i);
    } finally {
      await gw.stop();
    }
  });
});

describe('gateway basics', () => {
  let gw: GatewayHarness;
  beforeAll(async () => {
    gw = await GatewayHarness.start();
  });
  afterAll(async () => gw.stop());

  it('answers an unknown route with 404 in the error shape', async () => {
    const res = await gw.request('GET', '/api/nada');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: 'Rota não encontrada', code: 'NOT_FOUND' });
  });

  it('serves an OpenAPI 3.1 document generated from the route schemas', async () => {
    const res = await gw.request<{
      openapi: string;
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: { required: string[] } }> } }>
      >;
    }>('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const login = res.body.paths['/api/auth/login']!.post!;
    expect(login.requestBody!.content['application/json']!.schema.required).toEqual(['email', 'password']);
  });

  it('has /healthz and /readyz for anyone, with no details, and no public /metrics', async () => {
    expect(await gw.request('GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(Object.keys((await gw.request<Record<string, unknown>>('GET', '/healthz')).body)).toEqual([
      'status',
    ]);
    expect(await gw.request('GET', '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
    expect(await gw.request('GET', '/metrics')).toMatchObject({
      status: 404,
      body: { success: false, code: 'NOT_FOUND' },
    });
  });

  it('serves /metrics and the detailed /healthz with METRICS_TOKEN as a bearer, or on METRICS_PORT', async () => {
    const token = 'um-token-de-metricas-bem-longo';
    const ops = await GatewayHarness.start({
      channel: false,
      env: { METRICS_TOKEN: token, METRICS_PORT: '0' },
    });
    try {
      await ops.request('GET', '/api/auth/me');
      const bearer = (value: string) => ({ headers: { authorization: `Bearer ${value}` } });
      expect(await ops.request('GET', '/metrics')).toMatchObject({
        status: 401,
        body: { code: 'UNAUTHENTICATED' },
      });
      expect((await ops.request('GET', '/metrics', bearer(`${token}x`))).status).toBe(401);
      const metrics = await ops.request('GET', '/metrics', bearer(token));
      expect(metrics.status).toBe(200);
      expect(String(metrics.body)).toContain('atende_http_request_duration_seconds_bucket');
      const health = await ops.request<{ eventStore?: { lastGlobalPosition: number } }>(
        'GET',
        '/healthz',
        bearer(token),
      );
      expect(health.body.eventStore?.lastGlobalPosition).toBe(await ops.lastPosition());
      expect(Object.keys((await ops.request('GET', '/healthz', bearer('errado'))).body)).toEqual(['status']);

      // The separate listener (loopback by default) needs no token.
      const url = ops.atende.metricsUrl!;
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const separate = await fetch(`${url}/metrics`);
      expect(separate.status).toBe(200);
      expect(await separate.text()).toContain('atende_process_resident_memory_bytes');
      expect((await fetch(`${url}/api/auth/config`)).status).toBe(404);
    } finally {
      await ops.stop();
    }
  });

  it('sends security headers and a request id', async () => {
    const res = await gw.request('GET', '/healthz');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
