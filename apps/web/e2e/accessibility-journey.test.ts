import { atendeRegistry, emailDecider, handleCommand, newId, streams } from '@atende/events';
import type { Page } from 'playwright-core';
import { expectNoSeriousViolations } from './axe-check.js';
import { BrowserHarness, describeWithBrowser } from './browser-harness.js';

type Theme = 'light' | 'dark';

/** The dashboard screens the owner's sidebar links to (apps/web/src/app/routes.tsx), by link name. */
const OWNER_SCREENS = [
  { link: /^Equipe$/, path: '/dashboard/team' },
  { link: /^Analytics$/, path: '/dashboard/analytics' },
  { link: /^Integrações$/, path: '/dashboard/integrations' },
  { link: /^Configurações$/, path: '/dashboard/settings' },
  { link: /^Assinatura$/, path: '/billing' },
  // Its name ends with the unread badge.
  { link: /^Visão Geral/, path: '/dashboard' },
] as const;

/** Dialogs cheap to open, and where: the overview's lists and forms, a team form, an integration's form. */
const DIALOGS = [
  { link: /^Visão Geral/, path: '/dashboard', opener: 'Ver todos', dialog: 'Todos os emails' },
  { link: /^Visão Geral/, path: '/dashboard', opener: 'Novo email', dialog: 'Novo email' },
  { link: /^Visão Geral/, path: '/dashboard', opener: 'Ver todas', dialog: 'Todas as anotações' },
  { link: /^Visão Geral/, path: '/dashboard', opener: 'Nova anotação', dialog: 'Nova anotação' },
  { link: /^Equipe$/, path: '/dashboard/team', opener: 'Adicionar Membro', dialog: 'Adicionar Membro' },
  {
    link: /^Integrações$/,
    path: '/dashboard/integrations',
    opener: 'Adicionar Integração',
    dialog: 'Adicionar Nova Integração',
  },
] as const;

/** The theme switch fixed on every screen, clicked only when the page shows the other theme. */
async function showTheme(page: Page, theme: Theme): Promise<void> {
  const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
  if ((await isDark()) !== (theme === 'dark')) {
    await page
      .getByRole('button', { name: theme === 'dark' ? 'Usar tema escuro' : 'Usar tema claro' })
      .click();
  }
  await page.waitForFunction(
    (dark) => document.documentElement.classList.contains('dark') === dark,
    theme === 'dark',
  );
}

/** Nothing on the screen is still loading (lists, charts, the conversation list's first sync). */
async function loaded(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"]') &&
      !/Carregando|Sincronizando/.test(document.body.innerText),
  );
}

// WCAG 2.1 AA in Chromium (issue 31): axe finds no serious or critical violation on the public pages,
// every screen of the owner's dashboard, a chat window with its details panel, a minimized window and
// a dialog, in the light and in the dark-blue theme.
describeWithBrowser('accessibility journey', () => {
  let browser: BrowserHarness;
  beforeAll(async () => {
    browser = await BrowserHarness.start();
    // Something in each column of the overview: conversations, e-mails, notes. Maria writes enough for
    // her window's message log to scroll (axe's scrollable-region-focusable then applies).
    for (let n = 1; n <= 8; n += 1) {
      await browser.customerWrites(
        '5511988887777',
        'Maria Souza',
        `Mensagem ${n}: preciso de ajuda`,
        `a11y-maria-${n}`,
      );
    }
    await browser.customerWrites(
      '5521977776666',
      'João Lima',
      'Bom dia! Vocês entregam no Rio?',
      'a11y-joao-1',
    );
    for (const [sender, subject, priority] of [
      ['ana@cliente.com', 'Pedido atrasado', 'high'],
      ['carlos@cliente.com', 'Orçamento', 'low'],
    ] as const) {
      const emailId = newId();
      const result = await handleCommand(
        { store: browser.gateway.atende.store, registry: atendeRegistry },
        emailDecider,
        streams.email(emailId),
        {
          type: 'ReceiveEmail',
          data: {
            emailId,
            sender,
            subject,
            content: 'Podem verificar?',
            priority,
            receivedAt: new Date().toISOString(),
          },
        },
        { workspaceId: browser.gateway.atende.demo.workspaceId, actorId: 'test' },
      );
      await browser.gateway.atende.projector.waitForPosition(Math.max(...result.globalPositions));
    }
    const cookie = await browser.gateway.loginDemo();
    for (const body of [
      { title: 'Reunião semanal', content: 'Pauta: metas', isPinned: true, tags: ['equipe'] },
      { title: 'Campanha de verão', content: 'Promoção', tags: ['marketing'] },
    ]) {
      expect((await browser.gateway.request('POST', '/api/notes', { cookie, body })).status).toBe(201);
    }
  }, 180_000);
  afterAll(async () => browser?.stop());

  describe.each<Theme>(['light', 'dark'])('%s theme', (theme) => {
    let page: Page & { errors: Error[] };
    beforeAll(async () => {
      await browser.signOutBrowser();
      page = await browser.newPage();
    });
    afterAll(async () => {
      expect(page.errors).toEqual([]);
      await page.close();
    });

    it('/: the landing page and one of its modals', async () => {
      await browser.openLanding(page);
      await showTheme(page, theme);
      await page.getByRole('banner').waitFor();
      await expectNoSeriousViolations(page, `/ (${theme})`);

      await page.locator('#problems').getByRole('button').first().click();
      await page.getByRole('dialog').waitFor();
      await expectNoSeriousViolations(page, `/ with a modal open (${theme})`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    });

    it('/login', async () => {
      await page.goto(`${browser.url}/login`);
      await showTheme(page, theme);
      await page.getByLabel('Email').waitFor();
      await expectNoSeriousViolations(page, `/login (${theme})`);
    });

    it('/signup', async () => {
      await page.goto(`${browser.url}/signup`);
      await showTheme(page, theme);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expectNoSeriousViolations(page, `/signup (${theme})`);
    });

    it('/dashboard and every screen of the owner', async () => {
      await browser.signIn(page);
      // The page takes the member's own theme once the session is known: look at it after that.
      await page.getByRole('button', { name: /^Maria Souza/ }).waitFor();
      await showTheme(page, theme);
      await loaded(page);
      await expectNoSeriousViolations(page, `/dashboard (${theme})`);

      const menu = page.getByRole('complementary', { name: 'Menu lateral' });
      for (const screen of OWNER_SCREENS) {
        await menu.getByRole('link', { name: screen.link }).click();
        await page.waitForURL((url) => url.pathname === screen.path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await loaded(page);
        await expectNoSeriousViolations(page, `${screen.path} (${theme})`);
      }
    });

    it.each(DIALOGS)('$path with the dialog $dialog open', async ({ link, path, opener, dialog }) => {
      const menu = page.getByRole('complementary', { name: 'Menu lateral' });
      await menu.getByRole('link', { name: link }).click();
      await page.waitForURL((url) => url.pathname === path);
      await page.getByRole('button', { name: opener, exact: true }).first().click();
      await page.getByRole('dialog', { name: dialog }).waitFor();
      await loaded(page);
      await expectNoSeriousViolations(page, `${path} with the dialog '${dialog}' open (${theme})`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: dialog }).waitFor({ state: 'detached' });
    });

    it('a chat window with messages and its details panel, then minimized', async () => {
      const menu = page.getByRole('complementary', { name: 'Menu lateral' });
      await menu.getByRole('link', { name: /^Visão Geral/ }).click();
      await page.waitForURL('**/dashboard');
      await page.getByRole('button', { name: /^Maria Souza/ }).click();
      const chat = page.getByRole('dialog', { name: 'Conversa com Maria Souza' });
      await chat.getByText('Mensagem 8: preciso de ajuda').waitFor();
      const reply = `Resposta no tema ${theme === 'dark' ? 'escuro' : 'claro'}`;
      await chat.getByRole('textbox', { name: 'Mensagem' }).fill(reply);
      await chat.getByRole('textbox', { name: 'Mensagem' }).press('Enter');
      await chat.getByRole('log').getByText(reply).waitFor();
      expect(await chat.getByRole('log').evaluate((log) => log.scrollHeight > log.clientHeight)).toBe(true);
      // The reply suggestions arrive about 1 s after the window opens.
      await chat
        .getByRole('list', { name: 'Sugestões' })
        .or(chat.getByText('Nenhuma sugestão disponível'))
        .waitFor();
      await expectNoSeriousViolations(page, `/dashboard with a chat window open (${theme})`);

      // Wide windows open with it shown.
      const showDetails = chat.getByRole('button', { name: 'Mostrar detalhes' });
      if (await showDetails.count()) await showDetails.click();
      await chat.getByRole('complementary', { name: 'Detalhes da conversa' }).waitFor();
      await chat.getByRole('option', { name: 'Selecione um membro' }).waitFor({ state: 'attached' });
      await expectNoSeriousViolations(page, `a chat window with its details panel (${theme})`);

      await chat.getByRole('button', { name: 'Minimizar' }).click();
      await page.locator('[role="dialog"][data-state="minimized"]').waitFor();
      await expectNoSeriousViolations(page, `a minimized chat window (${theme})`);
      await page
        .getByRole('dialog', { name: 'Conversa com Maria Souza' })
        .getByRole('button', { name: 'Fechar' })
        .click();
      await page.locator('[role="dialog"][data-state]').waitFor({ state: 'detached' });
    });
  });
});
