import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { member, renderSettings, serverDefaults, stopSettingsSagas } from '../test/settings-store';
import type { CannedReply } from './canned-replies-api';

const server = setupServer(
  http.all('/api/*', () => HttpResponse.json({ success: false, error: 'não stub' }, { status: 404 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  stopSettingsSagas();
  server.resetHandlers();
});
afterAll(() => server.close());

const LABELS = { greeting: 'Saudação', support: 'Suporte', product: 'Produto', other: 'Geral' } as const;

const reply = (id: string, text: string, category: CannedReply['category'], keywords = ''): CannedReply => ({
  id,
  text,
  category,
  categoryLabel: LABELS[category],
  keywords,
  createdBy: 'system',
  createdAt: '2026-01-10T12:00:00.000Z',
  updatedAt: '2026-01-10T12:00:00.000Z',
});

const DEFAULTS = [
  reply('r1', 'Olá! Obrigado por entrar em contato. Como posso ajudar?', 'greeting', 'oi ola'),
  reply('r2', 'Nosso prazo de entrega é de 3 a 5 dias úteis.', 'product', 'prazo entrega'),
];

interface Request {
  method: string;
  path: string;
  body: unknown;
}

/** The settings and canned replies APIs, kept in memory like the server does. */
function serve(initial: CannedReply[] = DEFAULTS, options: { failLoads?: number } = {}) {
  let replies = [...initial];
  let failLoads = options.failLoads ?? 0;
  const requests: Request[] = [];
  const log = async (request: globalThis.Request) => {
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.text();
    const entry = {
      method: request.method,
      path: new URL(request.url).pathname,
      body: text ? JSON.parse(text) : undefined,
    };
    requests.push(entry);
    return entry;
  };
  server.use(
    http.get('/api/settings', () =>
      HttpResponse.json({ success: true, settings: serverDefaults(), companyName: 'Minha Empresa' }),
    ),
    http.get('/api/canned-replies', async ({ request }) => {
      await log(request);
      if (failLoads > 0) {
        failLoads -= 1;
        return HttpResponse.json(
          { success: false, error: 'Erro inesperado', code: 'INTERNAL_ERROR' },
          { status: 500 },
        );
      }
      return HttpResponse.json({ success: true, cannedReplies: replies });
    }),
    http.post('/api/canned-replies', async ({ request }) => {
      const { body } = await log(request);
      const input = body as { text: string; category: CannedReply['category']; keywords: string };
      const created = reply(`novo-${replies.length + 1}`, input.text, input.category, input.keywords);
      replies = [...replies, created];
      return HttpResponse.json(
        { success: true, cannedReply: created, message: 'Resposta pronta salva com sucesso!' },
        { status: 201 },
      );
    }),
    http.put('/api/canned-replies/:id', async ({ request, params }) => {
      const { body } = await log(request);
      const input = body as { text: string; category: CannedReply['category']; keywords: string };
      const updated = { ...reply(String(params.id), input.text, input.category, input.keywords) };
      replies = replies.map((r) => (r.id === params.id ? updated : r));
      return HttpResponse.json({
        success: true,
        cannedReply: updated,
        message: 'Resposta pronta atualizada com sucesso!',
      });
    }),
    http.delete('/api/canned-replies/:id', async ({ request, params }) => {
      await log(request);
      replies = replies.filter((r) => r.id !== params.id);
      return HttpResponse.json({ success: true, message: 'Resposta pronta excluída com sucesso!' });
    }),
  );
  return { requests, writes: () => requests.filter((r) => r.method !== 'GET') };
}

async function openTab(role: 'Owner' | 'Admin' = 'Admin') {
  const user = userEvent.setup();
  renderSettings(member(role));
  await screen.findByRole('tablist', { name: 'Seções das configurações' });
  await user.click(screen.getByRole('tab', { name: 'Respostas prontas' }));
  return user;
}

const list = () => screen.findByRole('list', { name: 'Respostas prontas' });
const item = (text: string) => screen.getByRole('listitem', { name: text });
/** The tab's own success text (the page header has the settings' one). */
const notice = () => within(screen.getByRole('tabpanel', { name: 'Respostas prontas' })).getByRole('status');

describe('Configurações > Respostas prontas', () => {
  it("lists the workspace's replies with their category and keywords", async () => {
    serve();
    await openTab();
    expect(screen.getByRole('tabpanel', { name: 'Respostas prontas' })).toBeInTheDocument();
    expect(await screen.findByText('Carregando respostas prontas...')).toBeInTheDocument();
    const items = within(await list()).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual(DEFAULTS.map((r) => r.text));
    expect(within(items[0]!).getByText('Saudação')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Produto')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Palavras-chave: prazo entrega')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('button', { name: 'Editar' })).toHaveAccessibleDescription(
      DEFAULTS[0]!.text,
    );
  });

  it('adds a reply: Texto is required, then it is saved and listed last', async () => {
    const api = serve();
    const user = await openTab('Owner');
    await list();
    await user.click(screen.getByRole('button', { name: 'Nova resposta' }));
    const dialog = screen.getByRole('dialog', { name: 'Nova resposta pronta' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('O texto da resposta é obrigatório');
    expect(api.writes()).toEqual([]);

    await user.type(within(dialog).getByLabelText('Texto'), '  Enviamos pelos Correios.  ');
    expect(within(dialog).getByLabelText('Categoria')).toHaveValue('support');
    expect(
      within(within(dialog).getByLabelText('Categoria'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Saudação', 'Suporte', 'Produto', 'Geral']);
    await user.selectOptions(within(dialog).getByLabelText('Categoria'), 'Produto');
    await user.type(within(dialog).getByLabelText('Palavras-chave'), 'correios sedex');
    expect(within(dialog).getByLabelText('Palavras-chave')).toHaveAccessibleDescription(
      'Palavras que os clientes usam quando esta resposta serve (ex.: prazo entrega frete)',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.writes()).toEqual([
      {
        method: 'POST',
        path: '/api/canned-replies',
        body: { text: 'Enviamos pelos Correios.', category: 'product', keywords: 'correios sedex' },
      },
    ]);
    const items = within(await list()).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[2]).toHaveAccessibleName('Enviamos pelos Correios.');
    expect(within(items[2]!).getByText('Produto')).toBeInTheDocument();
    expect(notice()).toHaveTextContent('Resposta pronta salva com sucesso!');
  });

  it('edits a reply in place, the dialog filled with what it has', async () => {
    const api = serve();
    const user = await openTab();
    await list();
    await user.click(within(item(DEFAULTS[1]!.text)).getByRole('button', { name: 'Editar' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar resposta pronta' });
    expect(within(dialog).getByLabelText('Texto')).toHaveValue(DEFAULTS[1]!.text);
    expect(within(dialog).getByLabelText('Categoria')).toHaveValue('product');
    expect(within(dialog).getByLabelText('Palavras-chave')).toHaveValue('prazo entrega');
    await user.clear(within(dialog).getByLabelText('Texto'));
    await user.type(within(dialog).getByLabelText('Texto'), 'Entregamos em 2 dias úteis.');
    await user.clear(within(dialog).getByLabelText('Palavras-chave'));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.writes()).toEqual([
      {
        method: 'PUT',
        path: '/api/canned-replies/r2',
        body: { text: 'Entregamos em 2 dias úteis.', category: 'product', keywords: '' },
      },
    ]);
    const items = within(await list()).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual([
      DEFAULTS[0]!.text,
      'Entregamos em 2 dias úteis.',
    ]);
    expect(notice()).toHaveTextContent('Resposta pronta atualizada com sucesso!');
  });

  it("keeps the dialog open with the server's refusal", async () => {
    serve();
    server.use(
      http.post('/api/canned-replies', () =>
        HttpResponse.json(
          { success: false, error: 'Você não tem permissão para esta ação', code: 'FORBIDDEN' },
          { status: 403 },
        ),
      ),
    );
    const user = await openTab();
    await list();
    await user.click(screen.getByRole('button', { name: 'Nova resposta' }));
    const dialog = screen.getByRole('dialog', { name: 'Nova resposta pronta' });
    await user.type(within(dialog).getByLabelText('Texto'), 'Oi!');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Você não tem permissão para esta ação',
    );
    expect(within(dialog).getByRole('button', { name: 'Salvar' })).toBeEnabled();
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(2);
  });

  it('deletes only after the confirmation; Cancelar deletes nothing', async () => {
    const api = serve();
    const user = await openTab();
    await list();
    await user.click(within(item(DEFAULTS[0]!.text)).getByRole('button', { name: 'Excluir' }));
    let dialog = screen.getByRole('dialog', { name: 'Excluir resposta' });
    expect(dialog).toHaveAccessibleDescription('Tem certeza que deseja excluir esta resposta?');
    expect(within(dialog).getByText(DEFAULTS[0]!.text)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.writes()).toEqual([]);

    await user.click(within(item(DEFAULTS[0]!.text)).getByRole('button', { name: 'Excluir' }));
    dialog = screen.getByRole('dialog', { name: 'Excluir resposta' });
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.writes()).toEqual([{ method: 'DELETE', path: '/api/canned-replies/r1', body: undefined }]);
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByText(DEFAULTS[0]!.text)).not.toBeInTheDocument();
    expect(notice()).toHaveTextContent('Resposta pronta excluída com sucesso!');
  });

  it('shows a failed load with a retry, and an empty list with what it means', async () => {
    serve([], { failLoads: 1 });
    const user = await openTab();
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro inesperado');
    expect(screen.getByRole('button', { name: 'Nova resposta' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(
      await screen.findByText(
        'Nenhuma resposta pronta. As sugestões do chat usarão apenas as respostas anteriores da equipe.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nova resposta' })).toBeEnabled();
  });

  it('a Supervisor does not see the tab (nor asks for the replies)', async () => {
    const api = serve();
    renderSettings(member('Supervisor'));
    await screen.findByRole('tablist', { name: 'Seções das configurações' });
    expect(screen.queryByRole('tab', { name: 'Respostas prontas' })).not.toBeInTheDocument();
    expect(api.requests).toEqual([]);
  });
});
