/**
 * npm run screenshots [-- --skip-build] [--out docs/screenshots]
 *
 * The README's screenshots, made by the product itself: an embedded Atende (temporary data folder,
 * demo workspace, WhatsApp sandbox) serving the production build, three customers writing through the
 * sandbox, and Debian's Chromium signed in as the demo owner with two chat windows open — once in the
 * light theme and once in the dark one (dashboard-light.png, dashboard-dark.png).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { pino } from 'pino';
import { loadConfig } from '@atende/config';
import { startEmbedded } from '@atende/gateway';

const { values } = parseArgs({
  options: {
    'skip-build': { type: 'boolean', default: false },
    out: { type: 'string', default: 'docs/screenshots' },
  },
});
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.resolve(repoRoot, values.out);
const SESSION = 'demo-sandbox';
/** The sandbox's controls want their token (x-sandbox-token); this run sets its own. */
const SANDBOX_TOKEN = `screenshots-${process.pid}-sandbox-token`;

/** Who writes, in this order (the last to write is first in the list). */
const CUSTOMERS = [
  { from: '5531966665555', name: 'Ana Ribeiro', text: 'Vocês aceitam Pix?' },
  { from: '5521977776666', name: 'João Lima', text: 'Bom dia! Vocês entregam no Rio?' },
  { from: '5511988887777', name: 'Maria Souza', text: 'Olá, preciso de ajuda com meu pedido 4821' },
];

async function post(base: string, route: string, body: unknown, cookie?: string): Promise<Response> {
  const res = await fetch(base + route, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      'x-sandbox-token': SANDBOX_TOKEN,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${route} answered ${res.status}: ${await res.text()}`);
  return res;
}

async function signIn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill('demo@atende.local');
  await page.getByLabel('Senha', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.getByRole('heading', { name: 'Olá, Demo!' }).waitFor();
}

/** Opens a customer's window from the list and waits for their message in it. */
async function openWindow(page: Page, name: string, text: string) {
  await page
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .first()
    .click();
  const window = page.getByRole('dialog', { name: `Conversa com ${name}` });
  await window.getByRole('log', { name: 'Mensagens' }).getByText(text).waitFor();
  return window;
}

if (!values['skip-build']) execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });

const dataDir = mkdtempSync(path.join(tmpdir(), 'atende-screenshots-'));
const profileDir = mkdtempSync(path.join(tmpdir(), 'atende-screenshots-chromium-'));
const atende = await startEmbedded(
  loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(repoRoot, 'apps/web/dist'),
    ATENDE_SANDBOX_TOKEN: SANDBOX_TOKEN,
  }),
  pino({ level: 'silent' }),
);
const context = await chromium.launchPersistentContext(profileDir, {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  headless: true,
  locale: 'pt-BR',
  viewport: { width: 1440, height: 900 },
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const base = atende.url;
  for (const [i, customer] of CUSTOMERS.entries()) {
    await post(base, '/api/sandbox/whatsapp/inbound', {
      sessionId: SESSION,
      ...customer,
      providerMessageId: `screenshot-${i}`,
    });
  }
  const page = await context.newPage();
  await signIn(page, base);
  const joao = await openWindow(page, 'João Lima', CUSTOMERS[1]!.text);
  const composer = joao.getByRole('textbox', { name: 'Mensagem' });
  await composer.fill('Entregamos sim! O frete para o Rio sai em até 2 dias úteis.');
  await composer.press('Enter');
  await joao.getByRole('log', { name: 'Mensagens' }).getByText('Entregamos sim!', { exact: false }).waitFor();
  await openWindow(page, 'Maria Souza', CUSTOMERS[2]!.text);
  // Let the suggestions and the last pushes settle so both themes show the same screen.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(1500);

  mkdirSync(outDir, { recursive: true });
  // The page's own <html> class (run in the browser; this file is typed for Node).
  const isDark = () =>
    page
      .locator('html.dark')
      .count()
      .then((n) => n > 0);
  for (const theme of ['light', 'dark'] as const) {
    if ((await isDark()) !== (theme === 'dark')) {
      await page
        .getByRole('button', { name: theme === 'dark' ? 'Usar tema escuro' : 'Usar tema claro' })
        .click();
      await page.waitForTimeout(500);
    }
    const file = path.join(outDir, `dashboard-${theme}.png`);
    await page.screenshot({ path: file });
    console.log(`wrote ${path.relative(repoRoot, file)}`);
  }
} finally {
  await context.close().catch(() => undefined);
  await atende.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profileDir, { recursive: true, force: true });
}
