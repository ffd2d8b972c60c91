import { BrowserHarness, describeWithBrowser } from './browser-harness.js';

// Browser journeys of the app shell (landing, login, protected layout) in Debian's Chromium against
// the built client served by a real embedded gateway.
describeWithBrowser('web shell journeys', () => {
  let browser: BrowserHarness;
  beforeAll(async () => {
    browser = await BrowserHarness.start();
  }, 180_000);
  afterAll(async () => browser?.stop());
  beforeEach(async () => browser.signOutBrowser());

  it('landing: the header anchors scroll to their sections, and both modals open and close', async () => {
    const page = await browser.newPage();
    await page.goto(browser.url);
    for (const [name, id] of [
      ['Problemas', 'problems'],
      ['Soluções', 'features'],
      ['Preços', 'pricing'],
    ] as const) {
      await page.getByRole('banner').getByRole('link', { name, exact: true }).click();
      await page.waitForURL(`**/#${id}`);
      await page.locator(`#${id}`).waitFor();
      expect(await page.locator(`#${id}`).isVisible()).toBe(true);
    }

    await page.locator('#problems').getByRole('button').first().click();
    const problem = page.getByRole('dialog');
    await problem.getByText('Implementação em minutos').waitFor();
    expect(await problem.getByText('Resultados imediatos').isVisible()).toBe(true);
    expect(await problem.getByText('Suporte especializado').isVisible()).toBe(true);
    await problem.getByRole('button', { name: 'Fechar' }).click();
    await problem.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: /^Email/ }).click();
    const email = page.getByRole('dialog');
    await email.getByText(/OAuth 2\.0/).waitFor();
    await page.keyboard.press('Escape');
    await email.waitFor({ state: 'detached' });
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('/dashboard while signed out goes to /login', async () => {
    const page = await browser.newPage();
    await page.goto(`${browser.url}/dashboard`);
    await page.waitForURL('**/login');
    await page.getByLabel('Email').waitFor();
    await page.close();
  });

  it('a failed login shows the error catalogue text', async () => {
    const page = await browser.newPage();
    await page.goto(`${browser.url}/login`);
    await page.getByLabel('Email').fill('demo@atende.local');
    await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.getByRole('alert').getByText('Usuário não encontrado ou senha incorreta').waitFor();
    expect(page.url()).toMatch(/\/login$/);

    await page.getByLabel('Email').fill('demo@atende');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.getByRole('alert').getByText('Email inválido').waitFor();
    await page.close();
  });

  it('signs in to /dashboard with the user name, keeps the session on reload, and signs out to /', async () => {
    const page = await browser.newPage();
    await browser.signIn(page);
    await page.getByRole('heading', { name: /Demo/ }).waitFor();
    expect(await page.getByText('Minha Empresa').first().isVisible()).toBe(true);

    await page.reload();
    await page.getByRole('heading', { name: /Demo/ }).waitFor();
    expect(page.url()).toMatch(/\/dashboard$/);

    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // The session ended on the server: the dashboard now sends the visitor to /login.
    await page.goto(`${browser.url}/dashboard`);
    await page.waitForURL('**/login');
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('remembers the dark-blue theme per user across a reload', async () => {
    const page = await browser.newPage();
    await browser.signIn(page);
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    const before = await isDark();
    await page.getByRole('button', { name: before ? 'Usar tema claro' : 'Usar tema escuro' }).click();
    expect(await isDark()).toBe(!before);
    await page.reload();
    await page.getByRole('heading', { name: /Demo/ }).waitFor();
    expect(await isDark()).toBe(!before);
    await page.close();
  });
});
