import { BrowserHarness, describeWithBrowser } from './browser-harness.js';

// Issue 25 (3): a socket never outlives its session, and the browser's other tabs notice. Two tabs
// of the same signed-in browser; signing out in one sends the other to /login at once (not left on
// /dashboard saying "Sessão expirada"); a session ended on the server (the member removed) does too.
describeWithBrowser('session ends in every tab', () => {
  let browser: BrowserHarness;
  beforeAll(async () => {
    browser = await BrowserHarness.start();
  }, 180_000);
  afterAll(async () => browser?.stop());

  it('signing out in one tab sends the other tab to /login', async () => {
    const first = await browser.newPage();
    await browser.signIn(first);
    const second = await browser.newPage();
    await second.goto(`${browser.url}/dashboard`);
    await second.getByRole('heading', { name: 'Olá, Demo!' }).waitFor();

    await first.getByRole('button', { name: 'Sair' }).click();
    await first.waitForURL(`${browser.url}/`);
    await second.waitForURL('**/login', { timeout: 5000 });
    expect(first.errors).toEqual([]);
    expect(second.errors).toEqual([]);
  });

  it('a member removed while signed in is sent to /login by the closed socket', async () => {
    const gw = browser.gateway;
    await gw.addMember({
      userId: 'agente-removido',
      email: 'removido@loja.com',
      password: 'senha-boa-1',
      role: 'Agente',
    });
    await browser.signOutBrowser();
    const page = await browser.newPage();
    await browser.signIn(page, 'removido@loja.com', 'senha-boa-1');
    await page.getByText('Nenhuma conversa ativa').or(page.getByText('Conversas Ativas')).first().waitFor();
    const owner = await gw.loginDemo();
    expect((await gw.request('DELETE', '/api/team/agente-removido', { cookie: owner })).status).toBe(200);
    await page.waitForURL('**/login', { timeout: 5000 });
    expect(page.errors).toEqual([]);
  });
});
