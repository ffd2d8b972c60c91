import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BrowserHarness, describeWithBrowser } from './browser-harness.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** `npm run workspace -- …` as a host runs it, against the running product's data folder. */
function workspaceCommand(args: string[], dataDir: string): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(repo, 'scripts/workspace.ts'), ...args],
      {
        env: { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: dataDir },
        cwd: repo,
      },
    );
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.on('exit', (code) => resolve({ code, stdout }));
  });
}

// Issue 24: one deployment, two companies. The host creates a second company with the ops command;
// its Owner signs in and sees its own company and its own (empty, then live) inbox, while the demo's
// Agente sees only the demo's conversations.
describeWithBrowser('two companies in one deployment', () => {
  let browser: BrowserHarness;
  beforeAll(async () => {
    browser = await BrowserHarness.start();
  }, 180_000);
  afterAll(async () => browser?.stop());

  it("a new company's Owner sees only its own inbox; the demo's Agente only the demo's", async () => {
    const gw = browser.gateway;
    // The demo company has a customer, and an Agente.
    await gw.addMember({
      userId: 'agente-demo',
      email: 'agente@demo.com',
      password: 'senha-boa-1',
      role: 'Agente',
    });
    const demoCustomer = await gw.request('POST', '/api/sandbox/whatsapp/inbound', {
      body: { sessionId: 'demo-sandbox', from: '5511911112222', name: 'Cliente da Demo', text: 'Oi, demo!' },
    });
    expect(demoCustomer.status).toBe(200);

    const created = await workspaceCommand(
      [
        'create',
        '--name',
        'Padaria Pão Quente',
        '--owner-email',
        'dono@padaria.com.br',
        '--owner-name',
        'Seu Zé',
      ],
      gw.dataDir,
    );
    expect(created.code).toBe(0);
    const password = /senha[^:]*: (\S+)$/m.exec(created.stdout)?.[1];
    expect(password).toBeDefined();

    const page = await browser.newPage();
    await browser.signInFirstTime(page, 'dono@padaria.com.br', password!, 'senha-do-seu-ze');
    await page.getByRole('heading', { name: 'Olá, Seu Zé!' }).waitFor();
    // Its own company name in the sidebar, never the demo's.
    await page.getByText('Padaria Pão Quente').first().waitFor();
    expect(await page.getByText('Minha Empresa').count()).toBe(0);
    await page.getByText('Nenhuma conversa ativa').waitFor();
    expect(await page.getByText('Cliente da Demo').count()).toBe(0);

    // Its own WhatsApp, its own customer, live.
    const cookie = (await browser.context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const sessionId = await gw.connectSandboxSession(cookie, '5511933334444');
    const own = await gw.request('POST', '/api/sandbox/whatsapp/inbound', {
      body: { sessionId, from: '5511955556666', name: 'Cliente da Padaria', text: 'Tem pão de queijo?' },
    });
    expect(own.status).toBe(200);
    await page.getByRole('button', { name: /^Cliente da Padaria/ }).waitFor();
    expect(await page.getByText('Cliente da Demo').count()).toBe(0);
    expect(page.errors).toEqual([]);

    // The demo's Agente, in the same browser after signing out: the demo's customer, never the padaria's.
    await browser.signOutBrowser();
    const agentPage = await browser.newPage();
    await browser.signIn(agentPage, 'agente@demo.com', 'senha-boa-1');
    await agentPage.getByRole('button', { name: /^Cliente da Demo/ }).waitFor();
    await agentPage.getByText('Minha Empresa').first().waitFor();
    expect(await agentPage.getByText('Cliente da Padaria').count()).toBe(0);
    expect(await agentPage.getByText('Padaria Pão Quente').count()).toBe(0);
    expect(agentPage.errors).toEqual([]);
  }, 120_000);
});
