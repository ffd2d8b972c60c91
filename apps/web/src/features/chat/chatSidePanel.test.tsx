import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Conversation } from '../../api/types';
import { chatWindowsActions } from './chatWindowsSlice';
import { chatServer, chatStore, conversation, MARIA, me, renderWindows } from './test/chat-fixtures';
import { inboxOf } from '../conversations/test/conversation-fixtures';
import { heldAnswer } from '../../test/api-server';

const server = chatServer();

const TEAM = [
  { id: 'u1', name: 'Demo Silva', email: 'demo@atende.local', role: 'Owner', status: 'active' },
  { id: 'u2', name: 'Bia Rocha', email: 'bia@atende.local', role: 'Agente', status: 'active' },
  { id: 'u3', name: 'Caio Reis', email: 'caio@atende.local', role: 'Supervisor', status: 'active' },
  { id: 'u4', name: 'Dani Inativa', email: 'dani@atende.local', role: 'Agente', status: 'inactive' },
].map((m) => ({ ...m, lastActive: null, joinedAt: '2026-01-01T00:00:00.000Z' }));

/** Records POST /api/conversations/:id/{action}: each answers the row with `change` applied. */
function commandsApi(
  row: Conversation,
  change: (action: string, body: Record<string, unknown>) => Partial<Conversation>,
) {
  const posts: { action: string; conversationId: string; body: Record<string, unknown> }[] = [];
  let current = row;
  server.use(
    http.post('/api/conversations/:conversationId/:action', async ({ params, request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      const action = String(params.action);
      posts.push({ action, conversationId: String(params.conversationId), body });
      current = { ...current, ...change(action, body) };
      return HttpResponse.json({ success: true, conversation: current });
    }),
  );
  return posts;
}

function teamApi(members = TEAM) {
  const queries: string[] = [];
  server.use(
    http.get('/api/team', ({ request }) => {
      queries.push(new URL(request.url).search);
      return HttpResponse.json({ success: true, members });
    }),
  );
  return queries;
}

function openWindow(row: Conversation, user = me()) {
  const store = chatStore(server, { rows: [row], user });
  renderWindows(store);
  act(() => {
    store.dispatch(chatWindowsActions.chatWindowOpened({ conversationId: row.id }));
  });
  const panel = within(screen.getByRole('complementary', { name: 'Detalhes da conversa' }));
  return { store, panel };
}

beforeEach(() => localStorage.clear());

describe("side panel 'Ações'", () => {
  it('Avaliação: POST rate with the stars chosen; the row is updated', async () => {
    const user = userEvent.setup();
    teamApi();
    const posts = commandsApi(conversation(), (_action, body) => ({ rating: body.rating as number }));
    const { store, panel } = openWindow(conversation());

    await user.click(panel.getByRole('button', { name: 'Avaliar com 4 estrelas' }));
    expect(await panel.findByRole('status')).toHaveTextContent('Avaliação salva com sucesso!');
    expect(posts).toEqual([{ action: 'rate', conversationId: MARIA, body: { rating: 4 } }]);
    expect(inboxOf(store.getState()).entities[MARIA]!.rating).toBe(4);
    expect(panel.getByRole('button', { name: 'Avaliar com 4 estrelas' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(panel.getByRole('button', { name: 'Avaliar com 5 estrelas' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    await user.click(panel.getByRole('button', { name: 'Avaliar com 1 estrela' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]!.body).toEqual({ rating: 1 });
  });

  it('Arquivar: POST archive with an empty body, the row is archived and the window closes', async () => {
    const user = userEvent.setup();
    teamApi();
    const posts = commandsApi(conversation(), () => ({ isArchived: true, status: 'archived' }));
    const { store, panel } = openWindow(conversation());

    await user.click(panel.getByRole('button', { name: 'Arquivar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts).toEqual([{ action: 'archive', conversationId: MARIA, body: {} }]);
    // the answered row went to the conversations slice (which keeps archived rows out of the list)
    const row = inboxOf(store.getState()).entities[MARIA];
    expect(row === undefined || row.isArchived).toBe(true);
    expect(store.getState().chatWindows.windows).toEqual([]);
  });

  it('a refused command shows the server error in red and keeps the window', async () => {
    const user = userEvent.setup();
    teamApi();
    server.use(
      http.post('/api/conversations/:conversationId/archive', () =>
        HttpResponse.json({ success: false, error: 'Conversa não encontrada' }, { status: 404 }),
      ),
    );
    const { panel } = openWindow(conversation());
    await user.click(panel.getByRole('button', { name: 'Arquivar' }));
    const alert = await panel.findByRole('alert');
    expect(alert).toHaveTextContent('Conversa não encontrada');
    expect(screen.getByRole('dialog', { name: 'Conversa com Maria Souza' })).toBeInTheDocument();
  });

  it('a refused rating is undone: the stars shown at once go back, the error is shown', async () => {
    const user = userEvent.setup();
    teamApi();
    const held = heldAnswer();
    server.use(
      http.post('/api/conversations/:conversationId/rate', async () => {
        await held.wait();
        return HttpResponse.json(
          { success: false, error: 'Sem permissão', code: 'FORBIDDEN' },
          { status: 403 },
        );
      }),
    );
    const { store, panel } = openWindow(conversation({ rating: 2 }));
    await user.click(panel.getByRole('button', { name: 'Avaliar com 4 estrelas' }));
    // At once, before the server answered.
    await waitFor(() => expect(inboxOf(store.getState()).entities[MARIA]!.rating).toBe(4));
    await waitFor(() =>
      expect(panel.getByRole('button', { name: 'Avaliar com 4 estrelas' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    held.release();
    expect(await panel.findByRole('alert')).toHaveTextContent('Sem permissão');
    expect(inboxOf(store.getState()).entities[MARIA]!.rating).toBe(2);
    expect(panel.getByRole('button', { name: 'Avaliar com 2 estrelas' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(panel.queryByRole('status')).not.toBeInTheDocument();
  });

  it('a refused transfer is undone: the assignee shown at once goes back, the error is shown', async () => {
    const user = userEvent.setup();
    teamApi();
    const held = heldAnswer();
    const posts: string[] = [];
    server.use(
      http.post('/api/conversations/:conversationId/:action', async ({ params }) => {
        posts.push(String(params.action));
        await held.wait();
        return HttpResponse.json(
          { success: false, error: 'Membro inativo', code: 'VALIDATION' },
          { status: 400 },
        );
      }),
    );
    const { store, panel } = openWindow(conversation({ assigneeId: 'u3' }));
    const select = panel.getByRole('combobox', { name: 'Transferir para' });
    await waitFor(() => expect(select).toBeEnabled());
    expect(panel.getByText('Responsável: Caio Reis')).toBeInTheDocument();
    await user.selectOptions(select, 'u2');
    await user.click(panel.getByRole('button', { name: 'Transferir' }));
    await waitFor(() => expect(panel.getByText('Responsável: Bia Rocha')).toBeInTheDocument());
    expect(inboxOf(store.getState()).entities[MARIA]!.assigneeId).toBe('u2');
    await waitFor(() => expect(posts).toEqual(['transfer']));
    held.release();
    expect(await panel.findByRole('alert')).toHaveTextContent('Membro inativo');
    expect(inboxOf(store.getState()).entities[MARIA]!.assigneeId).toBe('u3');
    expect(panel.getByText('Responsável: Caio Reis')).toBeInTheDocument();
  });

  it('Transferir: lists the active members, assigns an unassigned conversation, then transfers it', async () => {
    const user = userEvent.setup();
    const queries = teamApi();
    const posts = commandsApi(conversation(), (action, body) => ({
      assigneeId: String(action === 'assign' ? body.assigneeId : body.toAssigneeId),
    }));
    const { store, panel } = openWindow(conversation());

    const select = panel.getByRole('combobox', { name: 'Transferir para' });
    // Loading: the list is not there yet.
    expect(select).toBeDisabled();
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Carregando equipe...']);
    await waitFor(() => expect(select).toBeEnabled());
    // The one team list Equipe reads too (GET /api/team); the chat offers its active members.
    expect(queries).toEqual(['']);
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Selecione um membro', 'Demo Silva (Owner)', 'Bia Rocha (Agente)', 'Caio Reis (Supervisor)']);
    const submit = panel.getByRole('button', { name: 'Transferir' });
    // aria-disabled (focusable, so the keyboard's focus stays on it while it transfers)
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    await user.click(submit);
    expect(posts).toEqual([]);

    await user.selectOptions(select, 'u2');
    await user.click(submit);
    expect(await panel.findByRole('status')).toHaveTextContent('Conversa transferida com sucesso!');
    expect(posts).toEqual([{ action: 'assign', conversationId: MARIA, body: { assigneeId: 'u2' } }]);
    expect(inboxOf(store.getState()).entities[MARIA]!.assigneeId).toBe('u2');
    expect(panel.getByText('Responsável: Bia Rocha')).toBeInTheDocument();
    // the current assignee is not offered again
    expect(within(select).queryByRole('option', { name: 'Bia Rocha (Agente)' })).not.toBeInTheDocument();

    await user.selectOptions(select, 'u3');
    await user.click(panel.getByRole('button', { name: 'Transferir' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]).toEqual({ action: 'transfer', conversationId: MARIA, body: { toAssigneeId: 'u3' } });
    await waitFor(() => expect(inboxOf(store.getState()).entities[MARIA]!.assigneeId).toBe('u3'));
  });

  it('an agent refused the team list sees the error; the window keeps working', async () => {
    const user = userEvent.setup();
    server.use(
      http.get('/api/team', () =>
        HttpResponse.json(
          { success: false, error: 'Você não tem permissão para esta ação', code: 'FORBIDDEN' },
          { status: 403 },
        ),
      ),
    );
    const posts = commandsApi(conversation(), (_action, body) => ({ rating: body.rating as number }));
    openWindow(conversation(), me({ role: 'Agente' }));
    const panel = within(screen.getByRole('complementary', { name: 'Detalhes da conversa' }));
    expect(await panel.findByRole('alert')).toHaveTextContent('Você não tem permissão para esta ação');
    expect(panel.queryByRole('combobox', { name: 'Transferir para' })).not.toBeInTheDocument();
    // 'Carregar equipe novamente' asks again; once allowed, the members are offered.
    const queries = teamApi();
    await user.click(panel.getByRole('button', { name: 'Carregar equipe novamente' }));
    const select = await panel.findByRole('combobox', { name: 'Transferir para' });
    await waitFor(() => expect(select).toBeEnabled());
    expect(queries).toEqual(['']);
    expect(panel.queryByRole('alert')).not.toBeInTheDocument();

    const window = screen.getByRole('dialog', { name: 'Conversa com Maria Souza' });
    await user.type(within(window).getByRole('textbox', { name: 'Mensagem' }), 'Oi');
    expect(within(window).getByRole('button', { name: 'Enviar mensagem' })).toBeEnabled();
    await user.click(panel.getByRole('button', { name: 'Avaliar com 5 estrelas' }));
    await waitFor(() =>
      expect(posts).toEqual([{ action: 'rate', conversationId: MARIA, body: { rating: 5 } }]),
    );
  });
});
