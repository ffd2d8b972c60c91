import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import type { Conversation } from '../../../api/types';
import { conversation, conversationsHandler } from '../../conversations/test/conversation-fixtures';
import { createInboxStore, stopInboxStores } from '../../conversations/test/inbox-store';
import OverviewPage from '../OverviewPage';
import type { WorkspaceEmail, WorkspaceNote } from './overview-api';
import { useApiServer } from '../../../test/api-server';

const server = useApiServer(stopInboxStores);

const email = (n: number, overrides: Partial<WorkspaceEmail> = {}): WorkspaceEmail => ({
  id: `e${n}`,
  direction: 'received',
  sender: `cliente${n}@exemplo.com`,
  senderName: `cliente${n}@exemplo.com`,
  to: ['suporte@empresa.com'],
  subject: `Assunto ${n}`,
  preview: `Prévia do email ${n}`,
  content: `Conteúdo ${n}`,
  timestamp: new Date(Date.now() - n * 60_000).toISOString(),
  isUnread: false,
  hasAttachments: false,
  priority: 'medium',
  authorId: null,
  cc: [],
  kind: 'new',
  inReplyTo: null,
  status: 'received',
  error: null,
  attachments: [],
  ...overrides,
});

const note = (n: number, overrides: Partial<WorkspaceNote> = {}): WorkspaceNote => ({
  id: `n${n}`,
  authorId: 'u_ana',
  title: `Anotação ${n}`,
  content: `Texto ${n}`,
  createdAt: '2025-03-10T12:00:00.000Z',
  updatedAt: '2025-03-10T12:00:00.000Z',
  reminder: null,
  isPinned: false,
  tags: [],
  ...overrides,
});

let conversations: Conversation[] = [];
let emails: WorkspaceEmail[] = [];
let notes: WorkspaceNote[] = [];

/** The overview's calls; the conversation list can be held to see 'Sincronizando...'. */
function serve() {
  const calls = { conversations: { count: 0 }, emailQueries: [] as string[], noteQueries: [] as string[] };
  const posted: unknown[] = [];
  const gate = { held: false, arrived: false, release: () => {} };
  server.use(
    http.get('/api/whatsapp/conversations', async () => {
      if (gate.held) {
        await new Promise<void>((resolve) => {
          gate.release = resolve;
          gate.arrived = true;
        });
      }
      return undefined;
    }),
    conversationsHandler(() => conversations, calls.conversations),
    http.get('/api/emails', ({ request }) => {
      const limit = new URL(request.url).searchParams.get('limit');
      calls.emailQueries.push(new URL(request.url).search);
      return HttpResponse.json({ success: true, emails: limit ? emails.slice(0, Number(limit)) : emails });
    }),
    http.get('/api/notes', ({ request }) => {
      const limit = new URL(request.url).searchParams.get('limit');
      calls.noteQueries.push(new URL(request.url).search);
      const sorted = [...notes].sort((a, b) => Number(b.isPinned) - Number(a.isPinned));
      return HttpResponse.json({ success: true, notes: limit ? sorted.slice(0, Number(limit)) : sorted });
    }),
    http.post('/api/notes', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      posted.push(body);
      const saved = note(100, {
        title: String(body.title),
        content: String(body.content),
        isPinned: Boolean(body.isPinned),
        tags: (body.tags as string[]) ?? [],
      });
      notes = [saved, ...notes];
      return HttpResponse.json(
        { success: true, note: saved, message: 'Anotação salva com sucesso!' },
        { status: 201 },
      );
    }),
  );
  return { calls, posted, gate };
}

function renderOverview() {
  const store = createInboxStore({ socket: 'connected' });
  const user = userEvent.setup();
  render(
    <Provider store={store}>
      <OverviewPage />
    </Provider>,
  );
  return { store, user };
}

const card = (title: string) => screen.getByRole('group', { name: title });

beforeEach(() => {
  conversations = [
    conversation({ id: 'a', name: 'Ana', unreadCount: 2 }),
    conversation({ id: 'b', name: 'Bruno', unreadCount: 12, type: 'group' }),
    conversation({ id: 'c', name: 'Carla' }),
  ];
  emails = Array.from({ length: 7 }, (_, i) => email(i + 1, { isUnread: i === 0 }));
  notes = [note(1), note(2, { isPinned: true, tags: ['vip'] }), note(3), note(4), note(5), note(6)];
});

describe('OverviewPage', () => {
  it("greets the user, says 'Sincronizando...' until the list arrives, then shows the stat cards", async () => {
    const { gate } = serve();
    gate.held = true;
    renderOverview();
    expect(screen.getByRole('heading', { level: 1, name: 'Olá, Ana Souza!' })).toBeInTheDocument();
    expect(await screen.findByText('Sincronizando...')).toBeInTheDocument();
    expect(screen.getByText('Sincronizando...')).toHaveAttribute('role', 'status');
    expect(within(card('Total de Conversas')).getByText('0')).toBeInTheDocument();

    await waitFor(() => expect(gate.arrived).toBe(true));
    gate.release();
    await waitFor(() => expect(screen.queryByText('Sincronizando...')).not.toBeInTheDocument());
    expect(within(card('Total de Conversas')).getByText('3')).toBeInTheDocument();
    expect(within(card('Conversas Ativas')).getByText('3')).toBeInTheDocument();
    expect(within(card('Não Lidas')).getByText('14')).toBeInTheDocument();
    expect(within(card('Canais')).getByText('1')).toBeInTheDocument();
    // The trend texts are fixed.
    expect(
      within(card('Total de Conversas')).getByText('+12% em relação ao mês passado'),
    ).toBeInTheDocument();

    const column = screen.getByRole('region', { name: 'Conversas Ativas' });
    expect(column).toHaveStyle({ height: '600px' });
    expect(within(column).getByText('3 conversa(s)')).toBeInTheDocument();
    expect(within(column).getByRole('button', { name: /^Bruno/ })).toBeInTheDocument();
  });

  it('the stat cards follow the live list', async () => {
    serve();
    const { user } = renderOverview();
    await waitFor(() => expect(within(card('Não Lidas')).getByText('14')).toBeInTheDocument());
    server.use(
      http.post('/api/conversations/:id/read', () =>
        HttpResponse.json({ success: true, conversation: { ...conversations[1], unreadCount: 0 } }),
      ),
    );
    await user.click(screen.getByRole('button', { name: /^Bruno/ }));
    expect(within(card('Não Lidas')).getByText('2')).toBeInTheDocument();
  });

  it("reloads the conversations with 'Atualizar conversas'", async () => {
    const { calls } = serve();
    const { user } = renderOverview();
    await waitFor(() => expect(screen.getByText('3 conversa(s)')).toBeInTheDocument());
    expect(calls.conversations.count).toBe(1);
    conversations = [...conversations, conversation({ id: 'd', name: 'Davi' })];
    await user.click(screen.getByRole('button', { name: 'Atualizar conversas' }));
    await waitFor(() => expect(screen.getByText('4 conversa(s)')).toBeInTheDocument());
    expect(calls.conversations.count).toBe(2);
  });

  it("shows the first 5 e-mails and lists them all under 'Ver todos'", async () => {
    const { calls } = serve();
    const { user } = renderOverview();
    const column = screen.getByRole('region', { name: 'Emails' });
    expect(column).toHaveStyle({ height: '600px' });
    await waitFor(() => expect(within(column).getAllByRole('listitem')).toHaveLength(5));
    expect(calls.emailQueries).toEqual(['?limit=5']);
    const first = within(column).getByRole('listitem', { name: 'cliente1@exemplo.com: Assunto 1' });
    expect(within(first).getByText('Prévia do email 1')).toBeInTheDocument();
    expect(within(first).getByText('Não lido')).toBeInTheDocument();
    expect(within(first).getByText('Agora')).toBeInTheDocument();
    const second = within(column).getByRole('listitem', { name: 'cliente2@exemplo.com: Assunto 2' });
    expect(within(second).queryByText('Não lido')).not.toBeInTheDocument();

    await user.click(within(column).getByRole('button', { name: 'Ver todos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Todos os emails' });
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(7));
    expect(calls.emailQueries).toEqual(['?limit=5', '']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the first 5 notes with the pinned one marked, and saves a new note', async () => {
    const { calls, posted } = serve();
    const { user } = renderOverview();
    const column = screen.getByRole('region', { name: 'Anotações' });
    await waitFor(() =>
      expect(within(column).getAllByRole('listitem', { name: /^Anotação/ })).toHaveLength(5),
    );
    expect(calls.noteQueries).toEqual(['?limit=5']);
    const pinned = within(column).getByRole('listitem', { name: 'Anotação 2 (fixada)' });
    expect(within(pinned).getByText('Fixada')).toBeInTheDocument();
    expect(within(pinned).getByText('vip')).toBeInTheDocument();

    await user.click(within(column).getByRole('button', { name: 'Nova anotação' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova anotação' });
    const save = within(dialog).getByRole('button', { name: 'Salvar' });

    // Title and content are required: without them nothing happens.
    await user.click(save);
    await user.type(within(dialog).getByLabelText('Título'), 'Ligar para a Ana');
    await user.click(save);
    expect(posted).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Nova anotação' })).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Conteúdo'), 'Confirmar o pedido 42');
    await user.type(within(dialog).getByLabelText('Tags'), 'cliente, urgente ,, vip');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Fixar anotação' }));
    await user.click(save);

    expect(await within(column).findByText('Anotação salva com sucesso!')).toBeInTheDocument();
    expect(posted).toEqual([
      {
        title: 'Ligar para a Ana',
        content: 'Confirmar o pedido 42',
        tags: ['cliente', 'urgente', 'vip'],
        isPinned: true,
      },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(within(column).getByRole('listitem', { name: 'Ligar para a Ana (fixada)' })).toBeInTheDocument(),
    );
    expect(calls.noteQueries).toEqual(['?limit=5', '?limit=5']);
  });

  it('keeps the note dialog open with the server error when saving fails', async () => {
    serve();
    server.use(
      http.post('/api/notes', () =>
        HttpResponse.json(
          { success: false, error: 'Máximo de 50 tags', code: 'NOTE_TAGS_TOO_MANY' },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderOverview();
    await user.click(screen.getByRole('button', { name: 'Nova anotação' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova anotação' });
    await user.type(within(dialog).getByLabelText('Título'), 'T');
    await user.type(within(dialog).getByLabelText('Conteúdo'), 'C');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Máximo de 50 tags');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
