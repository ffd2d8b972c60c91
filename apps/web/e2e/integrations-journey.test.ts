import type { Page } from 'playwright-core';
import { BrowserHarness, describeWithBrowser } from './browser-harness.js';

const PHONE_TYPED = '+55 (11) 97777-1234';
const PHONE = '5511977771234';
const BOT_TOKEN = '987654:XYZ-token-secreto-do-bot';

interface Session {
  sessionId: string;
  phoneNumber: string;
  connected: boolean;
}

// The owner connects WhatsApp by QR with the sandbox phone, configures and disconnects a channel card;
// an Agente has no access, in the menu, on the page or through the API.
describeWithBrowser('integrations journey', () => {
  let browser: BrowserHarness;
  beforeAll(async () => {
    browser = await BrowserHarness.start();
  }, 180_000);
  afterAll(async () => browser?.stop());

  const openIntegrations = async (page: Page) => {
    await page.getByRole('link', { name: 'Integrações' }).click();
    await page.waitForURL('**/dashboard/integrations');
    await page.getByRole('heading', { level: 1, name: 'Integrações' }).waitFor();
  };

  /** The demo owner's WhatsApp sessions, as the API lists them. */
  const sessionsOfOwner = async (): Promise<Session[]> => {
    const cookie = await browser.gateway.loginDemo();
    const me = await browser.gateway.request<{ user: { id: string } }>('GET', '/api/auth/me', { cookie });
    const res = await browser.gateway.request<{ sessions: Session[] }>(
      'GET',
      `/api/whatsapp/sessions/${me.body.user.id}`,
      { cookie },
    );
    return res.body.sessions;
  };

  it('connects WhatsApp by QR code with the sandbox phone, and a reload keeps it connected', async () => {
    const page = await browser.newPage();
    await browser.signIn(page);
    await openIntegrations(page);

    const whatsapp = page.getByRole('article', { name: 'WhatsApp', exact: true });
    await whatsapp.getByRole('button', { name: /^(Conectar|Gerenciar Conexão)$/ }).click();
    const modal = page.getByRole('dialog', { name: 'Conectar WhatsApp' });
    const generate = modal.getByRole('button', { name: 'Gerar QR Code' });
    expect(await generate.isDisabled()).toBe(true);
    await modal.getByLabel('Nome do Suporte').fill('Loja Centro');
    await modal.getByLabel('Número do WhatsApp').fill(PHONE_TYPED);
    await generate.click();

    // The sandbox draws a real QR (a retry 2 s later may be needed while it does).
    const qr = modal.getByRole('img', { name: 'QR Code do WhatsApp' });
    await qr.waitFor({ timeout: 25_000 });
    await modal.getByText('Escaneie o QR Code no WhatsApp do seu celular.').waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);

    const session = (await sessionsOfOwner()).find((s) => s.phoneNumber === PHONE);
    expect(session).toMatchObject({ connected: false });
    const scan = await browser.gateway.request('POST', '/api/sandbox/whatsapp/scan', {
      body: { sessionId: session!.sessionId },
    });
    expect(scan.status).toBe(200);

    await modal.getByText('WhatsApp conectado com sucesso.').waitFor();
    await qr.waitFor({ state: 'detached' });
    await whatsapp.getByText('Conectado', { exact: true }).waitFor();
    expect(
      await page.evaluate(() => [localStorage.getItem('wa:sessionId'), localStorage.getItem('wa:connected')]),
    ).toEqual([session!.sessionId, 'true']);
    await modal.getByRole('button', { name: 'Fechar' }).first().click();
    await modal.waitFor({ state: 'detached' });

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Integrações' }).waitFor();
    await whatsapp.getByText('Conectado', { exact: true }).waitFor();
    await whatsapp.getByRole('button', { name: 'Gerenciar Conexão' }).click();
    await modal.getByText(`WhatsApp +${PHONE}`).waitFor();
    expect((await sessionsOfOwner()).find((s) => s.sessionId === session!.sessionId)?.connected).toBe(true);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('configures Telegram Bot (the token comes back masked after a reload) and disconnects it after confirming', async () => {
    await browser.signOutBrowser();
    const page = await browser.newPage();
    await browser.signIn(page);
    await openIntegrations(page);

    const telegram = page.getByRole('article', { name: 'Telegram Bot' });
    await telegram.getByText('Desconectado', { exact: true }).waitFor();
    await telegram.getByRole('button', { name: 'Conectar' }).click();
    const form = page.getByRole('dialog', { name: 'Configurar Telegram Bot' });
    const token = form.getByLabel('Bot Token', { exact: true });
    expect(await token.getAttribute('type')).toBe('password');
    await token.fill(BOT_TOKEN);
    await form.getByLabel('Chat ID', { exact: true }).fill('-1001234567890');

    // The copy button copies the example and shows a tick for 2 s.
    const copy = form.getByRole('button', { name: 'Copiar exemplo de Webhook URL' });
    await copy.click();
    await copy.getByRole('img', { name: 'Copiado' }).waitFor();
    await copy.getByRole('img', { name: 'Copiado' }).waitFor({ state: 'detached', timeout: 4_000 });

    await form.getByRole('button', { name: 'Salvar Configuração' }).click();
    await form.waitFor({ state: 'detached' });
    await telegram.getByText('Conectado', { exact: true }).waitFor();
    await page.getByText('Configuração salva com sucesso!').waitFor();

    await page.reload();
    await telegram.getByText('Conectado', { exact: true }).waitFor();
    await telegram.getByText('••••-bot').waitFor();
    await telegram.getByText(/Última sincronização/).waitFor();
    expect(await page.content()).not.toContain(BOT_TOKEN);
    // What the browser gets from the API never has the secret in full.
    const listed = await page.evaluate(async () => (await fetch('/api/integrations')).text());
    expect(listed).not.toContain(BOT_TOKEN);
    expect(listed).toContain('••••-bot');

    // Configuring it again shows only the masked value, in a password field.
    await page.getByRole('button', { name: 'Adicionar Integração' }).click();
    const add = page.getByRole('dialog', { name: 'Adicionar Nova Integração' });
    await add.getByRole('button', { name: /^Telegram Bot/ }).click();
    const again = page.getByRole('dialog', { name: 'Configurar Telegram Bot' });
    expect(await again.getByLabel('Bot Token', { exact: true }).inputValue()).toBe('••••-bot');
    expect(await again.getByLabel('Chat ID', { exact: true }).inputValue()).toBe('-1001234567890');
    await again.getByRole('button', { name: 'Cancelar' }).click();
    await again.waitFor({ state: 'detached' });

    // Desconectar asks first; Cancelar keeps it, confirming disconnects it.
    await telegram.getByRole('button', { name: 'Desconectar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Desconectar Telegram Bot' });
    await confirm.getByText('Tem certeza que deseja desconectar esta integração?').waitFor();
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'detached' });
    await telegram.getByText('Conectado', { exact: true }).waitFor();
    await telegram.getByRole('button', { name: 'Desconectar' }).click();
    await confirm.getByRole('button', { name: 'Desconectar' }).click();
    await confirm.waitFor({ state: 'detached' });
    await telegram.getByText('Desconectado', { exact: true }).waitFor();

    await page.reload();
    await telegram.getByText('Desconectado', { exact: true }).waitFor();
    await telegram.getByRole('button', { name: 'Conectar' }).waitFor();
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('an Agente does not see Integrações, gets the permission text on the URL, and the API refuses', async () => {
    const cookie = await browser.gateway.signInAsNewMember('agente-integracoes', 'Agente', {
      name: 'Carla Agente',
    });
    for (const [method, path, body] of [
      ['GET', '/api/integrations', undefined],
      ['PUT', '/api/integrations/telegram', { config: { 'Bot Token': 'x' } }],
      ['DELETE', '/api/integrations/telegram', undefined],
      ['POST', '/api/whatsapp/connect', { phoneNumber: '5511966665555' }],
    ] as const) {
      const res = await browser.gateway.request(method, path, { cookie, ...(body ? { body } : {}) });
      expect([method, path, res.status]).toEqual([method, path, 403]);
    }

    await browser.signOutBrowser();
    const page = await browser.newPage();
    await browser.signIn(page, 'agente-integracoes@loja.com', 'senha-boa-1');
    await page.getByRole('link', { name: 'Visão Geral' }).waitFor();
    expect(await page.getByRole('link', { name: 'Integrações' }).count()).toBe(0);

    await page.goto(`${browser.url}/dashboard/integrations`);
    await page.getByText('Você não tem permissão para gerenciar integrações.').waitFor();
    expect(await page.getByRole('article').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Adicionar Integração' }).count()).toBe(0);
    const status = await page.evaluate(async () => (await fetch('/api/integrations')).status);
    expect(status).toBe(403);
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
