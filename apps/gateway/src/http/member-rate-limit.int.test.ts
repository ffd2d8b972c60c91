import { GatewayHarness } from '../testing/harness.js';
import { receiveMessage } from '../routes/conversations/testing.js';

/** Issue 25 (8): the expensive calls are limited per member (429 with the error shape). */
describe('per-member limits of expensive calls', () => {
  let gw: GatewayHarness;
  beforeAll(async () => {
    gw = await GatewayHarness.start({ channel: false });
  });
  afterAll(async () => gw?.stop());

  it('allows 5 exports a minute per member, then 429; another member still gets theirs', async () => {
    const owner = await gw.loginDemo();
    for (let i = 0; i < 5; i += 1) {
      expect((await gw.request('GET', '/api/account/export', { cookie: owner })).status).toBe(200);
    }
    const refused = await gw.request('GET', '/api/account/export', { cookie: owner });
    expect(refused).toMatchObject({
      status: 429,
      body: {
        success: false,
        code: 'TOO_MANY_REQUESTS',
        error: 'Muitas requisições. Tente novamente em instantes.',
      },
    });
    const other = await gw.createCompany({ name: 'Outra', ownerEmail: 'dono@outra-rl.com' });
    expect((await gw.request('GET', '/api/account/export', { cookie: other.cookie })).status).toBe(200);
  });

  it('counts only message pages over 100 (30 a minute); the usual pages are free', async () => {
    const chatId = '5511900001111@c.us';
    await gw.atende.projector.waitForPosition(await receiveMessage(gw, { chatId, text: 'Oi' }));
    const agent = await gw.signInAsNewMember('agente-paginas', 'Supervisor');
    const page = (limit: number) =>
      gw.request('GET', `/api/whatsapp/messages/${encodeURIComponent(chatId)}?limit=${limit}`, {
        cookie: agent,
      });
    for (let i = 0; i < 40; i += 1) expect((await page(100)).status).toBe(200);
    for (let i = 0; i < 30; i += 1) expect((await page(500)).status).toBe(200);
    expect((await page(500)).status).toBe(429);
    expect((await page(100)).status).toBe(200);
  });
});
