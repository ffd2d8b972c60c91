import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { authActions } from '../auth/authSlice';
import { notesApi } from '../notes/notes-endpoints';
import { note } from '../notes/test/note-fixtures';
import {
  createTestStore,
  renderWithStore,
  stopTestStores,
  type TestStore,
} from '../notes/test/note-fixtures';
import type { AppNotification } from './notifications-api';
import { NOTIFICATIONS_POLL_INTERVAL_MS, notificationsApi } from './notifications-endpoints';
import { NotificationsBell } from './NotificationsBell';
import { notification, notificationHandlers, type NotificationsGate } from './test/notification-fixtures';
import { useApiServer } from '../../test/api-server';

const server = useApiServer(() => {
  stopTestStores();
  jest.useRealTimers();
});

let listed: AppNotification[] = [];
const listing = { get: () => listed, set: (next: AppNotification[]) => (listed = next) };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The notifications API over `listed`; records calls. */
function serve() {
  const calls: string[] = [];
  const gate: NotificationsGate = { hold: false, release: () => {} };
  server.use(...notificationHandlers(listing, calls, gate));
  return { calls, gate };
}

/** The bell on screen (it asks while it is there), over a signed-in store. */
function start() {
  return renderWithStore(<NotificationsBell />, createTestStore());
}
const gets = (calls: string[]) => calls.filter((c) => c === 'GET').length;
/** What the cache holds for the bell. */
const cached = (store: TestStore) =>
  notificationsApi.endpoints.getNotifications.select(undefined)(store.getState() as never).data;
const focus = () =>
  act(() => {
    window.dispatchEvent(new Event('focus'));
  });

beforeEach(() => {
  listed = [notification(2), notification(1, { read: true })];
});

describe('notifications (GET /api/notifications, read, clear)', () => {
  it('polls every 30 s by default', () => {
    expect(NOTIFICATIONS_POLL_INTERVAL_MS).toBe(30_000);
  });

  it('loads the list (newest first, unread count) once the bell is shown, and polls on its interval', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const { calls } = serve();
    const store = createTestStore();
    await pause(20);
    expect(calls).toEqual([]);
    const { unmount } = renderWithStore(<NotificationsBell />, store);
    await waitFor(() => expect(cached(store)).toBeDefined());
    expect(cached(store)!.notifications.map((n) => n.id)).toEqual(['n2:1', 'n1:1']);
    expect(cached(store)!.unreadCount).toBe(1);
    await act(() => jest.advanceTimersByTimeAsync(NOTIFICATIONS_POLL_INTERVAL_MS));
    await act(() => jest.advanceTimersByTimeAsync(NOTIFICATIONS_POLL_INTERVAL_MS));
    await waitFor(() => expect(gets(calls)).toBeGreaterThanOrEqual(3));

    unmount();
    const stopped = gets(calls);
    await act(() => jest.advanceTimersByTimeAsync(NOTIFICATIONS_POLL_INTERVAL_MS * 3));
    expect(gets(calls)).toBe(stopped);
  });

  it('fetches again on window focus, when a note changed and when asked', async () => {
    const { calls } = serve();
    const { store, user } = start();
    await waitFor(() => expect(gets(calls)).toBe(1));
    focus();
    await waitFor(() => expect(gets(calls)).toBe(2));
    // A note saved through the notes' API (here its tags) asks the bell again (its tag).
    server.use(
      http.put('/api/notes/:id/tags', () =>
        HttpResponse.json({
          success: true,
          note: note(1, { tags: ['x'] }),
          message: 'Tags atualizadas com sucesso!',
        }),
      ),
    );
    await store.dispatch(notesApi.endpoints.setNoteTags.initiate({ id: 'n1', tags: ['x'] }));
    await waitFor(() => expect(gets(calls)).toBe(3));
    // Asked: the bell's panel opens.
    await user.click(screen.getByRole('button', { name: 'Notificações: 1 não lida' }));
    await waitFor(() => expect(gets(calls)).toBe(4));
  });

  it('announces a new unread notification in a toast (not the ones there at the start)', async () => {
    const { calls } = serve();
    const { store, user } = start();
    await waitFor(() => expect(gets(calls)).toBe(1));
    const toast = screen.getByRole('status');
    expect(toast).toBeEmptyDOMElement();

    listed = [notification(4), notification(3), ...listed];
    focus();
    await waitFor(() => expect(toast).toHaveTextContent('Lembrete: Nota 4'));
    expect(cached(store)!.unreadCount).toBe(3);

    await user.click(within(toast).getByRole('button', { name: 'Fechar aviso' }));
    focus();
    await waitFor(() => expect(gets(calls)).toBe(3));
    expect(toast).toBeEmptyDOMElement();
  });

  it('marks read at once and tells the server; a stale answer does not undo it', async () => {
    const { calls, gate } = serve();
    const { store } = start();
    await waitFor(() => expect(cached(store)?.unreadCount).toBe(1));
    // A poll that left before the click answers after it, still unread.
    gate.hold = true;
    focus();
    await waitFor(() => expect(gets(calls)).toBe(2));
    void store.dispatch(notificationsApi.endpoints.markNotificationRead.initiate('n2:1', { track: false }));
    expect(cached(store)!.notifications[0]).toMatchObject({ id: 'n2:1', read: true });
    expect(cached(store)!.unreadCount).toBe(0);
    await waitFor(() => expect(calls).toContain('READ n2:1'));
    gate.hold = false;
    gate.release();
    await pause(20);
    expect(cached(store)!.notifications[0]).toMatchObject({ id: 'n2:1', read: true });
    expect(cached(store)!.unreadCount).toBe(0);
  });

  it("'Limpar' empties the list and tells the server, then fetches again", async () => {
    const { calls } = serve();
    const { store } = start();
    await waitFor(() => expect(cached(store)?.notifications).toHaveLength(2));
    void store.dispatch(notificationsApi.endpoints.clearNotifications.initiate(undefined, { track: false }));
    expect(cached(store)!.notifications).toEqual([]);
    await waitFor(() => expect(calls).toEqual(['GET', 'CLEAR', 'GET']));
    await waitFor(() => expect(cached(store)).toMatchObject({ notifications: [], unreadCount: 0 }));
  });

  it('keeps the last list when a poll fails, and forgets everything at logout', async () => {
    const { calls } = serve();
    const { store } = start();
    await waitFor(() => expect(cached(store)?.notifications).toHaveLength(2));
    server.use(http.get('/api/notifications', () => HttpResponse.error()));
    focus();
    await pause(30);
    expect(cached(store)!.notifications).toHaveLength(2);

    act(() => {
      store.dispatch(authActions.loggedOut());
    });
    expect(cached(store)).toBeUndefined();
    const before = calls.length;
    focus();
    await pause(30);
    expect(calls.length).toBe(before);
  });
});
