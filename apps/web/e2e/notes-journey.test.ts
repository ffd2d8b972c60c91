import type { Page } from 'playwright-core';
import { eventually } from '@atende/gateway/testing';
import { BrowserHarness, describeWithBrowser } from './browser-harness.js';

/** A wall-clock time typed as the reminder prompt wants it, to the minute (the browser's own time). */
function promptTime(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

// Notes and their reminders in Chromium against the embedded product: create, edit (with the local
// AI assistant), tags, a reminder that notifies (bell, toast, read, clear), and reloads that keep it all.
describeWithBrowser('notes journey', () => {
  let browser: BrowserHarness;
  beforeAll(async () => {
    browser = await BrowserHarness.start();
  }, 180_000);
  afterAll(async () => browser?.stop());

  const column = (page: Page) => page.getByRole('region', { name: 'Anotações' });
  const bell = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

  it('creates, edits, tags and reminds; the reminder notifies; reloads keep everything', async () => {
    const page = await browser.newPage();
    await browser.signIn(page);
    await page.getByRole('heading', { name: 'Olá, Demo!' }).waitFor();
    await bell(page, 'Notificações').waitFor();

    // Create: title and content required (silent without them), tags trimmed, pinned.
    await column(page).getByRole('button', { name: 'Nova anotação' }).click();
    const form = page.getByRole('dialog', { name: 'Nova anotação' });
    await form.getByRole('button', { name: 'Salvar' }).click();
    await form.getByLabel('Título').fill('ligar pra Maria');
    await form.getByRole('button', { name: 'Salvar' }).click();
    expect(await form.isVisible()).toBe(true);
    await form.getByLabel('Conteúdo').fill('confirmar o pedido 42  ,ela prefere à tarde');
    await form.getByLabel('Tags').fill(' cliente ,urgente,, ');
    await form.getByRole('checkbox', { name: 'Fixar anotação' }).check();
    // The local AI assistant: discard, then accept.
    await form.getByRole('button', { name: 'Melhorar com IA' }).click();
    await form
      .getByRole('region', { name: 'Sugestão da IA' })
      .getByRole('button', { name: 'Descartar' })
      .click();
    expect(await form.getByLabel('Título').inputValue()).toBe('ligar pra Maria');
    await form.getByRole('button', { name: 'Melhorar com IA' }).click();
    await form
      .getByRole('region', { name: 'Sugestão da IA' })
      .getByRole('button', { name: 'Aceitar' })
      .click();
    expect(await form.getByLabel('Título').inputValue()).toBe('Ligar para Maria');
    expect(await form.getByLabel('Conteúdo').inputValue()).toBe(
      'Confirmar o pedido 42, ela prefere à tarde.',
    );
    await form.getByRole('button', { name: 'Salvar' }).click();
    await column(page).getByText('Anotação salva com sucesso!').waitFor();
    const card = column(page).getByRole('listitem', { name: 'Ligar para Maria (fixada)' });
    await card.getByText('cliente', { exact: true }).waitFor();
    await card.getByText('urgente', { exact: true }).waitFor();

    // View, then edit.
    await column(page).getByRole('button', { name: 'Abrir anotação: Ligar para Maria' }).click();
    let view = page.getByRole('dialog', { name: 'Ligar para Maria' });
    await view.getByText('Anotação fixada').waitFor();
    await view.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar anotação' });
    await edit.getByLabel('Título').fill('Ligar para Maria Souza');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    view = page.getByRole('dialog', { name: 'Ligar para Maria Souza' });
    await view.getByText('Anotação atualizada com sucesso!').waitFor();

    // Tags.
    await view.getByRole('button', { name: 'Gerenciar tags' }).click();
    const tags = page.getByRole('dialog', { name: 'Gerenciar tags' });
    await tags.getByLabel('Tags').fill(' vip ,cliente,  ');
    await tags.getByRole('button', { name: 'Salvar' }).click();
    await view.getByText('Tags atualizadas com sucesso!').waitFor();
    expect(await view.getByRole('list', { name: 'Tags' }).getByRole('listitem').allTextContents()).toEqual([
      'vip',
      'cliente',
    ]);

    // A reminder: a bad date first, then one a minute ago (due at once).
    await view.getByRole('button', { name: 'Definir lembrete' }).click();
    const prompt = page.getByRole('dialog', { name: 'Definir lembrete' });
    await prompt.getByLabel('Data e hora do lembrete').fill('amanhã às 10');
    await prompt.getByRole('button', { name: 'Salvar' }).click();
    await prompt.getByRole('alert').getByText('Data inválida. Use o formato YYYY-MM-DD HH:MM').waitFor();
    const firstReminder = new Date(Date.now() - 60_000);
    await prompt.getByLabel('Data e hora do lembrete').fill(promptTime(firstReminder));
    await prompt.getByRole('button', { name: 'Salvar' }).click();
    await view.getByText('Lembrete definido com sucesso!').waitFor();

    // The author is notified: the bell counts it and a toast announces it.
    await bell(page, 'Notificações: 1 não lida').waitFor();
    await page.getByRole('status').getByText('Lembrete: Ligar para Maria Souza').waitFor();
    await page.keyboard.press('Escape');
    await view.waitFor({ state: 'detached' });

    // Open it from the bell: marked read, the note opens.
    await bell(page, 'Notificações: 1 não lida').click();
    let panel = page.getByRole('dialog', { name: 'Notificações' });
    await panel.getByRole('button', { name: /^Lembrete: Ligar para Maria Souza/ }).click();
    await page
      .getByRole('dialog', { name: 'Ligar para Maria Souza' })
      .getByText('vip', { exact: true })
      .waitFor();
    await bell(page, 'Notificações').waitFor();
    await page.keyboard.press('Escape');

    // Read survives a reload; then 'Limpar'.
    await page.reload();
    await page.getByRole('heading', { name: 'Olá, Demo!' }).waitFor();
    await column(page).getByRole('listitem', { name: 'Ligar para Maria Souza (fixada)' }).waitFor();
    await bell(page, 'Notificações').click();
    panel = page.getByRole('dialog', { name: 'Notificações' });
    await panel.getByRole('button', { name: /^Lembrete: Ligar para Maria Souza/ }).waitFor();
    await panel.getByRole('button', { name: 'Limpar' }).click();
    await panel.getByText('Nenhuma notificação').waitFor();
    await page.keyboard.press('Escape');

    // Cleared survives a reload; a new reminder after clearing notifies again.
    await page.reload();
    await page.getByRole('heading', { name: 'Olá, Demo!' }).waitFor();
    await bell(page, 'Notificações').click();
    await page.getByRole('dialog', { name: 'Notificações' }).getByText('Nenhuma notificação').waitFor();
    await page.keyboard.press('Escape');
    await column(page).getByRole('button', { name: 'Abrir anotação: Ligar para Maria Souza' }).click();
    view = page.getByRole('dialog', { name: 'Ligar para Maria Souza' });
    await view.getByRole('button', { name: 'Definir lembrete' }).click();
    await page
      .getByRole('dialog', { name: 'Definir lembrete' })
      .getByLabel('Data e hora do lembrete')
      // A minute before the first one, whatever the clock did meanwhile: the same time again is
      // not a new reminder, so it would not notify.
      .fill(promptTime(new Date(firstReminder.getTime() - 60_000)));
    await page
      .getByRole('dialog', { name: 'Definir lembrete' })
      .getByRole('button', { name: 'Salvar' })
      .click();
    await view.getByText('Lembrete definido com sucesso!').waitFor();
    await bell(page, 'Notificações: 1 não lida').waitFor();
    await page.keyboard.press('Escape');

    // Everything went through the event log.
    const note = await eventually(async () => {
      const res = await browser.gateway.request<{ notes: { id: string; title: string; tags: string[] }[] }>(
        'GET',
        '/api/notes',
        { cookie: await browser.gateway.loginDemo() },
      );
      return res.body.notes.find((n) => n.title === 'Ligar para Maria Souza');
    });
    expect(note.tags).toEqual(['vip', 'cliente']);
    expect(await browser.gateway.streamTypes(`note-${note.id}`)).toEqual([
      'NoteCreated',
      'NoteUpdated',
      'NoteTagsChanged',
      'NoteReminderSet',
      'NoteReminderSet',
    ]);

    // Delete with confirmation; a reload shows it is gone, with its notification.
    await column(page).getByRole('button', { name: 'Abrir anotação: Ligar para Maria Souza' }).click();
    await page
      .getByRole('dialog', { name: 'Ligar para Maria Souza' })
      .getByRole('button', { name: 'Excluir' })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Excluir anotação' });
    await confirm.getByText('Tem certeza que deseja excluir esta anotação?').waitFor();
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await column(page).getByText('Anotação excluída com sucesso!').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Olá, Demo!' }).waitFor();
    await column(page).getByText('Nenhuma anotação').waitFor();
    await bell(page, 'Notificações').waitFor();
    expect(page.errors).toEqual([]);
  }, 120_000);

  it("'Ver todas' finds notes by title, content or tag, pinned first", async () => {
    // Still signed in from the first journey (same browser profile).
    const page = await browser.newPage();
    const cookie = await browser.gateway.loginDemo();
    for (const body of [
      { title: 'Orçamento da Bia', content: 'Enviar até sexta', tags: ['vendas'] },
      { title: 'Reunião semanal', content: 'Pauta: metas', isPinned: true },
      { title: 'Campanha de verão', content: 'Promoção', tags: ['marketing'] },
    ]) {
      expect((await browser.gateway.request('POST', '/api/notes', { cookie, body })).status).toBe(201);
    }
    await page.goto(`${browser.url}/dashboard`);
    await column(page).getByRole('button', { name: 'Abrir anotação: Reunião semanal' }).waitFor();
    await column(page).getByRole('button', { name: 'Ver todas' }).click();
    const all = page.getByRole('dialog', { name: 'Todas as anotações' });
    const titles = all.getByRole('button', { name: /^Abrir anotação: / });
    await eventually(async () => ((await titles.count()) === 3 ? true : undefined));
    expect(await titles.first().textContent()).toBe('Reunião semanal');
    await all.getByRole('searchbox', { name: 'Buscar anotações' }).fill('orcamento');
    await all.getByRole('button', { name: 'Abrir anotação: Orçamento da Bia' }).waitFor();
    await eventually(async () => ((await titles.count()) === 1 ? true : undefined));
    await all.getByRole('searchbox', { name: 'Buscar anotações' }).fill('marketing');
    await all.getByRole('button', { name: 'Abrir anotação: Campanha de verão' }).waitFor();
    await eventually(async () => ((await titles.count()) === 1 ? true : undefined));
    expect(page.errors).toEqual([]);
  }, 60_000);
});
