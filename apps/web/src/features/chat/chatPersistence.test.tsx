import { act, screen, waitFor, within } from '@testing-library/react';
import { authActions } from '../auth/authSlice';
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

describe('saved chat windows', () => {
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
    expect(second.getState().messages.byConversation[MARIA]).toBeDefined();
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
    await waitFor(() => expect(store.getState().chatWindows.suggestions[MARIA]).toBeDefined());
  });
});
