import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { BrowserHarness, describeWithBrowser } from './browser-harness.js';

const IMPORT_ERROR = 'Erro ao importar arquivo. Verifique se o formato está correto.';
const PASSWORD = 'senha-boa-1';

/** What a download saved, as JSON. */
async function downloadedJson(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), data: JSON.parse(readFileSync(file, 'utf8')) as unknown };
}

// Configurações in Chromium against the embedded product: saving survives a reload, Exportar and
// Importar, the permission text of an Agente, deactivating an account and, last, deleting the
// workspace's data (this file's own gateway: nothing else uses it afterwards).
describeWithBrowser('settings journey', () => {
  let browser: BrowserHarness;
  beforeAll(async () => {
    browser = await BrowserHarness.start();
  }, 180_000);
  afterAll(async () => browser?.stop());

  const openSettings = async (page: Page) => {
    await page.goto(`${browser.url}/dashboard/settings`);
    await page.getByRole('tablist', { name: 'Seções das configurações' }).waitFor();
  };
  const signOut = async (page: Page) => {
    await browser.signOutBrowser();
    await page.evaluate(() => window.localStorage.clear());
  };

  it('saves, keeps it after a reload, exports, refuses a bad import', async () => {
    const page = await browser.newPage();
    await browser.signIn(page);
    await openSettings(page);
    await page.getByText('Personalize o funcionamento').waitFor();

    await page.getByLabel('Nome da empresa').fill('Loja da Demo');
    await page.getByRole('tab', { name: 'Notificações' }).click();
    const sound = page.getByRole('switch', { name: 'Sons' });
    expect(await sound.getAttribute('aria-checked')).toBe('false');
    await sound.click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByRole('status').getByText('Salvo!').waitFor();
    // 'Salvo!' goes after 2 s.
    await page.getByRole('status').getByText('Salvo!').waitFor({ state: 'detached', timeout: 5000 });

    await page.reload();
    await page.getByRole('tablist', { name: 'Seções das configurações' }).waitFor();
    expect(await page.getByLabel('Nome da empresa').inputValue()).toBe('Loja da Demo');
    await page.getByRole('tab', { name: 'Notificações' }).click();
    expect(await page.getByRole('switch', { name: 'Sons' }).getAttribute('aria-checked')).toBe('true');

    const exported = await downloadedJson(page, () => page.getByRole('button', { name: 'Exportar' }).click());
    expect(exported.name).toBe('atende-settings.json');
    expect(exported.data).toMatchObject({
      company: { name: 'Loja da Demo' },
      notifications: { sound: true },
      security: { sessionTimeout: 30, passwordExpiry: 90 },
    });

    await page.getByLabel('Importar').setInputFiles({
      name: 'quebrado.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{ "company": '),
    });
    await page.getByRole('alert').getByText(IMPORT_ERROR).waitFor();
    await page.getByRole('tab', { name: 'Empresa' }).click();
    expect(await page.getByLabel('Nome da empresa').inputValue()).toBe('Loja da Demo');
    expect(page.errors).toEqual([]);
    await signOut(page);
    await page.close();
  });

  it('an Agente sees the settings with the permission text and cannot change them', async () => {
    await browser.gateway.addMember({
      userId: 'agente-config',
      email: 'agente-config@loja.com',
      password: PASSWORD,
      role: 'Agente',
      name: 'Agente Config',
    });
    const page = await browser.newPage();
    await browser.signIn(page, 'agente-config@loja.com', PASSWORD);
    await openSettings(page);
    await page
      .getByText(
        'Você não tem permissão para alterar as configurações. Somente proprietários e administradores podem editá-las.',
      )
      .waitFor();
    expect(await page.getByLabel('Nome da empresa').inputValue()).toBe('Loja da Demo');
    expect(await page.getByLabel('Nome da empresa').isDisabled()).toBe(true);
    // Only what the role may use is offered: no Salvar or Importar, Exportar stays.
    expect(await page.getByRole('button', { name: 'Salvar' }).count()).toBe(0);
    expect(await page.getByLabel('Importar', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Exportar' }).waitFor();
    await page.getByRole('tab', { name: 'Segurança' }).click();
    expect(await page.getByRole('button', { name: 'Excluir todos os dados da conta' }).isDisabled()).toBe(
      true,
    );
    // The server says the same: 403 for an Agente's save.
    const cookie = await browser.gateway.login('agente-config@loja.com', PASSWORD);
    const put = await browser.gateway.request('PUT', '/api/settings', {
      cookie,
      body: { company: { name: 'Hackeada' } },
    });
    expect(put.status).toBe(403);
    expect(page.errors).toEqual([]);
    await signOut(page);
    await page.close();
  });

  it('an Admin deactivates their own account: signed out to /, and cannot sign in again', async () => {
    await browser.gateway.addMember({
      userId: 'admin-sai',
      email: 'admin-sai@loja.com',
      password: PASSWORD,
      role: 'Admin',
      name: 'Admin Sai',
    });
    const page = await browser.newPage();
    await browser.signIn(page, 'admin-sai@loja.com', PASSWORD);
    await openSettings(page);
    await page.getByRole('tab', { name: 'Segurança' }).click();
    await page.getByRole('button', { name: 'Desativar conta permanentemente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Desativar conta permanentemente' });
    const confirm = dialog.getByRole('button', { name: 'Desativar conta' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Digite DESATIVAR para confirmar').fill('DESATIVAR');
    await confirm.click();
    await page.waitForURL(`${browser.url}/`);
    expect(await page.evaluate(() => window.localStorage.getItem('user'))).toBeNull();

    await page.goto(`${browser.url}/login`);
    await page.getByLabel('Email').fill('admin-sai@loja.com');
    await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.getByRole('alert').getByText('Usuário não encontrado ou senha incorreta').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    // Everyone else still works.
    expect(
      (await browser.gateway.request('GET', '/api/settings', { cookie: await browser.gateway.loginDemo() }))
        .status,
    ).toBe(200);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('last: the Owner exports then deletes all data; signed out, nobody can sign in any more', async () => {
    const page = await browser.newPage();
    await browser.signIn(page);
    await openSettings(page);
    await page.getByRole('tab', { name: 'Segurança' }).click();
    await page.getByRole('button', { name: 'Excluir todos os dados da conta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Excluir todos os dados da conta' });
    await dialog.getByLabel('Digite EXCLUIR para confirmar').fill('EXCLUIR');
    const exported = await downloadedJson(page, () =>
      dialog.getByRole('button', { name: 'Exportar e excluir' }).click(),
    );
    expect(exported.name).toBe('atende-dados.json');
    expect(exported.data).toMatchObject({
      product: 'Atende',
      workspace: { id: 'minha-empresa' },
      settings: { company: { name: 'Loja da Demo' } },
    });
    await page.waitForURL(`${browser.url}/`);

    for (const [email, password] of [
      ['demo@atende.local', 'demo1234'],
      ['agente-config@loja.com', PASSWORD],
    ]) {
      const login = await browser.gateway.request('POST', '/api/auth/login', { body: { email, password } });
      expect(login.status).toBe(401);
    }
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
