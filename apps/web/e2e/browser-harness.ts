import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { GatewayHarness } from '@atende/gateway/testing';
import { webDist } from './web-build.js';

/** Chromium's path when the Jest global setup found it (REQUIRE_INFRA=1 fails the run otherwise). */
const chromiumPath = () => process.env.ATENDE_TEST_CHROMIUM ?? '';

/** `describe` when Debian's Chromium is installed, else a skipped suite that says why. */
export function describeWithBrowser(name: string, fn: () => void): void {
  if (chromiumPath()) describe(name, fn);
  else describe.skip(`${name} (skipped: Chromium not installed)`, fn);
}

/**
 * A real embedded Atende (temporary data folder, demo workspace, sandbox WhatsApp) serving the built
 * web client, and a headless Debian Chromium with a fresh profile.
 */
export class BrowserHarness {
  private constructor(
    readonly gateway: GatewayHarness,
    readonly context: BrowserContext,
    private readonly profileDir: string,
  ) {}

  /** `email`: e-mails go out through the demo workspace's Email integration (the e-mail journey). */
  static async start(options: { email?: boolean } = {}): Promise<BrowserHarness> {
    const gateway = await GatewayHarness.start({
      env: { WEB_DIST_DIR: webDist },
      ...(options.email ? { email: true } : {}),
    });
    const profileDir = mkdtempSync(path.join(tmpdir(), 'atende-chromium-'));
    const context = await chromium.launchPersistentContext(profileDir, {
      executablePath: chromiumPath(),
      headless: true,
      locale: 'pt-BR',
      viewport: { width: 1280, height: 800 },
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    context.setDefaultTimeout(10_000);
    return new BrowserHarness(gateway, context, profileDir);
  }

  get url(): string {
    return this.gateway.url;
  }

  /** A new tab; page errors fail the journey instead of passing unnoticed. */
  async newPage(): Promise<Page & { errors: Error[] }> {
    const page = await this.context.newPage();
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    return Object.assign(page, { errors });
  }

  /**
   * Opens the landing page and waits until its app has taken the pre-rendered HTML over: a click
   * before that (the page paints before its script arrives) would do nothing.
   */
  async openLanding(page: Page): Promise<void> {
    await page.goto(this.url);
    await page.locator('html[data-started]').waitFor({ state: 'attached' });
  }

  /**
   * Signs in through the login page (the demo owner by default) and waits for the dashboard.
   * Other members: create them with `gateway.addMember` / `gateway.signInAsNewMember` first.
   */
  async signIn(page: Page, email = 'demo@atende.local', password = 'demo1234'): Promise<void> {
    await page.goto(`${this.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.waitForURL('**/dashboard');
  }

  /** The first sign-in with a one-time password: the page asks for a new one, which is set. */
  async signInFirstTime(
    page: Page,
    email: string,
    oneTimePassword: string,
    newPassword: string,
  ): Promise<void> {
    await page.goto(`${this.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill(oneTimePassword);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'senha' }).waitFor();
    await page.getByLabel('Nova senha', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirmar nova senha', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Definir nova senha e entrar' }).click();
    await page.waitForURL('**/dashboard');
  }

  /**
   * A customer writes to the demo workspace's sandbox WhatsApp session (the same providerMessageId
   * again changes nothing); answers the conversation's id.
   */
  async customerWrites(from: string, name: string, text: string, providerMessageId: string): Promise<string> {
    const res = await this.gateway.request<{ conversationId: string }>(
      'POST',
      '/api/sandbox/whatsapp/inbound',
      {
        body: { sessionId: 'demo-sandbox', from, name, text, providerMessageId },
      },
    );
    if (res.status !== 200)
      throw new Error(`the sandbox refused the message: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.conversationId;
  }

  /** Forgets the browser's cookies and storage (a signed-out visitor). */
  async signOutBrowser(): Promise<void> {
    await this.context.clearCookies();
  }

  async stop(): Promise<void> {
    await this.context.close().catch(() => undefined);
    await this.gateway.stop();
    rmSync(this.profileDir, { recursive: true, force: true });
  }
}
