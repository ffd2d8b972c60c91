import type { Locator, Page } from 'playwright-core';
import { BrowserHarness, describeWithBrowser } from './browser-harness.js';

const SESSION = 'demo-sandbox';

/** Runs `check` until it passes (a focus change or a scroll may take a frame or two), else rethrows. */
async function eventually(check: () => Promise<unknown>, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** What has the focus, for failure messages: tag, role, name or text. */
const describeFocus = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'nothing (body)';
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    return `<${element.tagName.toLowerCase()} role=${element.getAttribute('role') ?? ''}> ${name}`;
  });

const hasFocus = (locator: Locator) =>
  locator.evaluate((element) => element === document.activeElement, undefined, { timeout: 1_000 });

/** Whether the focus is inside `locator`. */
const holdsFocus = (locator: Locator) =>
  locator.evaluate((element) => element.contains(document.activeElement), undefined, { timeout: 1_000 });

/** Presses `key` until `target` has the focus (it must get there within `max` presses). */
async function pressUntilFocused(page: Page, key: string, target: Locator, max = 60): Promise<void> {
  for (let n = 0; n < max; n += 1) {
    if ((await target.count()) === 1 && (await hasFocus(target))) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} ×${max} never reached the target; the focus is on ${await describeFocus(page)}`);
}

async function expectFocused(page: Page, target: Locator): Promise<void> {
  await eventually(async () => {
    if (!(await hasFocus(target))) throw new Error(`the focus is on ${await describeFocus(page)}`);
  });
}

// The agent's flow with the keyboard alone (issue 31, WCAG 2.1.1 and 2.4.3): after signing in, no
// mouse — open a conversation from the list, read it, reply, minimize, restore, transfer, use a
// modal dialog (focus trapped, back to its opener) and close, the focus always somewhere useful.
describeWithBrowser('keyboard journey', () => {
  let browser: BrowserHarness;
  beforeAll(async () => {
    browser = await BrowserHarness.start();
    // Someone to transfer to.
    await browser.gateway.addMember({
      userId: 'carla',
      email: 'carla@loja.com',
      password: 'senha-boa-1',
      role: 'Agente',
      name: 'Carla Agente',
    });
  }, 180_000);
  afterAll(async () => browser?.stop());

  const outbox = async () =>
    (
      await browser.gateway.request<{ messages: { content: string }[] }>(
        'GET',
        `/api/sandbox/whatsapp/outbox?sessionId=${SESSION}`,
      )
    ).body.messages;

  it('opens, reads, replies, minimizes, restores, transfers and closes a conversation with the keyboard', async () => {
    // Enough messages for the log to scroll.
    for (let n = 1; n <= 12; n += 1) {
      await browser.customerWrites('5511988887777', 'Maria Souza', `Mensagem ${n} da Maria`, `kb-maria-${n}`);
    }
    await browser.customerWrites(
      '5521977776666',
      'João Lima',
      'Bom dia! Vocês entregam no Rio?',
      'kb-joao-1',
    );
    const page = await browser.newPage();
    await browser.signIn(page);
    await page.getByRole('heading', { name: 'Olá, Demo!' }).waitFor();
    const mariaRow = page.getByRole('button', { name: /^Maria Souza/ });
    const joaoRow = page.getByRole('button', { name: /^João Lima/ });
    await mariaRow.waitFor();
    await joaoRow.waitFor();

    // The skip link first, then into the list; the arrows move between its rows.
    await page.keyboard.press('Tab');
    await expectFocused(page, page.getByRole('link', { name: 'Pular para o conteúdo' }));
    await page.keyboard.press('Enter');
    await expectFocused(page, page.locator('#conteudo-principal'));
    await pressUntilFocused(page, 'Tab', joaoRow);
    await page.keyboard.press('ArrowDown');
    await expectFocused(page, mariaRow);

    // Enter opens the window; its composer has the focus.
    await page.keyboard.press('Enter');
    const maria = page.getByRole('dialog', { name: 'Conversa com Maria Souza' });
    const composer = maria.getByRole('textbox', { name: 'Mensagem' });
    await maria.getByText('Mensagem 12 da Maria').waitFor();
    await expectFocused(page, composer);

    // Read: the log takes the focus and scrolls with the keys.
    const log = maria.getByRole('log', { name: 'Mensagens' });
    await pressUntilFocused(page, 'Shift+Tab', log);
    const scrollTop = () => log.evaluate((element) => element.scrollTop);
    const bottom = await scrollTop();
    expect(bottom).toBeGreaterThan(0);
    await page.keyboard.press('Home');
    await eventually(async () => expect(await scrollTop()).toBe(0));
    // The browser's smooth scroll has ended before the next key (pressed during it, it is dropped).
    await log.evaluate(
      (element) =>
        new Promise<void>((resolve) => {
          element.addEventListener('scrollend', () => resolve(), { once: true });
          setTimeout(resolve, 500);
        }),
    );
    await page.keyboard.press('PageDown');
    await eventually(async () => expect(await scrollTop()).toBeGreaterThan(0));
    await page.keyboard.press('End');
    // At the bottom again (the strip under the log may have changed its height meanwhile).
    const atBottom = () => log.evaluate((e) => Math.abs(e.scrollHeight - e.clientHeight - e.scrollTop) <= 1);
    await eventually(async () => expect(await atBottom()).toBe(true));

    // Reply: type and Enter.
    await pressUntilFocused(page, 'Tab', composer);
    await page.keyboard.type('Claro! Qual é o número do pedido?');
    await page.keyboard.press('Enter');
    await log.getByText('Claro! Qual é o número do pedido?').waitFor();
    await eventually(async () =>
      expect((await outbox()).filter((m) => m.content === 'Claro! Qual é o número do pedido?')).toHaveLength(
        1,
      ),
    );
    await expectFocused(page, composer);

    // Another customer writes meanwhile: announced politely, the focus stays in the composer.
    const announcer = page.getByTestId('new-message-announcer');
    expect(await announcer.getAttribute('aria-live')).toBe('polite');
    await browser.customerWrites('5521977776666', 'João Lima', 'Vocês abrem no sábado?', 'kb-joao-2');
    await announcer.getByText('Nova mensagem de João Lima').waitFor();
    await expectFocused(page, composer);

    // Minimize: the bar's 'Restaurar' takes the focus; Enter restores, back to the composer.
    await pressUntilFocused(page, 'Shift+Tab', maria.getByRole('button', { name: 'Minimizar' }));
    await page.keyboard.press('Enter');
    await page.locator('[role="dialog"][data-state="minimized"]').waitFor();
    await expectFocused(page, maria.getByRole('button', { name: 'Restaurar' }));
    await page.keyboard.press('Space');
    await page.locator('[role="dialog"][data-state="normal"]').waitFor();
    await expectFocused(page, composer);

    // Transfer from the details panel: the arrows pick the member, Enter sends.
    const showDetails = maria.getByRole('button', { name: 'Mostrar detalhes' });
    if (await showDetails.count()) {
      await pressUntilFocused(page, 'Shift+Tab', showDetails);
      await page.keyboard.press('Enter');
    }
    const panel = maria.getByRole('complementary', { name: 'Detalhes da conversa' });
    const member = panel.getByRole('combobox', { name: 'Transferir para' });
    await panel.getByRole('option', { name: 'Carla Agente (Agente)' }).waitFor({ state: 'attached' });
    await pressUntilFocused(page, 'Tab', member);
    await eventually(async () => {
      await page.keyboard.press('ArrowDown');
      expect(await member.evaluate((select) => (select as HTMLSelectElement).selectedOptions[0]?.text)).toBe(
        'Carla Agente (Agente)',
      );
    });
    await page.keyboard.press('Tab');
    await expectFocused(page, panel.getByRole('button', { name: 'Transferir' }));
    await page.keyboard.press('Enter');
    await panel.getByRole('status').getByText('Conversa transferida com sucesso!').waitFor();
    await panel.getByText('Responsável: Carla Agente').waitFor();
    // The focus stayed in the panel, not back at the page's start.
    expect(await holdsFocus(panel)).toBe(true);

    // A modal dialog: focus inside, Tab and Shift+Tab cycle within it, Escape closes it and the
    // focus returns to the button that opened it.
    const erase = panel.getByRole('button', { name: 'Excluir dados do contato' });
    await pressUntilFocused(page, 'Tab', erase);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Excluir dados do contato' });
    await confirm.waitFor();
    const first = confirm.getByRole('textbox');
    await expectFocused(page, first);
    for (const key of ['Tab', 'Shift+Tab']) {
      // Round the dialog and back to where it started, never outside it.
      let presses = 0;
      do {
        await page.keyboard.press(key);
        presses += 1;
        if (!(await holdsFocus(confirm)))
          throw new Error(`${key} left the dialog: ${await describeFocus(page)}`);
      } while (!(await hasFocus(first)) && presses < 10);
      expect(presses).toBeGreaterThan(1);
      expect(presses).toBeLessThan(10);
    }
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await expectFocused(page, erase);

    // Close: the focus goes back to the conversation's row.
    await pressUntilFocused(page, 'Shift+Tab', maria.getByRole('button', { name: 'Fechar' }));
    await page.keyboard.press('Enter');
    await maria.waitFor({ state: 'detached' });
    await expectFocused(page, mariaRow);
    expect(page.errors).toEqual([]);
    await page.close();
  }, 120_000); // twelve messages, then the whole flow key by key: slow on a busy 2-core machine
});
