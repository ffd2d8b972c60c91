import type { Locator, Page } from 'playwright-core';
import { BrowserHarness, describeWithBrowser } from './browser-harness.js';

// Issue 31: chat windows open beside the conversation list, not over its rows, and a reload brings
// each one back where it was (minimized ones as their bars), so the list stays usable.
describeWithBrowser('window placement journey', () => {
  let browser: BrowserHarness;
  beforeAll(async () => {
    browser = await BrowserHarness.start();
  }, 180_000);
  afterAll(async () => browser?.stop());

  const box = async (locator: Locator) => {
    const { x, y, width, height } = (await locator.boundingBox())!;
    return { x: Math.round(x), y: Math.round(y), width: Math.round(width), height: Math.round(height) };
  };
  /** The element the browser hits at the centre of `locator` is inside it (nothing covers it). */
  const uncovered = async (page: Page, locator: Locator) => {
    const { x, y, width, height } = await box(locator);
    const handle = await locator.elementHandle();
    return page.evaluate(
      ([element, px, py]) => element !== null && element.contains(document.elementFromPoint(px, py)),
      [handle, x + width / 2, y + height / 2] as const,
    );
  };

  it('opens windows beside the list; after a reload they are where they were and the first row is clickable', async () => {
    const page = await browser.newPage();
    await browser.signIn(page);
    await page.getByRole('heading', { name: 'Olá, Demo!' }).waitFor();
    await browser.customerWrites('5511988880001', 'Maria Souza', 'Oi, tudo bem?', 'e2e-place-maria');
    await page.getByRole('button', { name: /^Maria Souza, 1 mensagem não lida/ }).waitFor();
    await browser.customerWrites('5521977770002', 'João Lima', 'Bom dia!', 'e2e-place-joao');
    await page.getByRole('button', { name: /^João Lima, 1 mensagem não lida/ }).waitFor();

    const list = page.locator('[data-conversation-list]');
    const listBox = await box(list);
    const rows = page.getByRole('list', { name: 'Conversas' }).getByRole('listitem');
    const firstRow = rows.first();

    // Two windows opened from the list: both right of it, the second cascaded below the first.
    await page.getByRole('button', { name: /^Maria Souza/ }).click();
    const maria = page.getByRole('dialog', { name: 'Conversa com Maria Souza' });
    await maria.getByText('Oi, tudo bem?').waitFor();
    await page.getByRole('button', { name: /^João Lima/ }).click();
    const joao = page.getByRole('dialog', { name: 'Conversa com João Lima' });
    await joao.getByText('Bom dia!').waitFor();
    const mariaBox = await box(maria.locator('xpath=..'));
    const joaoBox = await box(joao.locator('xpath=..'));
    expect(mariaBox.x).toBeGreaterThanOrEqual(listBox.x + listBox.width);
    expect(joaoBox.x).toBeGreaterThanOrEqual(listBox.x + listBox.width);
    expect(mariaBox.x + mariaBox.width).toBeLessThanOrEqual(1280);
    expect(joaoBox.y).toBeGreaterThan(mariaBox.y);
    expect(await uncovered(page, firstRow)).toBe(true);

    // João minimized to its 240×64 bar.
    await joao.getByRole('button', { name: 'Minimizar' }).click();
    await page.locator('[role="dialog"][data-state="minimized"]').waitFor();
    const barBox = await box(joao.locator('xpath=..'));
    expect([barBox.width, barBox.height]).toEqual([240, 64]);

    // The reload: Maria's window exactly where it was, João's bar where it was, the list uncovered.
    await page.reload();
    await page.getByRole('heading', { name: 'Olá, Demo!' }).waitFor();
    await maria.getByText('Oi, tudo bem?').waitFor();
    await page.locator('[role="dialog"][data-state="minimized"]').waitFor();
    expect(await box(maria.locator('xpath=..'))).toEqual(mariaBox);
    expect(await box(joao.locator('xpath=..'))).toEqual(barBox);
    await firstRow.waitFor();
    expect(await firstRow.textContent()).toContain('João Lima'); // the latest to write
    expect(await uncovered(page, firstRow)).toBe(true);
    // A real click on the first row (no `force`: Playwright refuses when something covers it).
    await firstRow.locator('[data-row-button]').click({ timeout: 3_000 });
    await page.locator('[role="dialog"][data-state="normal"]').nth(1).waitFor();
    expect(await page.getByRole('dialog', { name: /^Conversa com/ }).count()).toBe(2);
    // João's window, restored by that click, is back where it was before it was minimized.
    expect(await box(joao.locator('xpath=..'))).toEqual(joaoBox);
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
