import { http, HttpResponse } from 'msw';
import type { Message } from '../../api/types';
import { createAppStore, type AppStore } from '../../app/store';
import { authActions } from '../auth/authSlice';
import { inboxLoaded, inboxOf } from '../conversations/test/conversation-fixtures';
import {
  messagesActions,
  selectConversationMessages,
  selectLoadedConversationIds,
  selectMessagesState,
} from '../messages/messages-endpoints';
import { defaultRealtimeConfig, realtimeConfig } from './realtime-config';
import {
  CHAT,
  type TestGateway,
  conversation,
  me,
  pushedRow,
  sleep,
  storedMessage,
  until,
} from './test/test-gateway';
import { useRealtimeHarness } from './test/realtime-harness';

const harness = useRealtimeHarness();
const { server, stores } = harness;
let gateway: TestGateway;
let messageGets = 0;
beforeEach(async () => {
  gateway = harness.gateway;
  messageGets = 0;
  // Socket connection errors are only logged (spec §8): keep the output quiet.
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  server.use(
    http.get('/api/whatsapp/messages/:id', () => {
      messageGets += 1;
      return HttpResponse.json({
        success: true,
        messages: [storedMessage(1)],
        source: 'atende',
        nextCursor: null,
      });
    }),
  );
});
afterEach(async () => {
  Object.assign(realtimeConfig, defaultRealtimeConfig);
  jest.restoreAllMocks();
});

const status = (store: AppStore) => store.getState().realtime.status;
const lastPosition = (store: AppStore) => store.getState().realtime.lastPosition;
const items = (store: AppStore) => selectConversationMessages(store.getState(), CHAT);
const newMessage = (n: number, overrides: Partial<Message> = {}, row?: Record<string, unknown>) => ({
  ...storedMessage(n, overrides),
  ...(row ? { conversation: row } : {}),
});

/** A signed-in store, its socket joined, the conversation listed and its messages loaded. */
async function connectedStore(): Promise<AppStore> {
  const store = createAppStore({ navigate: jest.fn() });
  stores.push(store);
  await until(() => lastPosition(store) === 10, 8000, 'joined');
  store.dispatch(inboxLoaded([conversation({ unreadCount: 0 })]));
  store.dispatch(messagesActions.messagesRequested({ conversationId: CHAT }));
  await until(() => items(store).length === 1 && !selectMessagesState(store.getState(), CHAT).loading);
  return store;
}

describe('live socket', () => {
  it("stays idle until someone signs in; 'connecting' → 'connected'; joins with the user's own id", async () => {
    server.use(
      http.get('/api/auth/me', () =>
        HttpResponse.json(
          { success: false, error: 'Não autenticado', code: 'UNAUTHENTICATED' },
          { status: 401 },
        ),
      ),
    );
    const store = createAppStore({ navigate: jest.fn() });
    stores.push(store);
    await until(() => store.getState().auth.status === 'anonymous');
    await sleep(100);
    expect(status(store)).toBe('idle');
    expect(gateway.handshakes).toHaveLength(0);

    store.dispatch(authActions.loginSucceeded(me()));
    expect(status(store)).toBe('connecting');
    await until(() => status(store) === 'connected');
    await until(() => gateway.joins.length === 1);
    expect(gateway.joins).toEqual(['u_ana']);
    // Nothing seen yet: the first handshake starts live (no lastPosition), the join answers the position.
    expect(gateway.handshakes[0]!.auth).toEqual({});
    await until(() => lastPosition(store) === 10);
  });

  it("keeps 'connecting' while Socket.IO's client cannot be loaded, and connects once it loads", async () => {
    const create = realtimeConfig.createSocket;
    let attempts = 0;
    realtimeConfig.slowRetryMs = 50;
    realtimeConfig.createSocket = (url, options) => {
      attempts += 1;
      // The lazy chunk failing twice (network down), as a dynamic import rejects.
      return attempts <= 2
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : create(url, options);
    };
    const store = createAppStore({ navigate: jest.fn() });
    stores.push(store);
    await until(() => attempts >= 2);
    expect(status(store)).toBe('connecting');
    await until(() => status(store) === 'connected');
    expect(attempts).toBe(3);
    await until(() => gateway.joins.length === 1);
  });

  it('puts whatsapp:newMessage into the store: message appended once, row upserted, position remembered', async () => {
    const store = await connectedStore();
    const row = pushedRow({ unreadCount: 3, lastMessage: 'chegou agora', messageCount: 2 });
    const position = gateway.push('whatsapp:newMessage', newMessage(11, { content: 'chegou agora' }, row));
    await until(() => items(store).length === 2);
    expect(items(store)[1]).toMatchObject({
      id: 'm11',
      content: 'chegou agora',
      status: 'delivered',
      fromMe: false,
    });
    expect(inboxOf(store.getState()).entities[CHAT]).toEqual(row);
    expect(inboxOf(store.getState()).entities[CHAT]).toMatchObject({
      conversationId: CHAT,
      contactName: 'Cliente',
      platform: 'whatsapp',
      unreadCount: 3,
      lastMessage: 'chegou agora',
    });
    expect(lastPosition(store)).toBe(position);

    // Media without text, a status and a media update: in place.
    gateway.push('whatsapp:newMessage', newMessage(12, { type: 'audio', content: '' }));
    await until(() => items(store).length === 3);
    expect(items(store)[2]!.content).toBe('[Mídia: audio]');
    gateway.push('message:updated', {
      ...storedMessage(12, { type: 'audio', content: '', mediaUrl: '/m/12', mediaStatus: 'stored' }),
    });
    await until(() => items(store)[2]!.mediaUrl === '/m/12');
    expect(items(store).map((m) => m.id)).toEqual(['m1', 'm11', 'm12']);

    const updated = pushedRow({ isPinned: true, unreadCount: 0 });
    gateway.push('conversation:updated', { conversation: updated });
    await until(() => inboxOf(store.getState()).entities[CHAT]!.isPinned);
    gateway.push('whatsapp:connected', { sessionId: 's1', phoneNumber: '5511988887777' });
    await until(() => store.getState().realtime.channel !== null);
    expect(store.getState().realtime.channel).toEqual({
      connected: true,
      sessionId: 's1',
      phoneNumber: '5511988887777',
    });
    expect(lastPosition(store)).toBe(gateway.position);
  });

  it('without a row alongside, a new customer message raises the unread count and last message itself', async () => {
    const store = await connectedStore();
    gateway.push('whatsapp:newMessage', newMessage(11, { content: 'sem linha' }));
    await until(() => items(store).length === 2);
    expect(inboxOf(store.getState()).entities[CHAT]).toMatchObject({
      unreadCount: 1,
      lastMessage: 'sem linha',
      messageCount: 2,
    });
  });

  it('after the server stops and restarts: disconnected while down, resumes from the last position seen', async () => {
    realtimeConfig.reconnectionDelay = 100;
    realtimeConfig.slowRetryMs = 300;
    const store = await connectedStore();
    gateway.push('whatsapp:newMessage', newMessage(11));
    await until(() => items(store).length === 2);
    const seenBeforeDrop = lastPosition(store);
    expect(seenBeforeDrop).toBe(11);

    await gateway.stop();
    await until(() => status(store) === 'disconnected');
    // Missed while down.
    gateway.push(
      'whatsapp:newMessage',
      newMessage(12, { content: 'perdida' }, pushedRow({ unreadCount: 2 })),
    );
    gateway.push('message:status', { conversationId: CHAT, messageId: 'm11', status: 'read', error: null });
    await sleep(300);
    expect(status(store)).toBe('disconnected');

    await gateway.listen();
    await until(() => status(store) === 'connected', 10_000, 'reconnected');
    expect(gateway.handshakes.at(-1)!.auth).toEqual({ lastPosition: seenBeforeDrop });
    await until(() => items(store).length === 3);
    await until(() => lastPosition(store) === 13);
    expect(items(store).map((m) => m.id)).toEqual(['m1', 'm11', 'm12']);
    expect(items(store)[1]!.status).toBe('read');
    expect(inboxOf(store.getState()).entities[CHAT]!.unreadCount).toBe(2);
    await until(() => gateway.joins.length === 2);
  });

  it('when the server closes the socket itself, connects again resuming from the last position', async () => {
    realtimeConfig.serverDisconnectRetryMs = 100;
    const store = await connectedStore();
    gateway.push('whatsapp:newMessage', newMessage(11));
    await until(() => lastPosition(store) === 11);
    const handshakes = gateway.handshakes.length;
    gateway.disconnectSockets();
    await until(() => status(store) === 'disconnected');
    await until(() => gateway.handshakes.length === handshakes + 1, 5000, 'reconnected');
    expect(gateway.handshakes.at(-1)!.auth).toEqual({ lastPosition: 11 });
    await until(() => status(store) === 'connected');
  });

  it('when the server closes the socket because the session ended, signs this tab out (to /login)', async () => {
    realtimeConfig.serverDisconnectRetryMs = 100;
    const store = await connectedStore();
    server.use(
      http.get('/api/auth/me', () =>
        HttpResponse.json(
          { success: false, error: 'Sessão expirada. Entre novamente.', code: 'UNAUTHENTICATED' },
          { status: 401 },
        ),
      ),
    );
    const handshakes = gateway.handshakes.length;
    gateway.disconnectSockets();
    await until(() => store.getState().auth.status === 'anonymous', 5000, 'signed out');
    expect(store.getState().auth.user).toBeNull();
    await sleep(300);
    expect(gateway.handshakes.length).toBe(handshakes); // no reconnect with an ended session
    expect(status(store)).toBe('idle');
  });

  it("after this tab's own password change closed it, waits for the fresh cookie and stays signed in", async () => {
    realtimeConfig.serverDisconnectRetryMs = 100;
    const store = await connectedStore();
    // The server ended every session of the account; this browser's new cookie comes with the answer.
    let freshCookie = false;
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/auth/me', () =>
        freshCookie
          ? HttpResponse.json({ success: true, user: me() })
          : HttpResponse.json(
              { success: false, error: 'Sessão expirada. Entre novamente.', code: 'UNAUTHENTICATED' },
              { status: 401 },
            ),
      ),
      http.post('/api/auth/password', async () => {
        await answered;
        freshCookie = true;
        return HttpResponse.json({ success: true, message: 'Senha alterada com sucesso!' });
      }),
    );
    const handshakes = gateway.handshakes.length;
    store.dispatch(
      authActions.ownPasswordChangeRequested({
        currentPassword: 'senha-antiga',
        newPassword: 'senha-nova-1',
      }),
    );
    gateway.disconnectSockets();
    await until(() => status(store) === 'disconnected');
    await sleep(300);
    expect(store.getState().auth.status).toBe('authenticated');
    answer();
    await until(() => gateway.handshakes.length === handshakes + 1, 5000, 'reconnected');
    await until(() => status(store) === 'connected');
    expect(store.getState().auth.status).toBe('authenticated');
    expect(store.getState().auth.ownPassword.notice).toBe('Senha alterada com sucesso!');
  });

  it('conversation:removed takes the row out of the list (it was assigned to someone else)', async () => {
    const store = await connectedStore();
    expect(inboxOf(store.getState()).entities[CHAT]).toBeDefined();
    gateway.push('conversation:removed', { conversationId: CHAT, position: 12 });
    await until(() => inboxOf(store.getState()).entities[CHAT] === undefined);
    expect(lastPosition(store)).toBe(12);
  });

  it('once the quick attempts are used up, keeps trying in the background', async () => {
    realtimeConfig.reconnectionAttempts = 2;
    realtimeConfig.reconnectionDelay = 50;
    realtimeConfig.slowRetryMs = 400;
    const store = await connectedStore();
    await gateway.stop();
    await until(() => status(store) === 'disconnected');
    // Long enough for both quick attempts to fail.
    await sleep(1500);
    await gateway.listen();
    await until(() => status(store) === 'connected', 5000, 'reconnected slowly');
    expect(gateway.handshakes.at(-1)!.auth).toEqual({ lastPosition: 10 });
  });

  it('resync: reloads the conversation list and the loaded conversations, continues after its position', async () => {
    const store = await connectedStore();
    let listGets = 0;
    server.use(
      http.get('/api/whatsapp/conversations', () => {
        listGets += 1;
        return HttpResponse.json({
          success: true,
          conversations: [conversation({ unreadCount: 0 })],
          source: 'atende',
          nextCursor: null,
        });
      }),
    );
    const before = messageGets;
    gateway.push('resync', { position: 500, code: 'TOO_FAR_BEHIND' });
    await until(() => messageGets === before + 1);
    // The conversation list is asked again too.
    await until(() => listGets === 1);
    expect(lastPosition(store)).toBe(500);
    expect(items(store)).toHaveLength(1);
    expect(selectMessagesState(store.getState(), CHAT).loading).toBe(false);
  });

  it('follows a server whose log went back (reset): its position, and a full reload', async () => {
    realtimeConfig.serverDisconnectRetryMs = 50;
    const store = await connectedStore();
    gateway.position = 3;
    const before = messageGets;
    gateway.disconnectSockets();
    await until(() => lastPosition(store) === 3, 5000, 'position reset');
    await until(() => messageGets === before + 1);
  });

  it('stops on logout: socket closed, status idle, position and messages forgotten', async () => {
    const store = await connectedStore();
    expect(gateway.sockets()).toHaveLength(1);
    store.dispatch(authActions.loggedOut());
    expect(status(store)).toBe('idle');
    expect(lastPosition(store)).toBe(0);
    expect(selectLoadedConversationIds(store.getState())).toEqual([]);
    await until(() => gateway.sockets().length === 0);
    await sleep(200);
    expect(gateway.sockets()).toHaveLength(0);
  });
});
