import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { BrowserHarness, describeWithBrowser } from './browser-harness.js';

const SESSION = 'demo-sandbox';
const PHONE = '5511977771234';

/** What the page's focus is in: the dialog's own elements only while it is open. */
const focusInside = (page: Page, dialog: Locator) =>
  dialog.evaluate((element) => element.contains(element.ownerDocument.activeElement));

// A customer's rights under LGPD in Chromium against the embedded product: the Owner exports what is
// kept about a customer who wrote through the sandbox, then erases it, typing the phone to confirm.
describeWithBrowser('contact data journey (LGPD)', () => {
  let browser: BrowserHarness;
  beforeAll(async () => {
    browser = await BrowserHarness.start();
  }, 180_000);
  afterAll(async () => browser?.stop());

  it("the Owner exports a customer's data, erases it, and the chat window shows it removed", async () => {
    const page = await browser.newPage();
    await browser.signIn(page);
    await page.getByRole('heading', { name: 'Olá, Demo!' }).waitFor();

    const inbound = await browser.gateway.request<{ conversationId: string }>(
      'POST',
      '/api/sandbox/whatsapp/inbound',
      {
        body: {
          sessionId: SESSION,
          from: PHONE,
          name: 'Clara Dias',
          text: 'Quero meus dados, por favor',
          providerMessageId: 'e2e-lgpd-1',
        },
      },
    );
    expect(inbound.status).toBe(200);
    await page.getByRole('button', { name: /^Clara Dias, 1 mensagem não lida/ }).click();
    const chat = page.getByRole('dialog', { name: 'Conversa com Clara Dias' });
    await chat.getByText('Quero meus dados, por favor').waitFor();
    // The only window's panel (the window's name changes with the erasure).
    const panel = page.getByRole('complementary', { name: 'Detalhes da conversa' });

    // Exportar: the server answers 200 and the browser saves contato-<digits>.json with the message.
    const [download, answer] = await Promise.all([
      page.waitForEvent('download'),
      page.waitForResponse((r) => r.url().includes('/api/contacts/') && r.url().endsWith('/export')),
      panel.getByRole('button', { name: 'Exportar dados do contato' }).click(),
    ]);
    expect(answer.status()).toBe(200);
    // Named after the conversation id, as the server's content-disposition names it.
    const fileName = `contato-${inbound.body.conversationId.replace(/\D/g, '')}.json`;
    expect(answer.headers()['content-disposition']).toContain(`filename="${fileName}"`);
    expect(download.suggestedFilename()).toBe(fileName);
    const saved = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      contact: { name: string } | null;
      events: { data: { content?: string } }[];
    };
    expect(saved.contact?.name).toBe('Clara Dias');
    expect(saved.events.some((e) => e.data.content === 'Quero meus dados, por favor')).toBe(true);
    await panel.getByRole('status').filter({ hasText: 'Dados exportados' }).waitFor();

    // Excluir: a labelled modal dialog that keeps the focus, the number typed with punctuation.
    await panel.getByRole('button', { name: 'Excluir dados do contato' }).click();
    const dialog = page.getByRole('dialog', { name: 'Excluir dados do contato' });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    await dialog.getByText('As contagens dos relatórios são mantidas.', { exact: false }).waitFor();
    const input = dialog.getByRole('textbox', { name: 'Digite o número do contato para confirmar' });
    const confirm = dialog.getByRole('button', { name: 'Excluir definitivamente' });
    expect(await input.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await confirm.isDisabled()).toBe(true);
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInside(page, dialog)).toBe(true);
    }
    await input.fill('+55 (11) 97777-1234');
    expect(await confirm.isEnabled()).toBe(true);
    await confirm.click();

    await dialog.waitFor({ state: 'detached' });
    await panel.getByRole('status').filter({ hasText: 'Dados do contato excluídos' }).waitFor();
    const erased = page.getByRole('dialog', { name: 'Conversa com [dado removido]' });
    await erased.getByText('[dado removido]').first().waitFor();
    expect(await erased.getByText('Quero meus dados, por favor').count()).toBe(0);
    await page
      .getByRole('button', { name: /^\[dado removido\]/ })
      .first()
      .waitFor();
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
