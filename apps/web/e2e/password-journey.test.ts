import type { Page } from 'playwright-core';
import { BrowserHarness, describeWithBrowser } from './browser-harness.js';

const EMAIL = 'paula-senha@loja.com';
const FIRST_PASSWORD = 'senha-inicial-1';
const OWN_PASSWORD = 'senha-da-paula-1';
const NEWEST_PASSWORD = 'senha-da-paula-2';

// Passwords in Chromium against the embedded product: the demo Owner resets an Agente's password in
// Equipe (their sessions end); the Agente signs in with the one-time password and sets their own,
// then changes it in Configurações > Segurança (staying signed in) and signs in with the newest.
describeWithBrowser('password journey', () => {
  let browser: BrowserHarness;
  beforeAll(async () => {
    browser = await BrowserHarness.start();
  }, 180_000);
  afterAll(async () => browser?.stop());

  const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });
  const row = (page: Page, name: string) =>
    page.getByRole('table', { name: 'Membros da equipe' }).getByRole('row', { name: new RegExp(name) });
  const signOut = async (page: Page) => {
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  };
  const refusedLogin = async (password: string) =>
    (await browser.gateway.request('POST', '/api/auth/login', { body: { email: EMAIL, password } })).status;

  it('reset by the Owner, set at the first sign-in, changed in Configurações, used to sign in', async () => {
    await browser.gateway.addMember({
      userId: 'paula-senha',
      email: EMAIL,
      password: FIRST_PASSWORD,
      role: 'Agente',
      name: 'Paula Agente',
    });
    // Paula is signed in somewhere else: the reset ends that session.
    const elsewhere = await browser.gateway.login(EMAIL, FIRST_PASSWORD);

    const page = await browser.newPage();
    await browser.signIn(page);
    await menu(page).getByRole('link', { name: 'Equipe' }).click();
    await row(page, 'Paula Agente').waitFor();
    // Never on the Owner's own row.
    expect(
      await row(page, 'demo@atende.local')
        .getByRole('button', { name: /Redefinir senha/ })
        .count(),
    ).toBe(0);

    await page.getByRole('button', { name: 'Redefinir senha de Paula Agente' }).click();
    const confirm = page.getByRole('dialog', { name: 'Redefinir senha' });
    await confirm
      .getByText(
        'Redefinir a senha de Paula Agente? A pessoa sairá de todas as sessões e definirá uma nova senha no próximo acesso.',
      )
      .waitFor();
    await confirm.getByRole('button', { name: 'Redefinir senha' }).click();
    const credentials = page.getByRole('dialog', { name: 'Senha redefinida' });
    await credentials.waitFor();
    const oneTimePassword = await credentials.getByLabel('Senha provisória').inputValue();
    expect(oneTimePassword.length).toBeGreaterThanOrEqual(12);
    await credentials.getByRole('button', { name: 'Concluir' }).click();
    await credentials.waitFor({ state: 'detached' });
    await page
      .getByRole('status')
      .getByText('Senha redefinida: entregue a senha provisória à pessoa')
      .waitFor();

    expect((await browser.gateway.request('GET', '/api/auth/me', { cookie: elsewhere })).status).toBe(401);
    expect(await refusedLogin(FIRST_PASSWORD)).toBe(401);
    await signOut(page);

    // The one-time password asks for a password of Paula's own.
    await browser.signInFirstTime(page, EMAIL, oneTimePassword, OWN_PASSWORD);
    await page.getByRole('heading', { name: 'Olá, Paula Agente!' }).waitFor();

    // An Agente reaches Configurações from the menu; the settings are read-only, the password is not.
    await menu(page).getByRole('link', { name: 'Configurações' }).click();
    await page.getByRole('tab', { name: 'Segurança' }).click();
    const section = page.getByRole('region', { name: 'Alterar senha' });
    const submit = section.getByRole('button', { name: 'Alterar senha' });
    await section.getByLabel('Senha atual').fill('nao-e-esta-1');
    await section.getByLabel('Nova senha', { exact: true }).fill(NEWEST_PASSWORD);
    await section.getByLabel('Confirmar nova senha').fill(NEWEST_PASSWORD);
    await submit.click();
    await section.getByRole('alert').getByText('Senha atual incorreta').waitFor();

    await section.getByLabel('Senha atual').fill(OWN_PASSWORD);
    await submit.click();
    await section.getByRole('status').getByText('Senha alterada com sucesso!').waitFor();
    expect(await section.getByLabel('Senha atual').inputValue()).toBe('');

    // This tab keeps its (fresh) session although every session of the account ended.
    await page.waitForTimeout(1_500);
    expect(new URL(page.url()).pathname).toBe('/dashboard/settings');
    await page.reload();
    await page.getByRole('tablist', { name: 'Seções das configurações' }).waitFor();
    expect(await refusedLogin(OWN_PASSWORD)).toBe(401);
    await signOut(page);

    await browser.signIn(page, EMAIL, NEWEST_PASSWORD);
    await page.getByRole('heading', { name: 'Olá, Paula Agente!' }).waitFor();
    await signOut(page);
    expect(page.errors).toEqual([]);
    await page.close();
  }, 120_000);
});
