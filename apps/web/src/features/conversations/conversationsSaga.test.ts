import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Conversation } from '../../api/types';
import { authActions } from '../auth/authSlice';
import { realtimeActions } from '../realtime/realtimeSlice';
import { conversationsApi, conversationsRequested, inboxChange } from './conversations-endpoints';
import { removeRow } from './conversations-list';
import { CONVERSATIONS_POLL_INTERVAL_MS } from './conversationsSaga';
import {
  agent,
  conversation,
  conversationsHandler,
  inboxLoaded,
  inboxOf,
  manyConversations,
  rowPushed,
} from './test/conversation-fixtures';
import {
  selectConversationActionError,
  selectConversations,
  selectConversationsError,
  selectConversationsLoading,
  selectConversationsRefreshing,
} from './selectors';
import { createInboxStore, stopInboxStores, type InboxStore } from './test/inbox-store';
import { heldAnswer, useApiServer } from '../../test/api-server';

const server = useApiServer(() => {
  stopInboxStores();
  jest.useRealTimers();
});

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
  waitFor(() => expect(selectConversationsLoading(store.getState())).toBe(false));
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
    expect(selectConversationsLoading(store.getState())).toBe(true);

    store.dispatch(authActions.sessionChecked(agent));
    await loaded(store);
    expect(inboxOf(store.getState()).ids).toHaveLength(10_000);
    expect(queries).toHaveLength(20);
    expect(queries[0]).toBe('?limit=500&archived=false');
    expect(queries[1]).toBe(`?limit=500&archived=false&before=${Date.parse(rows[499]!.lastTimestamp!)}`);
  });

  it('also starts on loginSucceeded, and stops and forgets the list on loggedOut', async () => {
    const { calls } = serveConversations();
    const store = createInboxStore({ user: null, pollIntervalMs: 30 });
    store.dispatch(authActions.loginSucceeded(agent));
    await loaded(store);
    expect(inboxOf(store.getState()).ids).toEqual(['a']);

    store.dispatch(authActions.loggedOut());
    expect(inboxOf(store.getState()).ids).toEqual([]);
    expect(selectConversationsLoading(store.getState())).toBe(true);
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
    await waitFor(() => expect(inboxOf(store.getState()).ids).toEqual(['b', 'a']));
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
    store.dispatch(conversationsRequested());
    expect(selectConversationsRefreshing(store.getState())).toBe(true);
    await waitFor(() => expect(inboxOf(store.getState()).ids).toEqual(['z']));
    expect(calls.count).toBe(2);
    expect(selectConversationsRefreshing(store.getState())).toBe(false);
  });

  it('keeps a row pushed while the first load is out ("Sincronizando..." until it answers)', async () => {
    rows = [conversation({ id: 'a', name: 'Ana', lastMessage: 'Oi', updatedAt: '2025-03-10T12:00:00.000Z' })];
    const held = heldAnswer();
    server.use(
      http.get('/api/whatsapp/conversations', async () => {
        await held.wait();
        return HttpResponse.json({ success: true, conversations: rows, source: 'atende', nextCursor: null });
      }),
    );
    const store = createInboxStore({ socket: 'connected' });
    await waitFor(() => expect(selectConversationsRefreshing(store.getState())).toBe(true));
    store.dispatch(
      rowPushed(
        conversation({ id: 'a', name: 'Ana', lastMessage: 'Nova', updatedAt: '2025-03-10T12:05:00.000Z' }),
      ),
    );
    expect(inboxOf(store.getState()).entities.a?.lastMessage).toBe('Nova');
    expect(selectConversationsLoading(store.getState())).toBe(true);
    held.release();
    await loaded(store);
    expect(inboxOf(store.getState()).entities.a?.lastMessage).toBe('Nova');
  });

  it('keeps a new conversation pushed while a reload is out, and does not bring back one removed meanwhile', async () => {
    rows = [conversation({ id: 'a', name: 'Ana' }), conversation({ id: 'b', name: 'Bruno' })];
    serveConversations();
    const store = createInboxStore({ socket: 'connected' });
    await loaded(store);
    // A reload whose answer was made before Zeca's first message and before Bruno left this inbox.
    const held = heldAnswer();
    let asked = false;
    server.use(
      http.get('/api/whatsapp/conversations', async () => {
        const answer = [...rows];
        asked = true;
        await held.wait();
        return HttpResponse.json({
          success: true,
          conversations: answer,
          source: 'atende',
          nextCursor: null,
        });
      }),
    );
    store.dispatch(conversationsRequested());
    await waitFor(() => expect(asked).toBe(true));
    store.dispatch(rowPushed(conversation({ id: 'z', name: 'Zeca' })));
    store.dispatch(inboxChange((list) => removeRow(list, 'b'), { joined: false, left: true }));
    held.release();
    await waitFor(() => expect(selectConversationsRefreshing(store.getState())).toBe(false));
    expect([...inboxOf(store.getState()).ids].sort()).toEqual(['a', 'z']);
    // The next load is the truth again: what it lacks leaves, what it has stays.
    rows = [conversation({ id: 'a', name: 'Ana' })];
    serveConversations(); // answered at once again
    store.dispatch(conversationsRequested());
    await waitFor(() => expect(inboxOf(store.getState()).ids).toEqual(['a']));
  });

  it('keeps the error of a failed load', async () => {
    server.use(
      http.get('/api/whatsapp/conversations', () =>
        HttpResponse.json({ success: false, error: 'Falha no servidor' }, { status: 500 }),
      ),
    );
    const store = createInboxStore({ socket: 'connected' });
    await loaded(store);
    expect(selectConversationsError(store.getState())).toBe('Falha no servidor');
  });

  it('keeps the optimistic read while a poll answers the old unread count', async () => {
    rows = [conversation({ id: 'a', name: 'Ana', unreadCount: 4 })];
    serveConversations();
    const held = heldAnswer();
    server.use(
      http.post('/api/conversations/:id/read', async () => {
        await held.wait();
        return HttpResponse.json({
          success: true,
          conversation: { ...rows[0], unreadCount: 0, updatedAt: '2025-03-10T12:01:00.000Z' },
        });
      }),
    );
    const store = createInboxStore({ socket: 'connected' });
    await loaded(store);
    void store.dispatch(conversationsApi.endpoints.markConversationRead.initiate('a', { track: false }));
    expect(inboxOf(store.getState()).entities.a?.unreadCount).toBe(0);

    store.dispatch(conversationsRequested());
    await waitFor(() => expect(selectConversationsRefreshing(store.getState())).toBe(false));
    expect(inboxOf(store.getState()).entities.a?.unreadCount).toBe(0);

    held.release();
    await waitFor(() => expect(inboxOf(store.getState()).pending).toEqual({}));
    expect(inboxOf(store.getState()).entities.a?.unreadCount).toBe(0);
  });
});

describe('conversationUpserted', () => {
  it('drops archived rows and ignores rows older than the one kept', () => {
    const store = createInboxStore({ runSaga: false });
    const row = conversation({ id: 'a', name: 'Ana', updatedAt: '2025-03-10T12:00:00.000Z' });
    store.dispatch(inboxLoaded([row]));

    store.dispatch(
      rowPushed({
        ...row,
        lastMessage: 'velha',
        updatedAt: '2025-03-10T11:00:00.000Z',
      }),
    );
    expect(inboxOf(store.getState()).entities.a?.lastMessage).toBe('Olá');

    store.dispatch(
      rowPushed({
        ...row,
        isArchived: true,
        status: 'archived',
        updatedAt: '2025-03-10T13:00:00.000Z',
      }),
    );
    expect(inboxOf(store.getState()).ids).toEqual([]);

    // A new customer message unarchives it: it comes back.
    store.dispatch(
      rowPushed({
        ...row,
        lastMessage: 'voltei',
        updatedAt: '2025-03-10T14:00:00.000Z',
      }),
    );
    expect(inboxOf(store.getState()).entities.a?.lastMessage).toBe('voltei');
  });
});

describe('row actions and pushed rows', () => {
  /** POST /api/conversations/:id/{action} held until `release`, then answering `answer`. */
  function heldAction(action: string, answer: () => Response) {
    const held = { arrived: false, ...heldAnswer() };
    server.use(
      http.post(`/api/conversations/:id/${action}`, async () => {
        held.arrived = true;
        await held.wait();
        return answer();
      }),
    );
    return held;
  }
  const refused = () =>
    HttpResponse.json({ success: false, error: 'Sem permissão', code: 'FORBIDDEN' }, { status: 403 });
  const { markConversationRead, pinConversation, archiveConversation } = conversationsApi.endpoints;

  it('a row pushed during a read call keeps its own count when the answer is older', async () => {
    const store = createInboxStore({ runSaga: false });
    const row = conversation({ id: 'a', name: 'Ana', unreadCount: 2, updatedAt: '2025-03-10T12:00:00.000Z' });
    const read = heldAction('read', () =>
      HttpResponse.json({
        success: true,
        conversation: { ...row, unreadCount: 0, updatedAt: '2025-03-10T12:01:00.000Z' },
      }),
    );
    store.dispatch(inboxLoaded([row]));
    const answered = store.dispatch(markConversationRead.initiate('a', { track: false }));
    // A new message lands (newer row) while POST /read is out: the badge stays at 0 for now...
    store.dispatch(
      rowPushed({
        ...row,
        unreadCount: 1,
        updatedAt: '2025-03-10T12:05:00.000Z',
      }),
    );
    expect(inboxOf(store.getState()).entities.a?.unreadCount).toBe(0);
    // ...and the read answer, older than that row, does not hide the new message.
    await waitFor(() => expect(read.arrived).toBe(true));
    read.release();
    await answered;
    expect(inboxOf(store.getState()).entities.a?.unreadCount).toBe(1);
    expect(inboxOf(store.getState()).pending).toEqual({});
  });

  it('a refused read is undone: the count comes back, the one a push brought meanwhile if any', async () => {
    const store = createInboxStore({ runSaga: false });
    const row = conversation({ id: 'a', name: 'Ana', unreadCount: 2, updatedAt: '2025-03-10T12:00:00.000Z' });
    store.dispatch(inboxLoaded([row]));
    let read = heldAction('read', refused);
    let answered = store.dispatch(markConversationRead.initiate('a', { track: false }));
    expect(inboxOf(store.getState()).entities.a?.unreadCount).toBe(0);
    await waitFor(() => expect(read.arrived).toBe(true));
    read.release();
    await expect(answered.unwrap()).rejects.toMatchObject({ message: 'Sem permissão', status: 403 });
    expect(inboxOf(store.getState()).entities.a?.unreadCount).toBe(2);
    expect(inboxOf(store.getState()).pending).toEqual({});

    read = heldAction('read', refused);
    answered = store.dispatch(markConversationRead.initiate('a', { track: false }));
    store.dispatch(rowPushed({ ...row, unreadCount: 3, updatedAt: '2025-03-10T12:05:00.000Z' }));
    expect(inboxOf(store.getState()).entities.a?.unreadCount).toBe(0);
    await waitFor(() => expect(read.arrived).toBe(true));
    read.release();
    await answered;
    expect(inboxOf(store.getState()).entities.a?.unreadCount).toBe(3);
    expect(inboxOf(store.getState()).entities.a?.updatedAt).toBe('2025-03-10T12:05:00.000Z');
  });

  it('a refused pin or unpin is undone', async () => {
    const store = createInboxStore({ runSaga: false });
    store.dispatch(inboxLoaded([conversation({ id: 'a', name: 'Ana', isPinned: false })]));
    const pin = heldAction('pin', refused);
    const pinned = store.dispatch(
      pinConversation.initiate({ conversationId: 'a', pinned: true }, { track: false }),
    );
    expect(inboxOf(store.getState()).entities.a?.isPinned).toBe(true);
    await waitFor(() => expect(pin.arrived).toBe(true));
    pin.release();
    await expect(pinned.unwrap()).rejects.toMatchObject({ message: 'Sem permissão' });
    expect(inboxOf(store.getState()).entities.a?.isPinned).toBe(false);
    expect(inboxOf(store.getState()).pending).toEqual({});
    // Its message stays with the list (shown above it) until the next row action.
    expect(selectConversationActionError(store.getState())).toBe('Sem permissão');

    store.dispatch(inboxLoaded([conversation({ id: 'a', name: 'Ana', isPinned: true })]));
    server.use(http.post('/api/conversations/:id/unpin', refused));
    const unpinned = store.dispatch(
      pinConversation.initiate({ conversationId: 'a', pinned: false }, { track: false }),
    );
    expect(inboxOf(store.getState()).entities.a?.isPinned).toBe(false);
    expect(selectConversationActionError(store.getState())).toBeNull();
    await expect(unpinned.unwrap()).rejects.toMatchObject({ message: 'Sem permissão' });
    expect(inboxOf(store.getState()).entities.a?.isPinned).toBe(true);
  });

  it('an undo keeps the rows pushed or removed while the call was out', async () => {
    const store = createInboxStore({ runSaga: false });
    store.dispatch(
      inboxLoaded([
        conversation({ id: 'a', name: 'Ana' }),
        conversation({ id: 'b', name: 'Bruno' }),
        conversation({ id: 'c', name: 'Carla', unreadCount: 2 }),
      ]),
    );
    const archive = heldAction('archive', refused);
    const archived = store.dispatch(
      archiveConversation.initiate({ conversationId: 'a', optimistic: true }, { track: false }),
    );
    const read = heldAction('read', refused);
    const marked = store.dispatch(markConversationRead.initiate('c', { track: false }));
    // Meanwhile: Bruno is assigned to someone else, Carla leaves too, Zeca writes for the first time.
    store.dispatch(inboxChange((list) => removeRow(list, 'b'), { joined: false, left: true }));
    store.dispatch(inboxChange((list) => removeRow(list, 'c'), { joined: false, left: true }));
    store.dispatch(rowPushed(conversation({ id: 'z', name: 'Zeca' })));
    await waitFor(() => expect(archive.arrived && read.arrived).toBe(true));
    archive.release();
    read.release();
    await expect(archived.unwrap()).rejects.toMatchObject({ message: 'Sem permissão' });
    await expect(marked.unwrap()).rejects.toMatchObject({ message: 'Sem permissão' });
    const list = inboxOf(store.getState());
    expect([...list.ids].sort()).toEqual(['a', 'z']);
    expect(list.ids.every((id) => list.entities[id] !== undefined)).toBe(true);
    expect(
      selectConversations(store.getState())
        .map((row) => row.id)
        .sort(),
    ).toEqual(['a', 'z']);
  });

  it('a refused archive puts the row back, as a poll last saw it', async () => {
    const store = createInboxStore({ runSaga: false });
    const row = conversation({
      id: 'a',
      name: 'Ana',
      lastMessage: 'Oi',
      updatedAt: '2025-03-10T12:00:00.000Z',
    });
    store.dispatch(inboxLoaded([row, conversation({ id: 'b', name: 'Bruno' })]));
    const archive = heldAction('archive', refused);
    const archived = store.dispatch(
      archiveConversation.initiate({ conversationId: 'a', optimistic: true }, { track: false }),
    );
    expect(inboxOf(store.getState()).ids).toEqual(['b']);
    // A push while the call is out does not bring it back yet...
    store.dispatch(rowPushed({ ...row, lastMessage: 'Mais uma', updatedAt: '2025-03-10T12:05:00.000Z' }));
    expect(inboxOf(store.getState()).ids).toEqual(['b']);
    await waitFor(() => expect(archive.arrived).toBe(true));
    archive.release();
    await expect(archived.unwrap()).rejects.toMatchObject({ message: 'Sem permissão' });
    // ...the refusal does, with what the push said.
    expect([...inboxOf(store.getState()).ids].sort()).toEqual(['a', 'b']);
    expect(inboxOf(store.getState()).entities.a?.lastMessage).toBe('Mais uma');
    expect(inboxOf(store.getState()).pending).toEqual({});
  });
});
