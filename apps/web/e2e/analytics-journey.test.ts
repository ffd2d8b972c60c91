import type { Page } from 'playwright-core';
import { eventually } from '@atende/gateway/testing';
import { BrowserHarness, describeWithBrowser } from './browser-harness.js';

interface AnalyticsAnswer {
  totals: { inbound: number; outbound: number; conversationsStarted: number };
}

// Analytics in Chromium against the embedded product: figures built by the analytics projection
// from activity the sandbox customers and the API create, the period selector, a reload, and the
// Agente's limits.
describeWithBrowser('analytics journey', () => {
  let browser: BrowserHarness;
  beforeAll(async () => {
    browser = await BrowserHarness.start();
  }, 180_000);
  afterAll(async () => browser?.stop());

  /** Waits until the (background) analytics projection shows `inbound` customer messages. */
  const projected = (cookie: string, inbound: number) =>
    eventually(async () => {
      const res = await browser.gateway.request<AnalyticsAnswer>('GET', '/api/analytics', { cookie });
      return res.body.totals?.inbound === inbound ? res.body : undefined;
    }, 10_000);

  const kpi = (page: Page, title: string) => page.getByRole('group', { name: title, exact: true });
  const kpiValue = async (page: Page, title: string) =>
    (await kpi(page, title).getByTestId(/^kpi-/).textContent())?.trim();
  const periodButton = (page: Page, label: string) =>
    page.getByRole('group', { name: 'Período' }).getByRole('button', { name: label, exact: true });

  it('the KPI cards reflect real activity; 30 dias asks period=30d and updates; a reload keeps it', async () => {
    // Two customers write (three messages); the owner answers one through the API.
    const paula = await browser.customerWrites(
      '5511955550001',
      'Paula Reis',
      'Oi! Quero trocar um produto',
      'e2e-an-1',
    );
    await browser.customerWrites('5511955550002', 'Caio Nunes', 'Bom dia, vocês abrem sábado?', 'e2e-an-2');
    await browser.customerWrites('5511955550001', 'Paula Reis', 'É o pedido 123', 'e2e-an-3');
    const owner = await browser.gateway.loginDemo();
    const me = await browser.gateway.request<{ user: { id: string } }>('GET', '/api/auth/me', {
      cookie: owner,
    });
    const sent = await browser.gateway.request('POST', '/api/whatsapp/send', {
      cookie: owner,
      body: {
        userId: me.body.user.id,
        conversationId: paula,
        content: 'Claro, Paula! Já vejo a troca para você.',
        type: 'text',
        timestamp: new Date().toISOString(),
      },
    });
    expect(sent.status).toBe(200);
    await projected(owner, 3);

    const page = await browser.newPage();
    await browser.signIn(page);
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Analytics' })
      .click();
    await page.waitForURL('**/dashboard/analytics');
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    await kpi(page, 'Mensagens recebidas').getByText('3', { exact: true }).waitFor();
    expect(await kpiValue(page, 'Mensagens enviadas')).toBe('1');
    expect(await kpiValue(page, 'Conversas iniciadas')).toBe('2');
    expect(await kpiValue(page, 'Tempo médio de primeira resposta')).toMatch(
      /^(< 1 s|\d+ s|\d+ min( \d+ s)?)$/,
    );
    expect(await periodButton(page, '7 dias').getAttribute('aria-pressed')).toBe('true');
    const activity = page.getByRole('region', { name: 'Atividade recente' });
    await activity.getByText('Nova conversa com Paula Reis').waitFor();
    await activity.getByText('Nova conversa com Caio Nunes').waitFor();
    expect(
      await page
        .getByRole('table', { name: /^Mensagens por dia/ })
        .getByRole('row')
        .count(),
    ).toBe(8);
    const agents = page.getByRole('table', { name: 'Desempenho por agente' });
    await agents.getByRole('row', { name: /^Demo/ }).waitFor();

    // 30 dias: a new request with period=30d; the page now covers 30 days.
    const asked30 = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/analytics');
    await periodButton(page, '30 dias').click();
    expect(new URL((await asked30).url()).searchParams.get('period')).toBe('30d');
    await page.getByText(/^Últimos 30 dias \(/).waitFor();
    expect(await periodButton(page, '30 dias').getAttribute('aria-pressed')).toBe('true');
    expect(await periodButton(page, '7 dias').getAttribute('aria-pressed')).toBe('false');
    expect(new URL(page.url()).searchParams.get('period')).toBe('30d');
    await page
      .getByRole('table', { name: /^Mensagens por dia/ })
      .getByRole('row')
      .nth(30)
      .waitFor();
    expect(
      await page
        .getByRole('table', { name: /^Mensagens por dia/ })
        .getByRole('row')
        .count(),
    ).toBe(31);
    expect(await kpiValue(page, 'Mensagens recebidas')).toBe('3');

    // A reload keeps 30 dias (the period lives in the address).
    const askedAgain = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/analytics');
    await page.reload();
    expect(new URL((await askedAgain).url()).searchParams.get('period')).toBe('30d');
    await page.getByText(/^Últimos 30 dias \(/).waitFor();
    expect(await periodButton(page, '30 dias').getAttribute('aria-pressed')).toBe('true');
    await kpi(page, 'Mensagens recebidas').getByText('3', { exact: true }).waitFor();

    // New activity, then back to 7 dias: the figures are asked for again and include it.
    await browser.customerWrites('5511955550003', 'Lia Prado', 'Olá!', 'e2e-an-4');
    await projected(owner, 4);
    const asked7 = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/analytics');
    await periodButton(page, '7 dias').click();
    expect(new URL((await asked7).url()).searchParams.get('period')).toBe('7d');
    await kpi(page, 'Mensagens recebidas').getByText('4', { exact: true }).waitFor();
    expect(await kpiValue(page, 'Conversas iniciadas')).toBe('3');
    expect(new URL(page.url()).search).toBe('');
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('an Agente has no Analytics in the menu and reads the permission text at the URL', async () => {
    await browser.signOutBrowser();
    await browser.gateway.signInAsNewMember('beto-analytics', 'Agente', { name: 'Beto Agente' });
    const page = await browser.newPage();
    await browser.signIn(page, 'beto-analytics@loja.com', 'senha-boa-1');
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByRole('link', { name: 'Visão Geral' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Analytics' }).count()).toBe(0);

    await page.goto(`${browser.url}/dashboard/analytics`);
    await page.getByRole('alert').getByText('Você não tem permissão para ver os relatórios.').waitFor();
    expect(await page.getByRole('group', { name: 'Mensagens recebidas' }).count()).toBe(0);
    await page.reload();
    await page.getByText('Você não tem permissão para ver os relatórios.').waitFor();
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
