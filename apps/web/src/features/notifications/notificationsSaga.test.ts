import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { authActions } from '../auth/authSlice';
import { notesApi } from '../notes/notes-endpoints';
import { note } from '../notes/test/note-fixtures';
import { createTestStore, stopTestStores, type TestStore } from '../notes/test/note-fixtures';
import type { AppNotification } from './notifications-api';
import { notificationsSaga, NOTIFICATIONS_POLL_INTERVAL_MS } from './notificationsSaga';
import { notificationsActions } from './notificationsSlice';
import { notification } from './test/notification-fixtures';

const server = setupServer(
  http.all('/api/*', () => HttpResponse.json({ success: false, error: 'não stub' }, { status: 404 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  stopTestStores();
  server.resetHandlers();
});
afterAll(() => server.close());

let listed: AppNotification[] = [];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The notifications API over `listed`; records calls. */
function serve() {
  const calls: string[] = [];
  const gate = { hold: false, release: () => {} };
  server.use(
    http.get('/api/notifications', async () => {
      calls.push('GET');
      const answer = {
        success: true,
        notifications: listed,
        unreadCount: listed.filter((n) => !n.read).length,
      };
      if (gate.hold) await new Promise<void>((resolve) => (gate.release = resolve));
      return HttpResponse.json(answer);
    }),
    http.post('/api/notifications/:id/read', ({ params }) => {
      calls.push(`READ ${String(params.id)}`);
      listed = listed.map((n) => (n.id === params.id ? { ...n, read: true } : n));
      return HttpResponse.json({ success: true, notification: listed.find((n) => n.id === params.id) });
    }),
    http.post('/api/notifications/clear', () => {
      calls.push('CLEAR');
      listed = [];
      return HttpResponse.json({ success: true, cleared: 1, message: 'Notificações removidas' });
    }),
  );
  return { calls, gate };
}

function start(pollIntervalMs = 60_000): TestStore {
  const store = createTestStore(() => notificationsSaga({ pollIntervalMs }));
  store.dispatch(notificationsActions.watchStarted());
  return store;
}
const gets = (calls: string[]) => calls.filter((c) => c === 'GET').length;

beforeEach(() => {
  listed = [notification(2), notification(1, { read: true })];
});

describe('notificationsSaga', () => {
  it('polls every 30 s by default', () => {
    expect(NOTIFICATIONS_POLL_INTERVAL_MS).toBe(30_000);
  });

  it('loads the list (newest first, unread count) once watching, and polls on its interval', async () => {
    const { calls } = serve();
    const store = createTestStore(() => notificationsSaga({ pollIntervalMs: 40 }));
    await pause(20);
    expect(calls).toEqual([]);
    store.dispatch(notificationsActions.watchStarted());
    await waitFor(() => expect(store.getState().notifications.loaded).toBe(true));
    expect(store.getState().notifications.items.map((n) => n.id)).toEqual(['n2:1', 'n1:1']);
    expect(store.getState().notifications.unreadCount).toBe(1);
    await waitFor(() => expect(gets(calls)).toBeGreaterThanOrEqual(3));

    store.dispatch(notificationsActions.watchStopped());
    const stopped = gets(calls);
    await pause(120);
    expect(gets(calls)).toBe(stopped);
  });

  it('fetches again on window focus, when a note changed and when asked', async () => {
    const { calls } = serve();
    const store = start();
    await waitFor(() => expect(gets(calls)).toBe(1));
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(gets(calls)).toBe(2));
    // A note saved through the notes' API (here its tags) asks the bell again.
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
    store.dispatch(notificationsActions.refreshRequested());
    await waitFor(() => expect(gets(calls)).toBe(4));
  });

  it('announces a new unread notification in a toast (not the ones there at the start)', async () => {
    const { calls } = serve();
    const store = start();
    await waitFor(() => expect(gets(calls)).toBe(1));
    expect(store.getState().notifications.toast).toBeNull();

    listed = [notification(4), notification(3), ...listed];
    store.dispatch(notificationsActions.refreshRequested());
    await waitFor(() => expect(store.getState().notifications.toast?.id).toBe('n4:1'));
    expect(store.getState().notifications.unreadCount).toBe(3);

    store.dispatch(notificationsActions.toastDismissed());
    store.dispatch(notificationsActions.refreshRequested());
    await waitFor(() => expect(gets(calls)).toBe(3));
    expect(store.getState().notifications.toast).toBeNull();
  });

  it('marks read at once and tells the server; a stale answer does not undo it', async () => {
    const { calls, gate } = serve();
    const store = start();
    await waitFor(() => expect(store.getState().notifications.unreadCount).toBe(1));
    // A poll that left before the click answers after it, still unread.
    gate.hold = true;
    store.dispatch(notificationsActions.refreshRequested());
    await waitFor(() => expect(gets(calls)).toBe(2));
    store.dispatch(notificationsActions.readRequested('n2:1'));
    expect(store.getState().notifications.items[0]).toMatchObject({ id: 'n2:1', read: true });
    expect(store.getState().notifications.unreadCount).toBe(0);
    await waitFor(() => expect(calls).toContain('READ n2:1'));
    gate.hold = false;
    gate.release();
    await pause(20);
    expect(store.getState().notifications.items[0]).toMatchObject({ id: 'n2:1', read: true });
    expect(store.getState().notifications.unreadCount).toBe(0);
  });

  it("'Limpar' empties the list and tells the server, then fetches again", async () => {
    const { calls } = serve();
    const store = start();
    await waitFor(() => expect(store.getState().notifications.items).toHaveLength(2));
    store.dispatch(notificationsActions.clearRequested());
    expect(store.getState().notifications.items).toEqual([]);
    await waitFor(() => expect(calls).toEqual(['GET', 'CLEAR', 'GET']));
    expect(store.getState().notifications).toMatchObject({ items: [], unreadCount: 0 });
  });

  it('keeps the last list when a poll fails, and forgets everything at logout', async () => {
    const { calls } = serve();
    const store = start();
    await waitFor(() => expect(store.getState().notifications.items).toHaveLength(2));
    server.use(http.get('/api/notifications', () => HttpResponse.error()));
    store.dispatch(notificationsActions.refreshRequested());
    await pause(30);
    expect(store.getState().notifications.items).toHaveLength(2);

    store.dispatch(authActions.loggedOut());
    expect(store.getState().notifications).toMatchObject({ items: [], unreadCount: 0, loaded: false });
    const before = calls.length;
    store.dispatch(notificationsActions.refreshRequested());
    await pause(30);
    expect(calls.length).toBe(before);
  });
});
