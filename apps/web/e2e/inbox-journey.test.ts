import type { Locator, Page } from 'playwright-core';
import { eventually } from '@atende/gateway/testing';
import { BrowserHarness, describeWithBrowser } from './browser-harness.js';

const SESSION = 'demo-sandbox';

interface OutboxMessage {
  providerMessageId: string;
  chatId: string;
  content: string;
}

// The agent's day in Chromium against the embedded product with the WhatsApp sandbox playing the
// customers: live inbound, reply, acks, window handling, and a reload that keeps everything.
describeWithBrowser('inbox journey', () => {
  let browser: BrowserHarness;
  beforeAll(async () => {
    browser = await BrowserHarness.start();
  }, 180_000);
  afterAll(async () => browser?.stop());

  const outbox = async () =>
    (
      await browser.gateway.request<{ messages: OutboxMessage[] }>(
        'GET',
        `/api/sandbox/whatsapp/outbox?sessionId=${SESSION}`,
      )
    ).body.messages;
  const box = async (locator: Locator) => (await locator.boundingBox())!;
  const drag = async (page: Page, from: { x: number; y: number }, dx: number, dy: number) => {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + dx / 2, from.y + dy / 2, { steps: 5 });
    await page.mouse.move(from.x + dx, from.y + dy, { steps: 5 });
    await page.mouse.up();
  };

  it('live inbound, reply sent once, acks, window moves, two windows, and a reload keeps everything', async () => {
    const page = await browser.newPage();
    await browser.signIn(page);
    await page.getByRole('heading', { name: 'Olá, Demo!' }).waitFor();

    // A customer writes while the agent looks at the dashboard: the row appears live, unread.
    await browser.customerWrites(
      '5511988887777',
      'Maria Souza',
      'Olá, preciso de ajuda com meu pedido',
      'e2e-maria-1',
    );
    const mariaRow = page.getByRole('button', { name: /^Maria Souza/ });
    await page.getByRole('button', { name: /^Maria Souza, 1 mensagem não lida/ }).waitFor();

    // Opening it shows the message and marks it read.
    await mariaRow.click();
    const maria = page.getByRole('dialog', { name: 'Conversa com Maria Souza' });
    await maria.getByText('Olá, preciso de ajuda com meu pedido').waitFor();
    await page.getByRole('button', { name: 'Maria Souza', exact: true }).waitFor();

    // The reply: shown at once, received once by the phone, then delivered and read by its acks.
    const composer = maria.getByRole('textbox', { name: 'Mensagem' });
    await composer.fill('Claro! Qual é o número do pedido?');
    await composer.press('Enter');
    // In the message list: the same text may also be on a button of the window for a moment (a
    // suggestion under the composer, seen on a loaded machine).
    await maria
      .getByRole('log', { name: 'Mensagens' })
      .getByText('Claro! Qual é o número do pedido?')
      .waitFor();
    expect(await composer.inputValue()).toBe('');
    const sent = await eventually(async () => {
      const messages = (await outbox()).filter((m) => m.content === 'Claro! Qual é o número do pedido?');
      expect(messages).toHaveLength(1);
      return messages[0]!;
    });
    for (const [status, label] of [
      ['delivered', 'Entregue'],
      ['read', 'Lida'],
    ] as const) {
      const ack = await browser.gateway.request('POST', '/api/sandbox/whatsapp/ack', {
        body: { sessionId: SESSION, providerMessageId: sent.providerMessageId, status },
      });
      expect(ack.status).toBe(200);
      await maria.getByRole('img', { name: label }).waitFor();
    }

    // Drag by the header; resize from the bottom-right corner (never below 300×400).
    const mariaWindow = maria.locator('xpath=..');
    const start = await box(mariaWindow);
    await drag(page, { x: start.x + start.width / 2, y: start.y + 20 }, -120, -60);
    const moved = await box(mariaWindow);
    expect(Math.round(moved.x)).toBe(Math.round(start.x - 120));
    expect(Math.round(moved.y)).toBe(Math.round(start.y - 60));
    await drag(page, { x: moved.x + moved.width - 4, y: moved.y + moved.height - 4 }, -900, -500);
    const resized = await box(mariaWindow);
    expect(Math.round(resized.width)).toBe(300);
    expect(Math.round(resized.height)).toBe(400);

    // Minimize to the 240×64 bar, restore, maximize to the viewport and back.
    await maria.getByRole('button', { name: 'Minimizar' }).click();
    const bar = page.getByRole('dialog', { name: 'Conversa com Maria Souza' });
    await page.locator('[role="dialog"][data-state="minimized"]').waitFor();
    const barBox = await box(bar);
    expect([Math.round(barBox.width), Math.round(barBox.height)]).toEqual([240, 64]);
    await bar.getByRole('button', { name: 'Restaurar' }).click();
    await page.locator('[role="dialog"][data-state="normal"]').waitFor();
    await maria.getByRole('button', { name: 'Maximizar' }).click();
    await page.locator('[role="dialog"][data-state="maximized"]').waitFor();
    const full = await box(maria);
    expect([Math.round(full.width), Math.round(full.height)]).toEqual([1280, 800]);
    await maria.getByRole('button', { name: 'Restaurar' }).click();
    await page.locator('[role="dialog"][data-state="normal"]').waitFor();
    expect(Math.round((await box(mariaWindow)).width)).toBe(300);

    // A second customer: two windows at once.
    await browser.customerWrites(
      '5521977776666',
      'João Lima',
      'Bom dia! Vocês entregam no Rio?',
      'e2e-joao-1',
    );
    await page.getByRole('button', { name: /^João Lima, 1 mensagem não lida/ }).click();
    const joao = page.getByRole('dialog', { name: 'Conversa com João Lima' });
    await joao.getByText('Bom dia! Vocês entregam no Rio?').waitFor();
    expect(await page.getByRole('dialog', { name: /^Conversa com/ }).count()).toBe(2);

    // A reload keeps the session, both windows, their messages and the statuses.
    await page.reload();
    await page.getByRole('heading', { name: 'Olá, Demo!' }).waitFor();
    await maria
      .getByRole('log', { name: 'Mensagens' })
      .getByText('Claro! Qual é o número do pedido?')
      .waitFor();
    await maria.getByRole('img', { name: 'Lida' }).waitFor();
    await joao.getByText('Bom dia! Vocês entregam no Rio?').waitFor();
    expect(Math.round((await box(maria.locator('xpath=..'))).width)).toBe(300);

    // Close one; the phone still has exactly one copy of the reply.
    await joao.getByRole('button', { name: 'Fechar' }).click();
    await joao.waitFor({ state: 'detached' });
    expect(await page.getByRole('dialog', { name: /^Conversa com/ }).count()).toBe(1);
    expect((await outbox()).filter((m) => m.content === 'Claro! Qual é o número do pedido?')).toHaveLength(1);
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
