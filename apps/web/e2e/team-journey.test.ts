import type { Page } from 'playwright-core';
import { BrowserHarness, describeWithBrowser } from './browser-harness.js';

// Equipe in Chromium against the embedded product: the owner adds an agent whose one-time password
// signs them in; the agent sees neither team management nor integrations and the API refuses them;
// the owner edits and removes the member, and reloads keep the table as the server has it.
describeWithBrowser('team journey', () => {
  let browser: BrowserHarness;
  beforeAll(async () => {
    browser = await BrowserHarness.start();
  }, 180_000);
  afterAll(async () => browser?.stop());
  beforeEach(async () => browser.signOutBrowser());

  const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });
  const table = (page: Page) => page.getByRole('table', { name: 'Membros da equipe' });
  const row = (page: Page, name: string) => table(page).getByRole('row', { name: new RegExp(name) });

  const signOut = async (page: Page) => {
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  };

  it('the owner adds an agent with a one-time password; the agent is kept out of team management', async () => {
    const page = await browser.newPage();
    await browser.signIn(page);
    await menu(page).getByRole('link', { name: 'Equipe' }).click();
    await page.waitForURL('**/dashboard/team');
    await page.getByRole('heading', { name: 'Equipe' }).waitFor();
    await page.getByText('Gerencie usuários e administradores').waitFor();
    await row(page, 'demo@atende.local').waitFor();

    // Add: the modal starts with Agente and Ativo, and really saves.
    await page.getByRole('button', { name: 'Adicionar Membro' }).click();
    const form = page.getByRole('dialog', { name: 'Adicionar Membro' });
    expect(await form.getByLabel('Função').inputValue()).toBe('Agente');
    expect(await form.getByLabel('Status').inputValue()).toBe('active');
    await form.getByLabel('Nome').fill('Joana Agente');
    await form.getByLabel('Email').fill('joana@loja.com');
    await form.getByRole('button', { name: 'Adicionar', exact: true }).click();

    // The one-time password, once.
    const credentials = page.getByRole('dialog', { name: 'Membro adicionado' });
    await credentials.waitFor();
    await credentials.getByText('Esta senha não será mostrada novamente.', { exact: false }).waitFor();
    const password = await credentials.getByLabel('Senha provisória').inputValue();
    expect(password.length).toBeGreaterThanOrEqual(12);
    await credentials.getByRole('button', { name: 'Concluir' }).click();
    await credentials.waitFor({ state: 'detached' });
    expect(await page.getByText(password).count()).toBe(0);

    const joana = row(page, 'Joana Agente');
    await joana.waitFor();
    expect(await joana.textContent()).toContain('joana@loja.com');
    expect(await joana.textContent()).toContain('Agente');
    expect(await joana.textContent()).toContain('Ativo');
    expect(await joana.textContent()).toContain('Nunca');
    // Last activity is real: adding the member was the owner's action, shown as a pt-BR date and time.
    expect(await row(page, 'demo@atende.local').textContent()).toMatch(/\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}/);
    // Owner members have no remove button.
    expect(await page.getByRole('button', { name: 'Remover Demo' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Remover Joana Agente' }).waitFor();

    // Reload keeps the table (it comes from the server).
    await page.reload();
    await row(page, 'Joana Agente').waitFor();

    await signOut(page);

    // The new agent signs in with the one-time password, and must set a password of her own.
    await browser.signInFirstTime(page, 'joana@loja.com', password, 'senha-da-joana');
    await page.getByRole('heading', { name: 'Olá, Joana Agente!' }).waitFor();
    await menu(page).getByRole('link', { name: 'Visão Geral' }).waitFor();
    expect(await menu(page).getByRole('link', { name: 'Equipe' }).count()).toBe(0);
    expect(await menu(page).getByRole('link', { name: 'Integrações' }).count()).toBe(0);

    // Typing the URL shows the permission text, not the table.
    await page.goto(`${browser.url}/dashboard/team`);
    await page.getByText('Você não tem permissão para ver a equipe.').waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Adicionar Membro' }).count()).toBe(0);

    // The API refuses them too, with the browser's own session.
    const statuses = await page.evaluate(async () => {
      const list = await fetch('/api/team');
      const add = await fetch('/api/team', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Intrusa', email: 'intrusa@loja.com' }),
      });
      return [list.status, add.status];
    });
    expect(statuses).toEqual([403, 403]);
    expect((await page.request.get(`${browser.url}/api/team`)).status()).toBe(403);

    await signOut(page);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('the owner edits and removes a member, and a reload shows what the server kept', async () => {
    await browser.gateway.addMember({
      userId: 'u-rita',
      email: 'rita@loja.com',
      password: 'senha-boa-1',
      role: 'Agente',
      name: 'Rita Agente',
    });
    const page = await browser.newPage();
    await browser.signIn(page);
    await page.goto(`${browser.url}/dashboard/team`);
    await row(page, 'Rita Agente').waitFor();

    // Edit: name and role, saved through the API.
    await page.getByRole('button', { name: 'Editar Rita Agente' }).click();
    const form = page.getByRole('dialog', { name: 'Editar Membro' });
    expect(await form.getByLabel('Nome').inputValue()).toBe('Rita Agente');
    await form.getByLabel('Nome').fill('Rita Lima');
    await form.getByLabel('Função').selectOption('Supervisor');
    await form.getByRole('button', { name: 'Salvar', exact: true }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByRole('status').getByText('Membro atualizado com sucesso!').waitFor();
    expect(await row(page, 'Rita Lima').textContent()).toContain('Supervisor');

    // Search and filters narrow the table.
    await page.getByRole('searchbox', { name: 'Buscar membros' }).fill('RITA');
    await page.getByText(/^1 de \d+ membro\(s\)$/).waitFor();
    await page.getByRole('searchbox', { name: 'Buscar membros' }).fill('');
    await page.getByRole('combobox', { name: 'Filtrar por função' }).selectOption('Owner');
    expect(await row(page, 'Rita Lima').count()).toBe(0);
    await page.getByRole('combobox', { name: 'Filtrar por função' }).selectOption('all');

    await page.reload();
    expect(await row(page, 'Rita Lima').textContent()).toContain('Supervisor');

    // Remove: the spec's confirmation, cancel first, then for real.
    await page.getByRole('button', { name: 'Remover Rita Lima' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remover membro' });
    await confirm.getByText('Tem certeza que deseja remover este membro da equipe?').waitFor();
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row(page, 'Rita Lima').waitFor();

    await page.getByRole('button', { name: 'Remover Rita Lima' }).click();
    await confirm.getByRole('button', { name: 'Remover', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await row(page, 'Rita Lima').waitFor({ state: 'detached' });

    await page.reload();
    await row(page, 'demo@atende.local').waitFor();
    expect(await row(page, 'Rita Lima').count()).toBe(0);
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
