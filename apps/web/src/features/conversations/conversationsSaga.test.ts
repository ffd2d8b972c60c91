import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Conversation } from '../../api/types';
import { authActions } from '../auth/authSlice';
import { realtimeActions } from '../realtime/realtimeSlice';
import { conversationsActions } from './conversationsSlice';
import { CONVERSATIONS_POLL_INTERVAL_MS } from './conversationsSaga';
import { agent, conversation, conversationsHandler, manyConversations } from './test/conversation-fixtures';
import { createInboxStore, stopInboxStores, type InboxStore } from './test/inbox-store';

const server = setupServer(
  http.all('/api/*', () => HttpResponse.json({ success: false, error: 'não stub' }, { status: 404 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  stopInboxStores();
  server.resetHandlers();
  jest.useRealTimers();
});
afterAll(() => server.close());

let rows: Conversation[] = [];
/** GET /api/whatsapp/conversations over `rows`, recording each call's query. */
function serveConversations() {
  const calls = { count: 0 };
  const queries: string[] = [];
  server.use(
    http.get('/api/whatsapp/conversations', ({ request }) => {
      queries.push(new URL(request.url).search);
      return undefined;
    }),
    conversationsHandler(() => rows, calls),
  );
  return { calls, queries };
}

const loaded = (store: InboxStore) =>
  waitFor(() => expect(store.getState().conversations.loading).toBe(false));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(() => {
  rows = [conversation({ id: 'a', name: 'Ana' })];
});

describe('conversationsSaga', () => {
  it('loads every page of the inbox once signed in (10,000 rows, 500 a page)', async () => {
    rows = manyConversations(10_000);
    const { queries } = serveConversations();
    const store = createInboxStore({ user: null, socket: 'connected' });
    await pause(20);
    expect(queries).toEqual([]);
    expect(store.getState().conversations.loading).toBe(true);

    store.dispatch(authActions.sessionChecked(agent));
    await loaded(store);
    expect(store.getState().conversations.ids).toHaveLength(10_000);
    expect(queries).toHaveLength(20);
    expect(queries[0]).toBe('?limit=500&archived=false');
    expect(queries[1]).toBe(`?limit=500&archived=false&before=${Date.parse(rows[499]!.lastTimestamp!)}`);
  });

  it('also starts on loginSucceeded, and stops and forgets the list on loggedOut', async () => {
    const { calls } = serveConversations();
    const store = createInboxStore({ user: null, pollIntervalMs: 30 });
    store.dispatch(authActions.loginSucceeded(agent));
    await loaded(store);
    expect(store.getState().conversations.ids).toEqual(['a']);

    store.dispatch(authActions.loggedOut());
    expect(store.getState().conversations.ids).toEqual([]);
    expect(store.getState().conversations.loading).toBe(true);
    const after = calls.count;
    await pause(150);
    expect(calls.count).toBe(after);
  });

  it('polls every 5 s while the socket is down', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const { calls } = serveConversations();
    const store = createInboxStore({ socket: 'disconnected' });
    await loaded(store);
    expect(calls.count).toBe(1);
    expect(CONVERSATIONS_POLL_INTERVAL_MS).toBe(5_000);

    await jest.advanceTimersByTimeAsync(4_900);
    expect(calls.count).toBe(1);
    await jest.advanceTimersByTimeAsync(100);
    await waitFor(() => expect(calls.count).toBe(2));
    rows = [...rows, conversation({ id: 'b', name: 'Bruno', lastTimestamp: '2025-03-11T00:00:00.000Z' })];
    await jest.advanceTimersByTimeAsync(5_000);
    await waitFor(() => expect(calls.count).toBe(3));
    await waitFor(() => expect(store.getState().conversations.ids).toEqual(['b', 'a']));
  });

  it('does not poll while the socket is connected, and resumes when it drops', async () => {
    const { calls } = serveConversations();
    const store = createInboxStore({ socket: 'connected', pollIntervalMs: 30 });
    await loaded(store);
    await pause(200);
    expect(calls.count).toBe(1);

    store.dispatch(realtimeActions.socketStatusChanged('disconnected'));
    await waitFor(() => expect(calls.count).toBeGreaterThanOrEqual(3));

    store.dispatch(realtimeActions.socketStatusChanged('connected'));
    await pause(60);
    const settled = calls.count;
    await pause(200);
    expect(calls.count).toBe(settled);
  });

  it('reloads on request (the refresh button)', async () => {
    const { calls } = serveConversations();
    const store = createInboxStore({ socket: 'connected' });
    await loaded(store);
    rows = [conversation({ id: 'z', name: 'Zeca' })];
    store.dispatch(conversationsActions.conversationsRequested());
    expect(store.getState().conversations.refreshing).toBe(true);
    await waitFor(() => expect(store.getState().conversations.ids).toEqual(['z']));
    expect(calls.count).toBe(2);
    expect(store.getState().conversations.refreshing).toBe(false);
  });

  it('keeps the error of a failed load', async () => {
    server.use(
      http.get('/api/whatsapp/conversations', () =>
        HttpResponse.json({ success: false, error: 'Falha no servidor' }, { status: 500 }),
      ),
    );
    const store = createInboxStore({ socket: 'connected' });
    await loaded(store);
    expect(store.getState().conversations.error).toBe('Falha no servidor');
  });

  it('keeps the optimistic read while a poll answers the old unread count', async () => {
    rows = [conversation({ id: 'a', name: 'Ana', unreadCount: 4 })];
    serveConversations();
    let release: () => void = () => {};
    server.use(
      http.post('/api/conversations/:id/read', async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json({
          success: true,
          conversation: { ...rows[0], unreadCount: 0, updatedAt: '2025-03-10T12:01:00.000Z' },
        });
      }),
    );
    const store = createInboxStore({ socket: 'connected' });
    await loaded(store);
    store.dispatch(conversationsActions.conversationReadRequested({ conversationId: 'a' }));
    expect(store.getState().conversations.entities.a?.unreadCount).toBe(0);

    store.dispatch(conversationsActions.conversationsRequested());
    await waitFor(() => expect(store.getState().conversations.refreshing).toBe(false));
    expect(store.getState().conversations.entities.a?.unreadCount).toBe(0);

    release();
    await waitFor(() => expect(store.getState().conversations.pending).toEqual({}));
    expect(store.getState().conversations.entities.a?.unreadCount).toBe(0);
  });
});

describe('conversationUpserted', () => {
  it('drops archived rows and ignores rows older than the one kept', () => {
    const store = createInboxStore({ runSaga: false });
    const row = conversation({ id: 'a', name: 'Ana', updatedAt: '2025-03-10T12:00:00.000Z' });
    store.dispatch(conversationsActions.conversationsLoaded([row]));

    store.dispatch(
      conversationsActions.conversationUpserted({
        ...row,
        lastMessage: 'velha',
        updatedAt: '2025-03-10T11:00:00.000Z',
      }),
    );
    expect(store.getState().conversations.entities.a?.lastMessage).toBe('Olá');

    store.dispatch(
      conversationsActions.conversationUpserted({
        ...row,
        isArchived: true,
        status: 'archived',
        updatedAt: '2025-03-10T13:00:00.000Z',
      }),
    );
    expect(store.getState().conversations.ids).toEqual([]);

    // A new customer message unarchives it: it comes back.
    store.dispatch(
      conversationsActions.conversationUpserted({
        ...row,
        lastMessage: 'voltei',
        updatedAt: '2025-03-10T14:00:00.000Z',
      }),
    );
    expect(store.getState().conversations.entities.a?.lastMessage).toBe('voltei');
  });
});

describe('row actions and pushed rows', () => {
  it('a row pushed during a read call keeps its own count when the answer is older', () => {
    const store = createInboxStore({ runSaga: false });
    const row = conversation({ id: 'a', name: 'Ana', unreadCount: 2, updatedAt: '2025-03-10T12:00:00.000Z' });
    store.dispatch(conversationsActions.conversationsLoaded([row]));
    store.dispatch(conversationsActions.conversationReadRequested({ conversationId: 'a' }));
    // A new message lands (newer row) while POST /read is out: the badge stays at 0 for now...
    store.dispatch(
      conversationsActions.conversationUpserted({
        ...row,
        unreadCount: 1,
        updatedAt: '2025-03-10T12:05:00.000Z',
      }),
    );
    expect(store.getState().conversations.entities.a?.unreadCount).toBe(0);
    // ...and the read answer, older than that row, does not hide the new message.
    store.dispatch(
      conversationsActions.conversationActionSucceeded({
        conversationId: 'a',
        action: 'read',
        conversation: { ...row, unreadCount: 0, updatedAt: '2025-03-10T12:01:00.000Z' },
      }),
    );
    expect(store.getState().conversations.entities.a?.unreadCount).toBe(1);
    expect(store.getState().conversations.pending).toEqual({});
  });
});
