import { http, HttpResponse } from 'msw';
import type { Message } from '../../api/types';
import { createAppStore, type AppStore } from '../../app/store';
import { chatWindowsActions } from '../chat/chatWindowsSlice';
import { inboxLoaded, inboxOf } from '../conversations/test/conversation-fixtures';
import { defaultRealtimeConfig, realtimeConfig } from '../realtime/realtime-config';
import {
  CHAT,
  type TestGateway,
  conversation,
  pushedRow,
  sleep,
  storedMessage,
  until,
} from '../realtime/test/test-gateway';
import { useRealtimeHarness } from '../realtime/test/realtime-harness';
import { messagesActions, selectConversationMessages, selectMessagesState } from './messages-endpoints';

const harness = useRealtimeHarness();
const { server, stores } = harness;
let gateway: TestGateway;
beforeEach(async () => {
  gateway = harness.gateway;
});
afterEach(async () => {
  Object.assign(realtimeConfig, defaultRealtimeConfig);
  jest.restoreAllMocks();
});

const items = (store: AppStore) => selectConversationMessages(store.getState(), CHAT);
/** A signed-in store whose socket is connected and joined; the conversation's row and (optionally) messages loaded. */
async function signedInStore(options: { messages?: Message[]; unreadCount?: number } = {}) {
  const store = createAppStore({ navigate: jest.fn() });
  stores.push(store);
  await until(() => store.getState().realtime.lastPosition === 10, 8000, 'socket joined');
  store.dispatch(inboxLoaded([conversation({ unreadCount: options.unreadCount ?? 0 })]));
  if (options.messages) {
    server.use(
      http.get('/api/whatsapp/messages/:id', () =>
        HttpResponse.json({ success: true, messages: options.messages, source: 'atende', nextCursor: null }),
      ),
    );
    store.dispatch(messagesActions.messagesRequested({ conversationId: CHAT }));
    await until(() => !selectMessagesState(store.getState(), CHAT).loading);
  }
  return store;
}

interface SendBody {
  userId?: string;
  conversationId: string;
  content: string;
  type: string;
  timestamp: string;
  clientMessageId: string;
}

/** Records POST /api/whatsapp/send; `answer` decides each reply (default: stored, status sent). */
function recordSends(answer?: (body: SendBody, n: number) => Promise<Response> | Response) {
  const bodies: SendBody[] = [];
  server.use(
    http.post('/api/whatsapp/send', async ({ request }) => {
      const body = (await request.json()) as SendBody;
      bodies.push(body);
      if (answer) return answer(body, bodies.length);
      return HttpResponse.json({
        success: true,
        messageId: body.clientMessageId,
        message: ownStored(body, 20),
      });
    }),
  );
  return bodies;
}

const ownStored = (body: SendBody, position: number): Message =>
  storedMessage(position, {
    id: body.clientMessageId,
    content: body.content,
    fromMe: true,
    sender: 'agent',
    senderName: 'Ana Souza',
    status: 'sent',
  });

/** A gate a handler waits on until the test opens it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('loading a conversation', () => {
  it('shows the latest 100 ascending, duplicates by id once, media placeholder and valid times', async () => {
    let url = '';
    const messages = [
      ...Array.from({ length: 105 }, (_, i) => storedMessage(i + 1)),
      storedMessage(104),
      storedMessage(105, { content: 'duplicada' }),
    ];
    messages[103] = storedMessage(104, { type: 'image', content: '', timestamp: 'inválida', createdAt: 'x' });
    const store = await signedInStore();
    server.use(
      http.get('/api/whatsapp/messages/:id', ({ request }) => {
        url = request.url;
        return HttpResponse.json({ success: true, messages, source: 'atende', nextCursor: 5 });
      }),
    );
    const before = Date.now();
    store.dispatch(messagesActions.messagesRequested({ conversationId: CHAT }));
    expect(selectMessagesState(store.getState(), CHAT)).toEqual({ loading: true, error: null });
    await until(() => !selectMessagesState(store.getState(), CHAT).loading);
    expect(new URL(url).pathname).toBe(`/api/whatsapp/messages/${encodeURIComponent(CHAT)}`);
    expect(new URL(url).searchParams.get('limit')).toBe('100');
    const list = items(store);
    expect(list).toHaveLength(100);
    expect(list.map((m) => m.id)).toEqual(Array.from({ length: 100 }, (_, i) => `m${i + 6}`));
    expect(list.find((m) => m.id === 'm104')).toMatchObject({ content: '[Mídia: image]', type: 'image' });
    expect(Date.parse(list.find((m) => m.id === 'm104')!.timestamp)).toBeGreaterThanOrEqual(before);
    expect(list.at(-1)!.content).toBe('mensagem 105');
  });

  it("shows 'Erro ao carregar mensagens' when the load fails (server or network)", async () => {
    const store = await signedInStore();
    server.use(
      http.get('/api/whatsapp/messages/:id', () =>
        HttpResponse.json({ success: false, error: 'Falhou' }, { status: 500 }),
      ),
    );
    store.dispatch(messagesActions.messagesRequested({ conversationId: CHAT }));
    await until(() => !selectMessagesState(store.getState(), CHAT).loading);
    expect(selectMessagesState(store.getState(), CHAT)).toEqual({
      loading: false,
      error: 'Erro ao carregar mensagens',
    });
    server.use(http.get('/api/whatsapp/messages/:id', () => HttpResponse.error()));
    store.dispatch(messagesActions.messagesRequested({ conversationId: 'outra@c.us' }));
    await until(() => !selectMessagesState(store.getState(), 'outra@c.us').loading);
    expect(selectMessagesState(store.getState(), 'outra@c.us').error).toBe('Erro ao carregar mensagens');
  });
});

describe('optimistic send', () => {
  it("shows at once as 'sending', then 'sent' with the stored id from the answer", async () => {
    const store = await signedInStore({ messages: [storedMessage(1)] });
    const reply = gate();
    const bodies = recordSends(async (body) => {
      await reply.opened;
      return HttpResponse.json({
        success: true,
        messageId: body.clientMessageId,
        message: ownStored(body, 20),
      });
    });
    store.dispatch(messagesActions.messageSendRequested({ conversationId: CHAT, content: '  Bom dia!  ' }));
    // At once, before any answer.
    expect(items(store)).toHaveLength(2);
    const optimistic = items(store)[1]!;
    expect(optimistic).toMatchObject({ id: null, status: 'sending', content: 'Bom dia!', fromMe: true });
    await until(() => bodies.length === 1);
    expect(bodies[0]).toEqual({
      userId: 'u_ana',
      conversationId: CHAT,
      content: 'Bom dia!',
      type: 'text',
      timestamp: optimistic.timestamp,
      clientMessageId: optimistic.localId,
    });
    expect(new Date(bodies[0]!.timestamp).toISOString()).toBe(bodies[0]!.timestamp);
    reply.open();
    await until(() => items(store)[1]!.status === 'sent');
    expect(items(store)).toHaveLength(2);
    expect(items(store)[1]).toMatchObject({
      localId: optimistic.localId,
      id: optimistic.localId,
      senderName: 'Ana Souza',
      error: null,
    });
  });

  it('blank text sends nothing', async () => {
    const store = await signedInStore({ messages: [storedMessage(1)] });
    const bodies = recordSends();
    store.dispatch(messagesActions.messageSendRequested({ conversationId: CHAT, content: '   ' }));
    await sleep(100);
    expect(bodies).toHaveLength(0);
    expect(items(store)).toHaveLength(1);
  });

  it('the socket echo arriving BEFORE the answer: exactly one message, then acks turn it blue and green', async () => {
    const store = await signedInStore({ messages: [storedMessage(1)] });
    const bodies = recordSends(async (body) => {
      // The server pushes the new message (with its row) before the HTTP answer gets back.
      gateway.push('whatsapp:newMessage', {
        ...ownStored(body, 20),
        position: 20,
        conversation: pushedRow({ lastMessage: body.content, lastMessageFromMe: true, unreadCount: 0 }),
      });
      await until(() => items(store).some((m) => m.id === body.clientMessageId));
      return HttpResponse.json({
        success: true,
        messageId: body.clientMessageId,
        message: ownStored(body, 20),
      });
    });
    store.dispatch(messagesActions.messageSendRequested({ conversationId: CHAT, content: 'Oi' }));
    await until(() => bodies.length === 1 && items(store)[1]!.status === 'sent');
    await sleep(50);
    expect(items(store)).toHaveLength(2);
    const localId = bodies[0]!.clientMessageId;
    expect(items(store)[1]).toMatchObject({ localId, id: localId, status: 'sent', position: 20 });
    expect(inboxOf(store.getState()).entities[CHAT]).toMatchObject({
      lastMessage: 'Oi',
      lastMessageFromMe: true,
    });

    const statuses: string[] = [];
    for (const status of ['delivered', 'read'] as const) {
      gateway.push('message:status', { conversationId: CHAT, messageId: localId, status, error: null });
      await until(() => items(store)[1]!.status === status);
      statuses.push(items(store)[1]!.status);
      expect(items(store)).toHaveLength(2);
    }
    expect(statuses).toEqual(['delivered', 'read']);
  });

  it('the socket echo arriving AFTER the answer: exactly one message', async () => {
    const store = await signedInStore({ messages: [storedMessage(1)] });
    // The answer comes without the stored row (the read model lagged): the echo completes it.
    const bodies = recordSends((body) =>
      HttpResponse.json({ success: true, messageId: body.clientMessageId, message: null }),
    );
    store.dispatch(messagesActions.messageSendRequested({ conversationId: CHAT, content: 'Oi' }));
    await until(() => items(store)[1]!.id !== null);
    const localId = bodies[0]!.clientMessageId;
    expect(items(store)[1]).toMatchObject({ localId, id: localId, status: 'sent' });
    gateway.push('whatsapp:newMessage', { ...ownStored(bodies[0]!, 21), position: 21, status: 'delivered' });
    await until(() => items(store)[1]!.status === 'delivered');
    await sleep(50);
    expect(items(store)).toHaveLength(2);
    expect(items(store)[1]).toMatchObject({ localId, id: localId, position: 21 });
  });

  it("{success:false} → 'Erro ao enviar mensagem'; no answer → 'Erro de conexão'", async () => {
    const store = await signedInStore({ messages: [storedMessage(1)] });
    recordSends((_body, n) =>
      n === 1
        ? HttpResponse.json({ success: false, error: 'Sessão do WhatsApp desconectada' }, { status: 409 })
        : HttpResponse.error(),
    );
    store.dispatch(messagesActions.messageSendRequested({ conversationId: CHAT, content: 'um' }));
    await until(() => items(store)[1]!.status === 'failed');
    expect(items(store)[1]).toMatchObject({ error: 'Erro ao enviar mensagem', content: 'um', id: null });
    store.dispatch(messagesActions.messageSendRequested({ conversationId: CHAT, content: 'dois' }));
    await until(() => items(store)[2]!.status === 'failed');
    expect(items(store)[2]).toMatchObject({ error: 'Erro de conexão', content: 'dois', id: null });
  });

  it('retry re-sends with the SAME client message id, and a second click while in flight sends nothing', async () => {
    const store = await signedInStore({ messages: [storedMessage(1)] });
    const reply = gate();
    const bodies = recordSends(async (body, n) => {
      if (n === 1) return HttpResponse.error();
      await reply.opened;
      return HttpResponse.json({
        success: true,
        messageId: body.clientMessageId,
        message: ownStored(body, 22),
      });
    });
    store.dispatch(messagesActions.messageSendRequested({ conversationId: CHAT, content: 'de novo' }));
    await until(() => items(store)[1]!.status === 'failed');
    const { localId } = items(store)[1]!;
    expect(items(store)[1]!.error).toBe('Erro de conexão');

    store.dispatch(messagesActions.messageRetryRequested({ conversationId: CHAT, localId }));
    expect(items(store)[1]).toMatchObject({ status: 'sending', error: null });
    store.dispatch(messagesActions.messageRetryRequested({ conversationId: CHAT, localId }));
    await until(() => bodies.length === 2);
    await sleep(100);
    expect(bodies).toHaveLength(2);
    expect(bodies.map((b) => b.clientMessageId)).toEqual([localId, localId]);
    expect(bodies[1]!.timestamp).toBe(bodies[0]!.timestamp);

    reply.open();
    await until(() => items(store)[1]!.status === 'sent');
    // Not failed any more: a late click does nothing either.
    store.dispatch(messagesActions.messageRetryRequested({ conversationId: CHAT, localId }));
    await sleep(100);
    expect(bodies).toHaveLength(2);
    expect(items(store)).toHaveLength(2);
    expect(items(store)[1]).toMatchObject({ localId, id: localId });
  });
});

describe('marking read', () => {
  it('viewing a conversation with unread messages POSTs read once (debounced), its count 0 at once', async () => {
    const store = await signedInStore({ messages: [storedMessage(1), storedMessage(2)], unreadCount: 2 });
    let reads = 0;
    server.use(
      http.post('/api/conversations/:id/read', ({ params }) => {
        expect(params.id).toBe(CHAT);
        reads += 1;
        return HttpResponse.json({
          success: true,
          conversation: conversation({ unreadCount: 0, updatedAt: '2025-03-10T12:05:00.000Z' }),
        });
      }),
    );
    for (let i = 0; i < 5; i += 1)
      store.dispatch(messagesActions.conversationViewed({ conversationId: CHAT }));
    expect(items(store).map((m) => m.status)).toEqual(['read', 'read']);
    await until(() => reads === 1);
    expect(inboxOf(store.getState()).entities[CHAT]!.unreadCount).toBe(0);
    for (let i = 0; i < 5; i += 1)
      store.dispatch(messagesActions.conversationViewed({ conversationId: CHAT }));
    await sleep(realtimeConfig.readDebounceMs * 3);
    expect(reads).toBe(1);

    // A new customer message raises the count (its row rides along) …
    gateway.push('whatsapp:newMessage', {
      ...storedMessage(30),
      position: 30,
      conversation: pushedRow({
        unreadCount: 1,
        lastMessage: 'mensagem 30',
        updatedAt: '2025-03-10T12:06:00.000Z',
      }),
    });
    await until(() => inboxOf(store.getState()).entities[CHAT]!.unreadCount === 1);
    expect(inboxOf(store.getState()).entities[CHAT]!.lastMessage).toBe('mensagem 30');
    // … and the open window viewing it marks it read again.
    store.dispatch(messagesActions.conversationViewed({ conversationId: CHAT }));
    await until(() => reads === 2);
    expect(items(store).at(-1)).toMatchObject({ id: 'm30', status: 'read' });
  });
});

describe('polling fallback', () => {
  it('reloads the open windows every interval only while the socket is down', async () => {
    realtimeConfig.pollIntervalMs = 200;
    realtimeConfig.reconnectionDelay = 100;
    realtimeConfig.slowRetryMs = 300;
    let gets = 0;
    let messages = [storedMessage(1)];
    server.use(
      http.get('/api/whatsapp/messages/:id', () => {
        gets += 1;
        return HttpResponse.json({ success: true, messages, source: 'atende', nextCursor: null });
      }),
    );
    const store = await signedInStore();
    // The chat window opens (its saga asks for the messages).
    store.dispatch(chatWindowsActions.chatWindowOpened({ conversationId: CHAT }));
    await until(() => items(store).length === 1);
    const afterLoad = gets;
    await sleep(700);
    expect(gets).toBe(afterLoad); // connected: no polling

    await gateway.stop();
    await until(() => store.getState().realtime.status === 'disconnected');
    messages = [storedMessage(1), storedMessage(2)];
    await until(() => items(store).length === 2, 3000, 'polled message');
    expect(selectMessagesState(store.getState(), CHAT)).toEqual({ loading: false, error: null });
    await until(() => gets >= afterLoad + 3, 3000, 'several polls');

    await gateway.listen();
    await until(() => store.getState().realtime.status === 'connected', 8000, 'reconnected');
    await sleep(100);
    const settled = gets;
    await sleep(700);
    expect(gets).toBe(settled);
  });

  it('polls every 5 s by default (spec §9)', () => {
    expect(defaultRealtimeConfig.pollIntervalMs).toBe(5000);
  });
});
