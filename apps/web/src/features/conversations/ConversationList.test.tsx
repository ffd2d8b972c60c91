import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import type { Conversation } from '../../api/types';
import { chatWindowsActions } from '../chat/chatWindowsSlice';
import { ConversationList } from './ConversationList';
import {
  conversation,
  inboxLoaded,
  inboxOf,
  isCommandAnswer,
  manyConversations,
  rowPushed,
} from './test/conversation-fixtures';
import { createInboxStore, stopInboxStores } from './test/inbox-store';
import { heldAnswer, useApiServer } from '../../test/api-server';

const server = useApiServer(stopInboxStores);

/** The list over a store holding `rows` (no saga: the tests dispatch what the saga would). */
function renderList(rows: Conversation[], { runSaga = false } = {}) {
  const store = createInboxStore({ runSaga, socket: 'connected' });
  store.dispatch(inboxLoaded(rows));
  const user = userEvent.setup();
  render(
    <Provider store={store}>
      <ConversationList />
    </Provider>,
  );
  return { store, user };
}

const rowNamed = (name: string) => screen.getByRole('listitem', { name });
const rowButton = (name: string | RegExp) => screen.getByRole('button', { name });

/** Records POST /api/conversations/:id/{action}, answering the row with `change` applied. */
function actionEndpoint(rows: Conversation[], action: string, change: Partial<Conversation>) {
  const calls: { id: string; body: unknown }[] = [];
  const held = heldAnswer();
  const gate = { held: false };
  server.use(
    http.post(`/api/conversations/:id/${action}`, async ({ params, request }) => {
      calls.push({ id: String(params.id), body: await request.json() });
      if (gate.held) await held.wait();
      const row = rows.find((r) => r.id === params.id)!;
      return HttpResponse.json({
        success: true,
        conversation: { ...row, ...change, updatedAt: new Date().toISOString() },
      });
    }),
  );
  return { calls, hold: () => (gate.held = true), release: held.release };
}

describe('ConversationList', () => {
  it('renders 10,000 conversations through a window of rows and counts them all', () => {
    const rows = manyConversations(10_000);
    renderList(rows);
    expect(screen.getByText('10000 conversa(s)')).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Conversas' })).getAllByRole('listitem');
    expect(items.length).toBeGreaterThan(3);
    expect(items.length).toBeLessThan(40);
    expect(items[0]).toHaveAttribute('aria-setsize', '10000');
    expect(rowButton(/^Cliente 00000/)).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Cliente 09999' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Todas/ })).toHaveTextContent('10000');
  });

  it('renders the rows further down when the list is scrolled', () => {
    renderList(manyConversations(10_000));
    const scroller = screen.getByTestId('conversation-scroll');
    Object.defineProperty(scroller, 'scrollTop', { configurable: true, value: 80 * 5_000 });
    fireEvent.scroll(scroller);
    expect(screen.getByRole('listitem', { name: 'Cliente 05000' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Cliente 00000' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem').length).toBeLessThan(40);
  });

  it('shows every element of a row', () => {
    const now = Date.now();
    renderList([
      conversation({
        id: 'maria',
        name: 'Maria Souza',
        profilePic: 'https://example.com/maria.jpg',
        unreadCount: 12,
        isPinned: true,
        lastMessage: '',
        lastMessageType: 'image',
        hasMedia: true,
        mediaType: 'image',
        messageCount: 3,
        lastTimestamp: new Date(now - 5 * 60_000).toISOString(),
      }),
      conversation({
        id: 'joao',
        name: 'João',
        lastMessage: 'Tudo certo',
        messageCount: 1,
        lastTimestamp: new Date(now - 10_000).toISOString(),
      }),
    ]);
    const maria = within(rowNamed('Maria Souza'));
    expect(rowButton('Maria Souza, fixada, 12 mensagens não lidas')).toBeInTheDocument();
    expect(maria.getByTestId('avatar-image')).toHaveAttribute('src', 'https://example.com/maria.jpg');
    expect(maria.getByTestId('online-dot')).toBeInTheDocument();
    expect(maria.getByTestId('pinned-star')).toBeInTheDocument();
    expect(maria.getByText('9+')).toBeInTheDocument();
    expect(maria.getByText('Agora')).toBeInTheDocument();
    expect(maria.getByTestId('read-state')).toHaveAttribute('data-state', 'unread');
    expect(maria.getByTestId('media-icon')).toHaveAttribute('data-media', 'image');
    expect(maria.getByText('Imagem')).toBeInTheDocument();
    expect(maria.getByText('WhatsApp')).toBeInTheDocument();
    expect(maria.getByText('3 mensagens')).toBeInTheDocument();
    expect(maria.getByRole('button', { name: 'Mais ações' })).toBeInTheDocument();

    const joao = within(rowNamed('João'));
    expect(rowButton('João')).toHaveAccessibleDescription(/Agora.*Tudo certo.*WhatsApp.*1 mensagem/);
    expect(joao.getByTestId('avatar-fallback')).toBeInTheDocument();
    expect(joao.queryByTestId('pinned-star')).not.toBeInTheDocument();
    expect(joao.queryByTestId('unread-badge')).not.toBeInTheDocument();
    expect(joao.getByTestId('read-state')).toHaveAttribute('data-state', 'sent');
    expect(joao.queryByTestId('media-icon')).not.toBeInTheDocument();
  });

  it("marks a conversation that started over the plan's monthly limit 'Acima do limite'", () => {
    renderList([
      conversation({ id: 'maria', name: 'Maria Souza', messageCount: 2, overLimitMonth: '2026-03' }),
      conversation({ id: 'joao', name: 'João', messageCount: 1 }),
    ]);
    expect(within(rowNamed('Maria Souza')).getByText('Acima do limite')).toBeInTheDocument();
    expect(rowButton('Maria Souza')).toHaveAccessibleDescription(/WhatsApp.*2 mensagens.*Acima do limite/);
    expect(within(rowNamed('João')).queryByText('Acima do limite')).not.toBeInTheDocument();
  });

  it("searches name, phone and last message, and says 'Nenhuma conversa encontrada'", async () => {
    const { user } = renderList([
      conversation({ id: 'a', name: 'Ana Lima', customerId: '5511988887777', lastMessage: 'Pedido 42' }),
      conversation({ id: 'b', name: 'Bruno', customerId: '5521977776666', lastMessage: 'Oi' }),
    ]);
    const search = screen.getByRole('searchbox', { name: 'Buscar conversas' });
    expect(search).toHaveAttribute('placeholder', 'Buscar conversas...');

    await user.type(search, 'pedido');
    await waitFor(() => expect(screen.getByText('1 conversa(s)')).toBeInTheDocument());
    expect(rowButton('Ana Lima')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, '5521');
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Ana Lima' })).not.toBeInTheDocument());
    expect(rowButton('Bruno')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'ninguém');
    expect(await screen.findByText('Nenhuma conversa encontrada')).toBeInTheDocument();
    expect(screen.getByText('0 conversa(s)')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Conversas' })).not.toBeInTheDocument();
  });

  it("says 'Nenhuma conversa ativa' when there is none", () => {
    renderList([]);
    expect(screen.getByText('Nenhuma conversa ativa')).toBeInTheDocument();
    expect(screen.getByText('0 conversa(s)')).toBeInTheDocument();
  });

  it('filters with the chips (with counts) and sorts with the selector', async () => {
    const { user } = renderList([
      conversation({ id: 'a', name: 'Carla', unreadCount: 2, lastTimestamp: '2025-03-10T10:00:00.000Z' }),
      conversation({ id: 'b', name: 'Amigos', type: 'group', lastTimestamp: '2025-03-10T12:00:00.000Z' }),
      conversation({ id: 'c', name: 'Bia', lastTimestamp: '2025-03-10T11:00:00.000Z' }),
    ]);
    const chip = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });
    expect(chip('Todas')).toHaveAttribute('aria-pressed', 'true');
    expect(chip('Todas')).toHaveTextContent('3');
    expect(chip('Não lidas')).toHaveTextContent('1');
    expect(chip('Grupos')).toHaveTextContent('1');
    expect(chip('Privadas')).toHaveTextContent('2');
    const order = () => screen.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'));
    expect(order()).toEqual(['Amigos', 'Bia', 'Carla']);

    await user.click(chip('Não lidas'));
    expect(chip('Não lidas')).toHaveAttribute('aria-pressed', 'true');
    expect(chip('Todas')).toHaveAttribute('aria-pressed', 'false');
    expect(order()).toEqual(['Carla']);
    await user.click(chip('Grupos'));
    expect(order()).toEqual(['Amigos']);
    await user.click(chip('Privadas'));
    expect(order()).toEqual(['Bia', 'Carla']);
    await user.click(chip('Todas'));

    const sort = screen.getByRole('combobox', { name: 'Ordenar' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Mais recentes', 'Não lidas primeiro', 'Nome']);
    await user.selectOptions(sort, 'Não lidas primeiro');
    expect(order()).toEqual(['Carla', 'Amigos', 'Bia']);
    await user.selectOptions(sort, 'Nome');
    expect(order()).toEqual(['Amigos', 'Bia', 'Carla']);
  });

  it('marks an unread row read (badge to 0 at once, POST /read) and opens its chat window', async () => {
    const rows = [conversation({ id: 'maria', name: 'Maria', unreadCount: 3 })];
    const read = actionEndpoint(rows, 'read', { unreadCount: 0 });
    read.hold();
    const { store, user } = renderList(rows, { runSaga: true });

    await user.click(rowButton('Maria, 3 mensagens não lidas'));
    // Optimistic: the badge is gone before the server answered.
    expect(within(rowNamed('Maria')).queryByTestId('unread-badge')).not.toBeInTheDocument();
    expect(rowButton('Maria')).toBeInTheDocument();
    expect(store.dispatched(chatWindowsActions.chatWindowOpened.type)).toEqual([
      chatWindowsActions.chatWindowOpened({ conversationId: 'maria' }),
    ]);
    await waitFor(() => expect(read.calls).toEqual([{ id: 'maria', body: {} }]));
    read.release();
    await waitFor(() => expect(store.actions.filter(isCommandAnswer)).toHaveLength(1));
    expect(inboxOf(store.getState()).entities.maria?.unreadCount).toBe(0);

    // A read row opens its window without another POST.
    await user.click(rowButton('Maria'));
    expect(store.dispatched(chatWindowsActions.chatWindowOpened.type)).toHaveLength(2);
    expect(read.calls).toHaveLength(1);
  });

  it('opens the chat window beside the list: the click says where the list ends on screen', async () => {
    const rows = [conversation({ id: 'maria', name: 'Maria' })];
    const { store, user } = renderList(rows);
    // jsdom lays nothing out: the list gets the box it has in a 1280 px wide dashboard
    const list = screen.getByRole('list', { name: 'Conversas' });
    const root = list.closest('[data-conversation-list]') as HTMLElement;
    jest.spyOn(root, 'getBoundingClientRect').mockReturnValue(new DOMRect(317, 278, 257, 560));

    await user.click(rowButton('Maria'));
    expect(store.dispatched(chatWindowsActions.chatWindowOpened.type)).toEqual([
      chatWindowsActions.chatWindowOpened({ conversationId: 'maria', listRight: 574 }),
    ]);
  });

  it('puts the unread badge back when POST /read fails', async () => {
    server.use(
      http.post('/api/conversations/:id/read', () =>
        HttpResponse.json({ success: false, error: 'Conversa não encontrada', code: 'X' }, { status: 404 }),
      ),
    );
    const { user } = renderList([conversation({ id: 'maria', name: 'Maria', unreadCount: 3 })], {
      runSaga: true,
    });
    await user.click(rowButton(/^Maria/));
    expect(await screen.findByRole('alert')).toHaveTextContent('Conversa não encontrada');
    expect(within(rowNamed('Maria')).getByTestId('unread-badge')).toHaveTextContent('3');
  });

  it('pins and unpins from the row menu (POST /pin, /unpin)', async () => {
    const rows = [
      conversation({ id: 'a', name: 'Ana', lastTimestamp: '2025-03-10T12:00:00.000Z' }),
      conversation({ id: 'b', name: 'Bruno', lastTimestamp: '2025-03-10T10:00:00.000Z' }),
    ];
    const pin = actionEndpoint(rows, 'pin', { isPinned: true });
    const unpin = actionEndpoint(rows, 'unpin', { isPinned: false });
    // Optimistic: the server answers only after the checks below.
    pin.hold();
    const { user } = renderList(rows, { runSaga: true });
    const order = () => screen.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'));
    expect(order()).toEqual(['Ana', 'Bruno']);

    await user.click(within(rowNamed('Bruno')).getByRole('button', { name: 'Mais ações' }));
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Fixar', 'Arquivar']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Fixar' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    // Pinned rows come first in 'Mais recentes'.
    expect(order()).toEqual(['Bruno', 'Ana']);
    expect(within(rowNamed('Bruno')).getByTestId('pinned-star')).toBeInTheDocument();
    await waitFor(() => expect(pin.calls).toEqual([{ id: 'b', body: {} }]));
    pin.release();

    await user.click(within(rowNamed('Bruno')).getByRole('button', { name: 'Mais ações' }));
    await user.click(screen.getByRole('menuitem', { name: 'Desfixar' }));
    await waitFor(() => expect(unpin.calls).toEqual([{ id: 'b', body: {} }]));
    await waitFor(() => expect(order()).toEqual(['Ana', 'Bruno']));
    expect(within(rowNamed('Bruno')).queryByTestId('pinned-star')).not.toBeInTheDocument();
  });

  it('archives from the row menu (POST /archive): the row leaves the list', async () => {
    const rows = [conversation({ id: 'a', name: 'Ana' }), conversation({ id: 'b', name: 'Bruno' })];
    const archive = actionEndpoint(rows, 'archive', { isArchived: true, status: 'archived' });
    archive.hold();
    const { store, user } = renderList(rows, { runSaga: true });
    expect(screen.getByText('2 conversa(s)')).toBeInTheDocument();

    await user.click(within(rowNamed('Ana')).getByRole('button', { name: 'Mais ações' }));
    await user.click(screen.getByRole('menuitem', { name: 'Arquivar' }));
    // Before the server answered.
    expect(screen.queryByRole('listitem', { name: 'Ana' })).not.toBeInTheDocument();
    expect(screen.getByText('1 conversa(s)')).toBeInTheDocument();
    await waitFor(() => expect(archive.calls).toEqual([{ id: 'a', body: {} }]));
    archive.release();
    await waitFor(() => expect(store.actions.filter(isCommandAnswer)).toHaveLength(1));
    expect(inboxOf(store.getState()).ids).toEqual(['b']);
    expect(screen.queryByRole('listitem', { name: 'Ana' })).not.toBeInTheDocument();
  });

  it('brings an archived row back when POST /archive fails', async () => {
    server.use(
      http.post('/api/conversations/:id/archive', () =>
        HttpResponse.json({ success: false, error: 'Sem permissão', code: 'FORBIDDEN' }, { status: 403 }),
      ),
    );
    const { user } = renderList([conversation({ id: 'a', name: 'Ana' })], { runSaga: true });
    await user.click(screen.getByRole('button', { name: 'Mais ações' }));
    await user.click(screen.getByRole('menuitem', { name: 'Arquivar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sem permissão');
    expect(rowNamed('Ana')).toBeInTheDocument();
  });

  it('unpins a refused pin again and shows why; the next action clears the message', async () => {
    const rows = [
      conversation({ id: 'a', name: 'Ana', lastTimestamp: '2025-03-10T12:00:00.000Z' }),
      conversation({ id: 'b', name: 'Bruno', lastTimestamp: '2025-03-10T10:00:00.000Z' }),
    ];
    const held = heldAnswer();
    server.use(
      http.post('/api/conversations/:id/pin', async () => {
        await held.wait();
        return HttpResponse.json(
          { success: false, error: 'Sem permissão', code: 'FORBIDDEN' },
          { status: 403 },
        );
      }),
    );
    const { store, user } = renderList(rows);
    const order = () => screen.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'));
    await user.click(within(rowNamed('Bruno')).getByRole('button', { name: 'Mais ações' }));
    await user.click(screen.getByRole('menuitem', { name: 'Fixar' }));
    expect(order()).toEqual(['Bruno', 'Ana']);
    held.release();
    expect(await screen.findByRole('alert')).toHaveTextContent('Sem permissão');
    expect(order()).toEqual(['Ana', 'Bruno']);
    expect(within(rowNamed('Bruno')).queryByTestId('pinned-star')).not.toBeInTheDocument();
    expect(inboxOf(store.getState()).entities.b?.isPinned).toBe(false);
    expect(inboxOf(store.getState()).pending).toEqual({});

    const archive = actionEndpoint(rows, 'archive', { isArchived: true, status: 'archived' });
    await user.click(within(rowNamed('Ana')).getByRole('button', { name: 'Mais ações' }));
    await user.click(screen.getByRole('menuitem', { name: 'Arquivar' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(archive.calls).toHaveLength(1));
  });

  it('works from the keyboard: arrows in the menu, Escape closes it and gives the focus back', async () => {
    const { user } = renderList([conversation({ id: 'a', name: 'Ana' })]);
    const more = screen.getByRole('button', { name: 'Mais ações' });
    expect(more).toHaveAttribute('aria-haspopup', 'menu');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    more.focus();
    await user.keyboard('{Enter}');
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: 'Fixar' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Arquivar' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Fixar' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(more).toHaveFocus();
    expect(more).toHaveAttribute('aria-expanded', 'false');

    // A click elsewhere closes it too.
    await user.click(more);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByText('1 conversa(s)'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('moves between rows with the arrow keys', async () => {
    const { user } = renderList(manyConversations(50));
    // jsdom does not scroll: the scroll box follows scrollTo like a browser's.
    const scroller = screen.getByTestId('conversation-scroll');
    let top = 0;
    Object.defineProperty(scroller, 'scrollTop', { configurable: true, get: () => top });
    Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: 384 });
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 50 * 80 });
    scroller.scrollTo = ((options: ScrollToOptions) => {
      top = options.top ?? top;
      fireEvent.scroll(scroller);
    }) as typeof scroller.scrollTo;
    rowButton(/^Cliente 00000/).focus();
    await user.keyboard('{ArrowDown}');
    expect(rowButton(/^Cliente 00001/)).toHaveFocus();
    await user.keyboard('{End}');
    await waitFor(() => expect(rowButton(/^Cliente 00049/)).toHaveFocus());
    await user.keyboard('{Home}');
    await waitFor(() => expect(rowButton(/^Cliente 00000/)).toHaveFocus());
  });

  it('follows the rows the socket pushes', () => {
    const { store } = renderList([conversation({ id: 'a', name: 'Ana', lastMessage: 'Oi' })]);
    act(() => {
      store.dispatch(
        rowPushed(
          conversation({
            id: 'a',
            name: 'Ana',
            lastMessage: 'Chegou uma nova',
            unreadCount: 1,
            updatedAt: '2025-03-10T13:00:00.000Z',
          }),
        ),
      );
    });
    expect(within(rowNamed('Ana')).getByText('Chegou uma nova')).toBeInTheDocument();
    expect(within(rowNamed('Ana')).getByTestId('unread-badge')).toHaveTextContent('1');
  });
});
