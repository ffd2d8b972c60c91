import { GatewayHarness } from '../testing/harness.js';
import { eventually } from '../testing/eventually.js';

const waitFor = <T>(probe: () => Promise<T | undefined>) => eventually(probe, 15_000, 100);

describe('embedded Atende with WHATSAPP_DRIVER=wwebjs', () => {
  let gw: GatewayHarness;
  beforeAll(async () => {
    // A browser that cannot start stands for any failing initialize() (offline, no Chromium).
    gw = await GatewayHarness.start({
      env: {
        WHATSAPP_DRIVER: 'wwebjs',
        CHROMIUM_PATH: '/nonexistent/chromium',
        ATENDE_OWNER_EMAIL: 'dono@loja.com',
        ATENDE_OWNER_PASSWORD: 'senha-segura-1',
      },
    });
  });
  afterAll(async () => gw.stop());

  it('records a session whose browser cannot start as failed, keeps serving, and has no sandbox', async () => {
    const cookie = await gw.login('dono@loja.com', 'senha-segura-1');
    const me = await gw.request<{ user: { id: string } }>('GET', '/api/auth/me', { cookie });
    const connect = await gw.request<{ sessionId: string; connected: boolean }>(
      'POST',
      '/api/whatsapp/connect',
      {
        cookie,
        body: { userId: me.body.user.id, phoneNumber: '5511912345678', name: 'Loja' },
      },
    );
    expect(connect.status).toBe(200);
    expect(connect.body.connected).toBe(false);
    const failed = await waitFor(async () => {
      const res = await gw.request<{ status: string; lastError?: string | null; driver?: string }>(
        'GET',
        `/api/whatsapp/status/${connect.body.sessionId}`,
        { cookie },
      );
      return res.body.status === 'failed' ? res.body : undefined;
    });
    expect(failed).toMatchObject({ status: 'failed' });
    expect((await gw.request('GET', '/healthz')).status).toBe(200);
    expect(
      (await gw.request('POST', '/api/sandbox/whatsapp/scan', { body: { sessionId: 'x' } })).status,
    ).toBe(404);
  });
});
