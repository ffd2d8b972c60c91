import { totpCodeAt } from '@atende/events';
import type { Locator, Page } from 'playwright-core';
import { BrowserHarness, describeWithBrowser } from './browser-harness.js';

const RITA = {
  userId: 'rita-2fa',
  email: 'rita-2fa@loja.com',
  password: 'senha-da-rita-1',
  name: 'Rita Agente',
};
const CAIO = {
  userId: 'caio-2fa',
  email: 'caio-2fa@loja.com',
  password: 'senha-do-caio-1',
  name: 'Caio Agente',
};
const TOTP_REQUIRED = 'Digite o código do aplicativo autenticador';
const REQUIRED_TITLE = 'A empresa exige a verificação em duas etapas';

// Two-factor sign-in in Chromium against the embedded product: an Agente enrols in Configurações >
// Segurança and is asked for the app's code (then a recovery code) at the next sign-ins; once the
// Owner (enrolled through the API) makes the workspace require it, a second Agente is met by the
// enrolment instead of the dashboard, enrols there and reaches the inbox.
describeWithBrowser('two-factor journey', () => {
  let browser: BrowserHarness;
  beforeAll(async () => {
    browser = await BrowserHarness.start();
  }, 180_000);
  afterAll(async () => browser?.stop());

  const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });
  const signOut = async (page: Page) => {
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  };
  /** The secret the enrolment shows for typing it in ("ou digite a chave: XXXX…"). */
  const secretShownIn = async (scope: Locator | Page) => {
    const text = (await scope.getByText(/ou digite a chave:/).textContent()) ?? '';
    const secret = text.replace('ou digite a chave:', '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    return secret;
  };
  /** Enrols with the shown secret's current code; answers the secret and the recovery codes. */
  const enrol = async (scope: Locator | Page) => {
    await scope.getByRole('img', { name: 'QR code para o aplicativo autenticador' }).waitFor();
    const secret = await secretShownIn(scope);
    await scope.getByLabel('Código do aplicativo', { exact: true }).fill(totpCodeAt(secret, new Date()));
    await scope.getByRole('button', { name: 'Ativar', exact: true }).click();
    const list = scope.getByRole('list', { name: 'Códigos de recuperação' });
    await list.waitFor();
    const recoveryCodes = await list.getByRole('listitem').allTextContents();
    await scope
      .getByText(
        'Guarde estes códigos: cada um entra uma vez se você perder o celular. Eles não serão mostrados de novo.',
      )
      .waitFor();
    await scope.getByRole('button', { name: 'Concluir' }).click();
    return { secret, recoveryCodes };
  };
  /** The login page up to the second factor's question. */
  const signInUntilAsked = async (page: Page, email: string, password: string) => {
    await page.goto(`${browser.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.getByRole('status').getByText(TOTP_REQUIRED).waitFor();
  };

  it('enrolled in Configurações, asked for the code (then a recovery code); required by the workspace, enrolled on the dashboard', async () => {
    await browser.gateway.addMember({ ...RITA, role: 'Agente' });
    const page = await browser.newPage();

    // Rita turns it on in Configurações > Segurança.
    await browser.signIn(page, RITA.email, RITA.password);
    await menu(page).getByRole('link', { name: 'Configurações' }).click();
    await page.getByRole('tab', { name: 'Segurança' }).click();
    const section = page.getByRole('region', { name: 'Verificação em duas etapas' });
    await section.getByText('Desativada').waitFor();
    await section.getByRole('button', { name: 'Ativar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ativar a verificação em duas etapas' });
    const { secret, recoveryCodes } = await enrol(dialog);
    expect(recoveryCodes).toHaveLength(10);
    await dialog.waitFor({ state: 'detached' });
    await section.getByText('Ativada', { exact: true }).waitFor();
    await signOut(page);

    // The next sign-in asks for the app's code.
    await signInUntilAsked(page, RITA.email, RITA.password);
    const code = page.getByLabel('Código de verificação');
    await code.fill('000000');
    await page.getByRole('button', { name: 'Verificar e entrar' }).click();
    await page.getByRole('alert').getByText('Código de verificação inválido').waitFor();
    await code.fill(totpCodeAt(secret, new Date()));
    await page.getByRole('button', { name: 'Verificar e entrar' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: `Olá, ${RITA.name}!` }).waitFor();
    await signOut(page);

    // Or a recovery code instead, which then is used up.
    await signInUntilAsked(page, RITA.email, RITA.password);
    await page.getByRole('button', { name: 'Usar um código de recuperação' }).click();
    await page.getByLabel('Código de recuperação').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verificar e entrar' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: `Olá, ${RITA.name}!` }).waitFor();
    await signOut(page);
    const reused = await browser.gateway.request<{ code?: string }>('POST', '/api/auth/login', {
      body: { email: RITA.email, password: RITA.password, recoveryCode: recoveryCodes[0] },
    });
    expect([reused.status, reused.body.code]).toEqual([401, 'TOTP_INVALID']);

    // The Owner enrols through the API, then makes the workspace require it.
    const owner = await browser.gateway.loginDemo();
    const setup = await browser.gateway.request<{ secret: string }>('POST', '/api/auth/2fa/setup', {
      cookie: owner,
    });
    expect(setup.status).toBe(200);
    const enabled = await browser.gateway.request('POST', '/api/auth/2fa/enable', {
      cookie: owner,
      body: { code: totpCodeAt(setup.body.secret, new Date()) },
    });
    expect(enabled.status).toBe(200);
    const required = await browser.gateway.request('PUT', '/api/settings', {
      cookie: owner,
      body: { security: { twoFactor: true } },
    });
    expect(required.status).toBe(200);

    // Caio has not enrolled: the dashboard asks him to, and nothing else (Sair still there).
    await browser.gateway.addMember({ ...CAIO, role: 'Agente' });
    // The page asks the server for nothing it would refuse (403 TWO_FACTOR_ENROLMENT_REQUIRED).
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 403) refused.push(new URL(response.url()).pathname);
    });
    await browser.signIn(page, CAIO.email, CAIO.password);
    await page.getByRole('heading', { level: 1, name: REQUIRED_TITLE }).waitFor();
    expect(await page.getByRole('button', { name: 'Sair' }).isVisible()).toBe(true);
    expect(await menu(page).count()).toBe(0);
    await enrol(page);

    // Enrolled: the dashboard and its inbox, served by the server now.
    await page.getByRole('heading', { name: `Olá, ${CAIO.name}!` }).waitFor();
    await page.getByRole('heading', { name: 'Conversas Ativas' }).waitFor();
    expect(await page.getByRole('heading', { name: REQUIRED_TITLE }).count()).toBe(0);
    const stats = await page.evaluate(async () => {
      const res = await fetch('/api/conversations/stats', {
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
      });
      return res.status;
    });
    expect(stats).toBe(200);
    expect(refused).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.close();
  }, 60_000);
});
