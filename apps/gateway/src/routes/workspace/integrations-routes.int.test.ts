import type { IntegrationCard } from '@atende/api-contract';
import { maskSecret } from '@atende/projector';
import { GatewayHarness } from '../../testing/harness.js';
import { deniedCount, signInEveryone, type Cookies } from './testing.js';

type ListAnswer = { success: boolean; integrations: IntegrationCard[] };
type CardAnswer = { success: boolean; integration: IntegrationCard; message: string };

describe('integrations API', () => {
  let gw: GatewayHarness;
  let c: Cookies;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    c = await signInEveryone(gw, 'integ');
  });
  afterAll(async () => gw.stop());

  const card = async (cookie: string, type: string) =>
    (await gw.request<ListAnswer>('GET', '/api/integrations', { cookie })).body.integrations.find(
      (i) => i.type === type,
    )!;

  it('lists the six cards with display names and config field labels', async () => {
    const res = await gw.request<ListAnswer>('GET', '/api/integrations', { cookie: c.admin });
    expect(res.status).toBe(200);
    expect(res.body.integrations.map((i) => [i.type, i.name, i.status])).toEqual([
      ['whatsapp', 'WhatsApp Business', 'disconnected'],
      ['telegram', 'Telegram Bot', 'disconnected'],
      ['messenger', 'Facebook Messenger', 'disconnected'],
      ['instagram', 'Instagram Direct', 'disconnected'],
      ['email', 'Email', 'disconnected'],
      ['website', 'Website Chat', 'disconnected'],
    ]);
    const email = res.body.integrations.find((i) => i.type === 'email')!;
    expect(email).toMatchObject({
      configFields: ['SMTP Server', 'Email', 'Password', 'IMAP Server', 'TLS'],
      secretFields: ['Password'],
      config: {},
      connectedAt: null,
    });
  });

  it('configures a card: connected, secrets never sent back in full; persisted', async () => {
    const token = '123456:ABCDEF-segredo-do-bot';
    const res = await gw.request<CardAnswer>('PUT', '/api/integrations/telegram', {
      cookie: c.admin,
      body: { config: { 'Bot Token': token, 'Chat ID': '-100200', 'Webhook URL': 'https://loja.com/hook' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.integration).toMatchObject({
      status: 'connected',
      config: { 'Bot Token': '••••-bot', 'Chat ID': '-100200', 'Webhook URL': 'https://loja.com/hook' },
    });
    expect(res.body.integration.connectedAt).not.toBeNull();
    expect(JSON.stringify(res.body)).not.toContain(token);

    const listed = await card(c.owner, 'telegram');
    expect(listed.status).toBe('connected');
    expect(JSON.stringify(listed)).not.toContain(token);
    expect(listed.config['Bot Token']).toBe(maskSecret(token));
  });

  it('keeps the stored secret when its masked form is sent back unchanged', async () => {
    const secret = 'senha-do-smtp-muito-secreta';
    await gw.request('PUT', '/api/integrations/email', {
      cookie: c.owner,
      body: { config: { 'SMTP Server': 'smtp.loja.com', Email: 'a@loja.com', Password: secret } },
    });
    const shown = await card(c.owner, 'email');
    const res = await gw.request<CardAnswer>('PUT', '/api/integrations/email', {
      cookie: c.owner,
      body: { config: { ...shown.config, 'SMTP Server': 'smtp2.loja.com' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.integration.config).toEqual({
      'SMTP Server': 'smtp2.loja.com',
      Email: 'a@loja.com',
      Password: maskSecret(secret),
    });
    const events = await gw.atende.store.readStream('workspace-minha-empresa');
    const last = events.filter((e) => e.type === 'IntegrationConfigured').at(-1)!;
    expect(last.data).toEqual({
      integrationType: 'email',
      config: { 'SMTP Server': 'smtp2.loja.com', Email: 'a@loja.com', Password: secret },
    });
    // The secret is in the log only: the read model (published to every host) holds it masked.
    const readModel = await gw.atende.readModels.view('workspaces').dump();
    expect(JSON.stringify(readModel)).not.toContain(secret);
    expect(readModel.docs.integration?.['minha-empresa:email']).toMatchObject({
      config: { Password: maskSecret(secret) },
    });

    // A stale masked value is refused rather than stored as bullets.
    const before = await gw.lastPosition();
    const stale = await gw.request('PUT', '/api/integrations/email', {
      cookie: c.owner,
      body: { config: { Password: '••••zzzz' } },
    });
    expect(stale.status).toBe(400);
    expect(await gw.lastPosition()).toBe(before);
  });

  it('disconnects a card, forgetting its config; disconnecting again is refused', async () => {
    await gw.request('PUT', '/api/integrations/website', {
      cookie: c.admin,
      body: { config: { 'Website URL': 'https://loja.com', 'Widget Code': '<script></script>' } },
    });
    const res = await gw.request<CardAnswer>('DELETE', '/api/integrations/website', { cookie: c.admin });
    expect(res.status).toBe(200);
    expect(res.body.integration).toMatchObject({ status: 'disconnected', config: {}, connectedAt: null });
    expect((await card(c.owner, 'website')).status).toBe('disconnected');
    const before = await gw.lastPosition();
    const again = await gw.request('DELETE', '/api/integrations/website', { cookie: c.admin });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ success: false, error: 'Integração não conectada' });
    expect(await gw.lastPosition()).toBe(before);
  });

  it('answers 404 for an unknown type and 400 for an unknown label or bad config (nothing written)', async () => {
    const before = await gw.lastPosition();
    const unknown = await gw.request('PUT', '/api/integrations/sms', {
      cookie: c.owner,
      body: { config: {} },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, error: 'Integração não encontrada', code: 'NOT_FOUND' });
    expect((await gw.request('DELETE', '/api/integrations/sms', { cookie: c.owner })).status).toBe(404);
    const label = await gw.request('PUT', '/api/integrations/whatsapp', {
      cookie: c.owner,
      body: { config: { 'Bot Token': 'x' } },
    });
    expect(label.status).toBe(400);
    expect(label.body).toMatchObject({ code: 'INTEGRATION_FIELD_UNKNOWN' });
    for (const body of [
      { config: { 'Phone Number': 5511 } },
      { config: 'x' },
      {},
      { config: {}, status: 'connected' },
    ]) {
      const res = await gw.request('PUT', '/api/integrations/whatsapp', { cookie: c.owner, body });
      expect(res.status).toBe(400);
    }
    expect(await gw.lastPosition()).toBe(before);
  });

  it('lists the cards only for integrations:manage (Agente and Supervisor: 403, audited)', async () => {
    for (const cookie of [c.agent, c.supervisor]) {
      const denied = await deniedCount(gw);
      const res = await gw.request('GET', '/api/integrations', { cookie });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
      expect(JSON.stringify(res.body)).not.toContain('integrations');
      expect(await deniedCount(gw)).toBe(denied + 1);
    }
    for (const cookie of [c.admin, c.owner]) {
      expect((await gw.request('GET', '/api/integrations', { cookie })).status).toBe(200);
    }
  });

  it('lets only integrations:manage change cards (Supervisor: 403, audited)', async () => {
    for (const [method, body] of [
      ['PUT', { config: { 'Phone Number': '5511999990000' } }],
      ['DELETE', undefined],
    ] as const) {
      const denied = await deniedCount(gw);
      const res = await gw.request(method, '/api/integrations/telegram', {
        cookie: c.supervisor,
        ...(body ? { body } : {}),
      });
      expect(res.status).toBe(403);
      expect(await deniedCount(gw)).toBe(denied + 1);
    }
    expect((await card(c.owner, 'telegram')).status).toBe('connected');
  });

  it('answers 401 without a session', async () => {
    expect((await gw.request('GET', '/api/integrations')).status).toBe(401);
    expect((await gw.request('PUT', '/api/integrations/telegram', { body: { config: {} } })).status).toBe(
      401,
    );
    expect((await gw.request('DELETE', '/api/integrations/telegram')).status).toBe(401);
  });

  it("keeps each workspace's integrations apart", async () => {
    const foreign = await gw.request<ListAnswer>('GET', '/api/integrations', { cookie: c.foreign });
    expect(foreign.body.integrations.every((i) => i.status === 'disconnected')).toBe(true);
    expect((await gw.request('DELETE', '/api/integrations/telegram', { cookie: c.foreign })).status).toBe(
      400,
    );
    expect((await card(c.owner, 'telegram')).status).toBe('connected');
  });
});
