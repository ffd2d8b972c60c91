import { selectMessagesEntry } from '../messages/messages-endpoints';
import { selectSuggestionsEntry } from './suggestions-endpoints';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { AppStore } from '../../app/store';
import { ConversationList } from '../conversations/ConversationList';
import { authActions } from '../auth/authSlice';
import { ChatWindows } from './ChatWindows';
import { chatWindowsActions, windowIdFor } from './chatWindowsSlice';
import { chatWindowsKey, readSavedWindows } from './chatWindowsStorage';
import {
  appStore,
  chatServer,
  chatStore,
  conversation,
  JOAO,
  MARIA,
  me,
  renderWindows,
  sessionSettled,
} from './test/chat-fixtures';

const server = chatServer();

const rows = [
  conversation(),
  conversation({ id: JOAO, customerName: 'João Lima', name: 'João Lima', contactName: 'João Lima' }),
];

beforeEach(() => {
  localStorage.clear();
  // The whole app's store also starts the realtime socket, refused here: it only logs.
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

/** The dashboard's list with the windows over it; the list laid out as at 1024 px (jsdom lays out nothing). */
function renderInbox(store: AppStore) {
  const view = render(
    <Provider store={store}>
      <ConversationList />
      <ChatWindows />
    </Provider>,
  );
  const list = view.container.querySelector<HTMLElement>('[data-conversation-list]')!;
  jest.spyOn(list, 'getBoundingClientRect').mockReturnValue(new DOMRect(24, 200, 376, 560));
  return view;
}

/**
 * Where a window (or, minimized, its bar) is and how big: the place react-rnd is given (jsdom lays
 * nothing out, so the transform it draws with means nothing here) and the size it is drawn at.
 */
function boxOf(store: AppStore, dialog: HTMLElement) {
  const conversationId = dialog.getAttribute('data-conversation-id');
  const saved = store.getState().chatWindows.windows.find((w) => w.conversationId === conversationId)!;
  const { x, y } = saved.isMinimized ? saved.barPosition! : saved.position;
  const frame = dialog.parentElement!;
  return { x, y, width: parseFloat(frame.style.width), height: parseFloat(frame.style.height) };
}

describe('saved chat windows', () => {
  it('a reload puts each window back where it was: opened beside the list, moved, minimized to a bar (issue 31)', async () => {
    const first = appStore(server, { rows });
    const view = renderInbox(first);
    // Opened from the list (right edge at 400 px): beside it, not over its rows.
    fireEvent.click(screen.getByRole('button', { name: /^Maria Souza/ }));
    fireEvent.click(screen.getByRole('button', { name: /^João Lima/ }));
    const maria = () => screen.getByRole('dialog', { name: 'Conversa com Maria Souza' });
    const joao = () => screen.getByRole('dialog', { name: 'Conversa com João Lima' });
    expect(boxOf(first, maria())).toEqual({ x: 440, y: 84, width: 568, height: 600 });
    expect(boxOf(first, joao())).toEqual({ x: 440, y: 112, width: 568, height: 600 });
    act(() => {
      first.dispatch(
        chatWindowsActions.chatWindowMoved({ id: windowIdFor(JOAO), position: { x: 450, y: 20 } }),
      );
      first.dispatch(chatWindowsActions.chatWindowMinimized({ id: windowIdFor(JOAO) }));
      first.dispatch(chatWindowsActions.chatWindowFocused({ id: windowIdFor(MARIA) }));
    });
    expect(boxOf(first, joao())).toEqual({ x: 16, y: 688, width: 240, height: 64 });
    await sessionSettled(first);
    view.unmount();
    first.sagaTask?.cancel();

    // The reload: the same places, the minimized one as its 240×64 bar, Maria still in front.
    const second = appStore(server, { rows });
    renderInbox(second);
    expect(maria()).toHaveAttribute('data-state', 'normal');
    expect(boxOf(second, maria())).toEqual({ x: 440, y: 84, width: 568, height: 600 });
    expect(joao()).toHaveAttribute('data-state', 'minimized');
    expect(boxOf(second, joao())).toEqual({ x: 16, y: 688, width: 240, height: 64 });
    expect(Number(maria().parentElement!.style.zIndex)).toBeGreaterThan(
      Number(joao().parentElement!.style.zIndex),
    );
    // Its bar restores the window where it had been moved to.
    fireEvent.click(within(joao()).getByRole('button', { name: 'Restaurar' }));
    expect(boxOf(second, joao())).toEqual({ x: 450, y: 20, width: 568, height: 600 });
    await sessionSettled(second);
    second.sagaTask?.cancel();

    // Reloaded in a narrower browser window: pulled back inside it, no more than needed.
    const width = window.innerWidth;
    Object.assign(window, { innerWidth: 900 });
    try {
      const third = appStore(server, { rows });
      expect(third.getState().chatWindows.windows.map((w) => [w.conversationId, w.position])).toEqual([
        [MARIA, { x: 332, y: 84 }],
        [JOAO, { x: 332, y: 20 }],
      ]);
      await sessionSettled(third);
    } finally {
      Object.assign(window, { innerWidth: width });
    }
  });

  it('a reload (a new store of the whole app) brings back every window as it was', async () => {
    const first = appStore(server, { rows });
    const view = renderWindows(first);
    act(() => {
      first.dispatch(chatWindowsActions.chatWindowOpened({ conversationId: MARIA }));
      first.dispatch(
        chatWindowsActions.chatWindowMoved({ id: windowIdFor(MARIA), position: { x: 12, y: 34 } }),
      );
      first.dispatch(
        chatWindowsActions.chatWindowResized({ id: windowIdFor(MARIA), size: { width: 640, height: 480 } }),
      );
      first.dispatch(
        chatWindowsActions.chatWindowDraftChanged({ id: windowIdFor(MARIA), draft: 'Quase pronto' }),
      );
      first.dispatch(chatWindowsActions.chatWindowDetailsToggled({ id: windowIdFor(MARIA) }));
      first.dispatch(chatWindowsActions.chatWindowOpened({ conversationId: JOAO }));
      first.dispatch(chatWindowsActions.chatWindowMinimized({ id: windowIdFor(JOAO) }));
    });
    await sessionSettled(first);
    const before = first.getState().chatWindows.windows;
    expect(readSavedWindows('u1')).toHaveLength(2);
    view.unmount();
    first.sagaTask?.cancel();

    const second = appStore(server, { rows });
    expect(second.getState().chatWindows.windows).toEqual(before);
    expect(second.getState().chatWindows.ownerId).toBe('u1');
    renderWindows(second);
    const maria = screen.getByRole('dialog', { name: 'Conversa com Maria Souza' });
    expect(maria).toHaveAttribute('data-state', 'normal');
    expect(maria.parentElement!.style.width).toBe('640px');
    expect(within(maria).getByRole('textbox', { name: 'Mensagem' })).toHaveValue('Quase pronto');
    expect(within(maria).getByRole('button', { name: 'Mostrar detalhes' })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Conversa com João Lima' })).toHaveAttribute(
      'data-state',
      'minimized',
    );
    // the restored windows load their messages again
    expect(selectMessagesEntry(second.getState(), MARIA)).toBeDefined();
    await sessionSettled(second);
    expect(second.getState().chatWindows.windows).toHaveLength(2);
  });

  it('keeps them per user: another user starts with none; closing the last one forgets them', () => {
    const first = chatStore(server, { rows });
    act(() => {
      first.dispatch(chatWindowsActions.chatWindowOpened({ conversationId: MARIA }));
    });
    expect(localStorage.getItem(chatWindowsKey('u1'))).not.toBeNull();

    const other = chatStore(server, { rows, user: me({ id: 'u2', email: 'bia@atende.local' }) });
    expect(other.getState().chatWindows.windows).toEqual([]);

    act(() => {
      first.dispatch(chatWindowsActions.chatWindowClosed({ id: windowIdFor(MARIA) }));
    });
    expect(localStorage.getItem(chatWindowsKey('u1'))).toBeNull();
  });

  it('signing out takes the windows off the screen but keeps them for the next sign-in', () => {
    const store = chatStore(server, { rows });
    act(() => {
      store.dispatch(chatWindowsActions.chatWindowOpened({ conversationId: MARIA }));
      store.dispatch(authActions.loggedOut());
    });
    expect(store.getState().chatWindows.windows).toEqual([]);
    expect(readSavedWindows('u1')).toHaveLength(1);

    act(() => {
      store.dispatch(authActions.loginSucceeded(me({ id: 'u2' })));
    });
    expect(store.getState().chatWindows.windows).toEqual([]);
    act(() => {
      store.dispatch(authActions.loggedOut());
      store.dispatch(authActions.loginSucceeded(me()));
    });
    expect(store.getState().chatWindows.windows.map((w) => w.conversationId)).toEqual([MARIA]);
  });

  it('ignores a damaged saved value, and fits saved windows into a smaller screen', async () => {
    localStorage.setItem(chatWindowsKey('u1'), '{not json');
    expect(chatStore(server, { rows }).getState().chatWindows.windows).toEqual([]);

    localStorage.setItem(
      chatWindowsKey('u1'),
      JSON.stringify({
        version: 1,
        windows: [
          { conversationId: MARIA, position: { x: 3000, y: 2000 }, size: { width: 5000, height: 100 }, z: 1 },
          { conversationId: 42, position: { x: 0, y: 0 }, size: { width: 400, height: 400 } },
          { conversationId: JOAO },
        ],
      }),
    );
    const store = chatStore(server, { rows });
    const [restored, ...rest] = store.getState().chatWindows.windows;
    expect(rest).toEqual([]);
    expect(restored).toMatchObject({
      conversationId: MARIA,
      size: { width: window.innerWidth, height: 400 },
      position: { x: 0, y: window.innerHeight - 400 },
      isMinimized: false,
      isMaximized: false,
      draft: '',
    });
    // Its suggestions are asked for (about 1 s after it appeared).
    await waitFor(() => expect(selectSuggestionsEntry(store.getState(), MARIA)).toBeDefined(), {
      timeout: 3000,
    });
  });
});
