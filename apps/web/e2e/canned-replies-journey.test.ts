import { eventually } from '@atende/gateway/testing';
import { BrowserHarness, describeWithBrowser } from './browser-harness.js';

const REPLY = 'Sim! O embrulho para presente é gratuito.';

// Configurações > Respostas prontas in Chromium against the embedded product: the demo workspace
// starts with Atende's default replies; a reply the Owner adds there is offered in a chat window's
// suggestions strip for a customer who asks about it.
describeWithBrowser('canned replies journey', () => {
  let browser: BrowserHarness;
  beforeAll(async () => {
    browser = await BrowserHarness.start();
  }, 180_000);
  afterAll(async () => browser?.stop());

  it('a reply created in Respostas prontas is suggested in the chat window', async () => {
    const page = await browser.newPage();
    await browser.signIn(page);
    await page.goto(`${browser.url}/dashboard/settings`);
    await page.getByRole('tab', { name: 'Respostas prontas' }).click();
    const list = page.getByRole('list', { name: 'Respostas prontas' });
    // Atende's defaults, as the workspace's own.
    await list.getByText('Nosso prazo de entrega é de 3 a 5 dias úteis.').waitFor();

    await page.getByRole('button', { name: 'Nova resposta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova resposta pronta' });
    await dialog.getByLabel('Texto').fill(REPLY);
    await dialog.getByLabel('Categoria').selectOption({ label: 'Produto' });
    await dialog.getByLabel('Palavras-chave').fill('embrulho presente papel laço');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    const created = list.getByRole('listitem', { name: REPLY });
    await created.getByText('Produto').waitFor();
    await page.getByText('Resposta pronta salva com sucesso!').waitFor();

    // A customer asks about it (the sandbox phone).
    const inbound = await browser.gateway.request<{ conversationId: string }>(
      'POST',
      '/api/sandbox/whatsapp/inbound',
      {
        body: {
          sessionId: 'demo-sandbox',
          from: '5511966660001',
          name: 'Carla Dias',
          text: 'Vocês fazem embrulho para presente?',
          providerMessageId: 'e2e-carla-1',
        },
      },
    );
    expect(inbound.status).toBe(200);
    // The suggestions learn the customer's message in the background: wait until the server ranks it.
    const cookie = await browser.gateway.loginDemo();
    await eventually(async () => {
      const res = await browser.gateway.request<{ suggestions: { text: string }[] }>(
        'GET',
        `/api/conversations/${encodeURIComponent(inbound.body.conversationId)}/suggestions`,
        { cookie },
      );
      return res.body.suggestions?.[0]?.text === REPLY ? true : undefined;
    });

    await page.goto(`${browser.url}/dashboard`);
    await page.getByRole('button', { name: /^Carla Dias/ }).click();
    const chat = page.getByRole('dialog', { name: 'Conversa com Carla Dias' });
    await chat.getByText('Vocês fazem embrulho para presente?').waitFor();
    const strip = chat.getByRole('region', { name: 'Sugestões de resposta' });
    const chip = strip.getByRole('button', { name: REPLY });
    await chip.waitFor();
    await chip.click();
    expect(await chat.getByRole('textbox', { name: 'Mensagem' }).inputValue()).toBe(REPLY);
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
