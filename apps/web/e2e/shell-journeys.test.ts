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
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    // Taken over by its app once loaded (hydrated: nothing logged about it).
    await browser.openLanding(page);
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
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it('landing: its HTML comes rendered, so it paints before (and without) any script', async () => {
    const res = await fetch(browser.url, { headers: { accept: 'text/html' } });
    const html = await res.text();
    expect(html).toContain('Pular para o conteúdo');
    expect(html).not.toContain('<div id="root"></div>');
    // Only the public pages' entry, not the whole app's (inbox, socket, windows).
    const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/landing-[\w-]+\.js$/)]);
    const noScript = await browser.context.browser()!.newContext({ javaScriptEnabled: false });
    try {
      const page = await noScript.newPage();
      await page.goto(browser.url);
      expect(await page.getByRole('link', { name: 'Preços' }).first().isVisible()).toBe(true);
      expect(await page.locator('main#conteudo h1').count()).toBe(1);
    } finally {
      await noScript.close();
    }
  });

  it('login: its own small entry too, and signing in opens the whole app at /dashboard', async () => {
    const html = await (await fetch(`${browser.url}/login`, { headers: { accept: 'text/html' } })).text();
    expect(html).toMatch(/<script[^>]*src="\/assets\/public-[\w-]+\.js"/);
    const page = await browser.newPage();
    await browser.signIn(page);
    const app = await page.evaluate(() =>
      Array.from(document.querySelectorAll('script[src]'), (s) => s.getAttribute('src')),
    );
    // /dashboard's own entry, which starts the whole app once its pre-rendered frame has painted.
    expect(app).toEqual([expect.stringMatching(/^\/assets\/dashboard-[\w-]+\.js$/)]);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('dashboard: its frame comes rendered, so it paints before any script; the app then takes it over', async () => {
    const html = await (await fetch(`${browser.url}/dashboard`, { headers: { accept: 'text/html' } })).text();
    const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/dashboard-[\w-]+\.js$/)]);
    // The stylesheet is in the page: nothing stands between the HTML and its first paint.
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    const page = await browser.newPage();
    await browser.signIn(page);
    const noScript = await browser.context.browser()!.newContext({ javaScriptEnabled: false });
    try {
      await noScript.addCookies(await browser.context.cookies());
      const frame = await noScript.newPage();
      await frame.goto(`${browser.url}/dashboard`);
      expect(await frame.getByText('Acompanhe suas conversas, emails e anotações.').isVisible()).toBe(true);
      expect(await frame.getByRole('heading', { name: 'Olá!' }).isVisible()).toBe(true);
    } finally {
      await noScript.close();
    }
    await page.reload();
    await page.getByRole('heading', { name: /Olá, .*Demo/ }).waitFor();
    expect(await page.getByText('Olá!', { exact: true }).count()).toBe(0);
    expect(await page.locator('[data-startup-frame]').count()).toBe(0);
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
    // The page takes the member's own theme once the session is known: look at it after that.
    await page.getByRole('heading', { name: /Demo/ }).waitFor();
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
