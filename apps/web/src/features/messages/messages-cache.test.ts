import type { InboxStore } from '../conversations/test/inbox-store';
import { authActions } from '../auth/authSlice';
import { CHAT, storedMessage } from '../realtime/test/test-gateway';
import { mediaPlaceholder, messageContent, toChatMessage } from './message-model';
import {
  MESSAGE_LIMIT,
  messagesActions,
  selectConversationMessages,
  selectLoadedConversationIds,
  selectMessagesEntry,
  selectMessagesState,
  type ChatMessage,
} from './messages-endpoints';
import { apply, initial, useCacheTests } from './test/cache-store';

useCacheTests();
const items = (store: InboxStore, id = CHAT) => selectConversationMessages(store.getState(), id);
const chat = (messages: Parameters<typeof storedMessage>[0][]) =>
  messages.map((n) => toChatMessage(storedMessage(n))!);
const loaded = (state: InboxStore, messages: ChatMessage[], conversationId = CHAT) =>
  apply(
    state,
    messagesActions.messagesRequested({ conversationId }),
    messagesActions.messagesLoaded({ conversationId, messages }),
  );

describe('helpers', () => {
  it("shows '[Mídia: {type}]' for media without text, the text otherwise", () => {
    expect(mediaPlaceholder('image')).toBe('[Mídia: image]');
    expect(messageContent({ content: '', type: 'audio' })).toBe('[Mídia: audio]');
    expect(messageContent({ content: '  ', type: 'document' })).toBe('[Mídia: document]');
    expect(messageContent({ content: 'legenda', type: 'image' })).toBe('legenda');
    expect(messageContent({ content: '', type: 'text' })).toBe('');
  });

  it('normalises server messages: unknown type → text, invalid times → now, old field names', () => {
    const before = Date.now();
    const message = toChatMessage({
      id: 'x1',
      conversationId: CHAT,
      body: 'pelo body',
      type: 'sticker' as never,
      timestamp: 'not a date',
      createdAt: '',
    })!;
    expect(message).toMatchObject({ localId: 'x1', id: 'x1', content: 'pelo body', type: 'text' });
    expect(Date.parse(message.timestamp)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(message.timestamp)).toBeLessThanOrEqual(Date.now());
    expect(toChatMessage({ id: 'x2', content: '', type: 'video' })!.content).toBe('[Mídia: video]');
    expect(toChatMessage({ content: 'sem id' })).toBeNull();
  });
});

describe('loading', () => {
  it('keeps the latest 100, ascending, duplicates by id ignored', () => {
    // 120 messages, shuffled, with duplicates.
    const numbers = Array.from({ length: 120 }, (_, i) => i + 1);
    const shuffled = [...numbers].sort((a, b) => ((a * 7919) % 131) - ((b * 7919) % 131));
    const messages = chat([...shuffled, 118, 119, 5]);
    const state = loaded(initial(), messages);
    const list = items(state);
    expect(list).toHaveLength(MESSAGE_LIMIT);
    expect(list.map((m) => m.id)).toEqual(numbers.slice(20).map((n) => `m${n}`));
    expect(selectMessagesState(state.getState(), CHAT)).toEqual({ loading: false, error: null });
  });

  it('marks the conversation loading, then shows the load error', () => {
    let state = apply(initial(), messagesActions.messagesRequested({ conversationId: CHAT }));
    expect(selectMessagesState(state.getState(), CHAT)).toEqual({ loading: true, error: null });
    state = apply(
      state,
      messagesActions.messagesLoadFailed({ conversationId: CHAT, error: 'Erro ao carregar mensagens' }),
    );
    expect(selectMessagesState(state.getState(), CHAT)).toEqual({
      loading: false,
      error: 'Erro ao carregar mensagens',
    });
  });

  it('a reload merges: nothing doubled, an unconfirmed send and a newer push kept', () => {
    let state = loaded(initial(), chat([1, 2, 3]));
    state = apply(
      state,
      messagesActions.messageSendRequested({ conversationId: CHAT, content: 'minha' }),
      messagesActions.messageReceived({ ...storedMessage(9) }),
    );
    state = loaded(state, chat([1, 2, 3, 4]));
    expect(items(state).map((m) => m.id)).toEqual(['m1', 'm2', 'm3', 'm4', 'm9', null]);
  });

  it('memoized selectors: the same result until the conversation changes', () => {
    const state = loaded(initial(), chat([1, 2]));
    expect(selectConversationMessages(state.getState(), CHAT)).toBe(
      selectConversationMessages(state.getState(), CHAT),
    );
    expect(selectMessagesState(state.getState(), CHAT)).toBe(selectMessagesState(state.getState(), CHAT));
    expect(selectConversationMessages(state.getState(), 'outra')).toBe(
      selectConversationMessages(state.getState(), 'outra2'),
    );
    const before = selectConversationMessages(state.getState(), CHAT);
    const other = apply(state, messagesActions.messagesRequested({ conversationId: 'outra' }));
    expect(selectConversationMessages(other.getState(), CHAT)).toBe(before);
  });
});

describe('optimistic send and its echo', () => {
  const sendAction = () =>
    messagesActions.messageSendRequested({ conversationId: CHAT, content: '  Olá!  ' });

  it("appears at once as 'sending' with the client's id, trimmed; blank text adds nothing", () => {
    const action = sendAction();
    const state = apply(loaded(initial(), chat([1])), action);
    expect(action.payload.localId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(items(state).at(-1)).toMatchObject({
      localId: action.payload.localId,
      id: null,
      content: 'Olá!',
      status: 'sending',
      fromMe: true,
      sender: 'agent',
      error: null,
    });
    const blank = apply(
      state,
      messagesActions.messageSendRequested({ conversationId: CHAT, content: ' \n ' }),
    );
    expect(items(blank)).toHaveLength(2);
  });

  /** A loaded conversation (one message) and a send of 'Olá!' that failed with `error`. */
  const failedSend = (error: string) => {
    const send = sendAction();
    const { localId } = send.payload;
    const state = apply(
      loaded(initial(), chat([1])),
      send,
      messagesActions.messageSendFailed({ conversationId: CHAT, localId, error }),
    );
    return { state, localId };
  };
  const echoOf = (localId: string, position: number, status: 'sent' | 'delivered' = 'sent') =>
    messagesActions.messageReceived({
      ...storedMessage(position, { id: localId, content: 'Olá!', fromMe: true, sender: 'agent', status }),
    });
  const answerOf = (localId: string, position: number) =>
    messagesActions.messageSendSucceeded({
      conversationId: CHAT,
      localId,
      messageId: localId,
      message: storedMessage(position, {
        id: localId,
        content: 'Olá!',
        fromMe: true,
        sender: 'agent',
        status: 'sent',
      }),
    });

  it('answer, then echo: one message, with the stored id', () => {
    const send = sendAction();
    const { localId } = send.payload;
    const state = apply(loaded(initial(), chat([1])), send, answerOf(localId, 5), echoOf(localId, 5));
    expect(items(state)).toHaveLength(2);
    expect(items(state)[1]).toMatchObject({ localId, id: localId, status: 'sent', position: 5 });
  });

  it('echo, then answer: one message; a later status is not undone by the answer', () => {
    const send = sendAction();
    const { localId } = send.payload;
    const state = apply(
      loaded(initial(), chat([1])),
      send,
      echoOf(localId, 5),
      messagesActions.messageStatusChanged({ conversationId: CHAT, messageId: localId, status: 'delivered' }),
      answerOf(localId, 5),
    );
    expect(items(state)).toHaveLength(2);
    expect(items(state)[1]).toMatchObject({ localId, id: localId, status: 'delivered' });
  });

  it('an echo matched by clientMessageId when the stored id differs', () => {
    const send = sendAction();
    const { localId } = send.payload;
    const state = apply(
      loaded(initial(), chat([1])),
      send,
      messagesActions.messageReceived({
        ...storedMessage(6, { id: 'server-id', fromMe: true, sender: 'agent', status: 'sent' }),
        clientMessageId: localId,
      }),
      messagesActions.messageSendSucceeded({
        conversationId: CHAT,
        localId,
        messageId: 'server-id',
        message: null,
      }),
    );
    expect(items(state).map((m) => [m.localId, m.id])).toEqual([
      ['m1', 'm1'],
      [localId, 'server-id'],
    ]);
  });

  it('a failure keeps the text and shows the error; the echo of a send thought lost heals it', () => {
    const failed = failedSend('Erro de conexão');
    const { localId } = failed;
    let { state } = failed;
    expect(items(state)[1]).toMatchObject({ status: 'failed', error: 'Erro de conexão', content: 'Olá!' });
    state = apply(state, echoOf(localId, 7));
    expect(items(state)).toHaveLength(2);
    expect(items(state)[1]).toMatchObject({ status: 'sent', error: null, id: localId });
  });

  it('a retry is taken once: a second click while it is in flight changes nothing', () => {
    const failed = failedSend('Erro ao enviar mensagem');
    const { localId } = failed;
    let { state } = failed;
    const first = messagesActions.messageRetryRequested({ conversationId: CHAT, localId });
    const second = messagesActions.messageRetryRequested({ conversationId: CHAT, localId });
    state = apply(state, first, second);
    expect(items(state)[1]).toMatchObject({
      status: 'sending',
      error: null,
      sendAttempt: first.payload.attempt,
    });
  });
});

describe('pushes', () => {
  it('status updates in place: sent → delivered → read, never backwards', () => {
    let state = loaded(initial(), chat([1, 2]));
    state = apply(
      state,
      messagesActions.messageReceived(storedMessage(3, { fromMe: true, sender: 'agent', status: 'sent' })),
    );
    const seen: string[] = [];
    for (const status of ['delivered', 'read', 'delivered'] as const) {
      state = apply(
        state,
        messagesActions.messageStatusChanged({ conversationId: CHAT, messageId: 'm3', status }),
      );
      seen.push(items(state)[2]!.status);
      expect(items(state)).toHaveLength(3);
    }
    expect(seen).toEqual(['delivered', 'read', 'read']);
    state = apply(
      state,
      messagesActions.messageStatusChanged({
        conversationId: 'nao-carregada',
        messageId: 'm3',
        status: 'read',
      }),
    );
    expect(selectMessagesEntry(state.getState(), 'nao-carregada')).toBeUndefined();
  });

  it('a new message is appended once (dedupe by id), in order, and the oldest dropped beyond 100', () => {
    let state = loaded(initial(), chat(Array.from({ length: 100 }, (_, i) => i + 1)));
    state = apply(
      state,
      messagesActions.messageReceived(storedMessage(101)),
      messagesActions.messageReceived(storedMessage(101)),
    );
    expect(items(state)).toHaveLength(100);
    expect(items(state)[0]!.id).toBe('m2');
    expect(items(state).at(-1)!.id).toBe('m101');
  });

  it("a failure the server reports (message:status failed) reads 'Erro ao enviar mensagem' and can be retried", () => {
    const send = messagesActions.messageSendRequested({ conversationId: CHAT, content: 'oi' });
    const { localId } = send.payload;
    let state = apply(
      loaded(initial(), chat([1])),
      send,
      messagesActions.messageStatusChanged({
        conversationId: CHAT,
        messageId: localId,
        status: 'failed',
        error: 'WhatsApp session closed',
      }),
    );
    expect(items(state)[1]).toMatchObject({
      id: localId,
      status: 'failed',
      error: 'Erro ao enviar mensagem',
    });
    state = apply(state, messagesActions.messageRetryRequested({ conversationId: CHAT, localId }));
    expect(items(state)[1]).toMatchObject({ status: 'sending', error: null });
  });

  it('ignores messages of conversations not loaded', () => {
    const state = apply(initial(), messagesActions.messageReceived(storedMessage(1)));
    expect(selectLoadedConversationIds(state.getState())).toEqual([]);
  });

  it('message:updated replaces in place, keeping the order', () => {
    let state = loaded(initial(), chat([1, 2, 3]));
    state = apply(
      state,
      messagesActions.messageUpdated({
        ...storedMessage(2, { type: 'image', content: '', mediaUrl: '/media/2', mediaStatus: 'stored' }),
        position: 99,
      }),
    );
    expect(items(state).map((m) => m.id)).toEqual(['m1', 'm2', 'm3']);
    expect(items(state)[1]).toMatchObject({ content: '[Mídia: image]', mediaUrl: '/media/2', position: 2 });
  });

  it('viewing a conversation marks its incoming messages read at once', () => {
    let state = loaded(initial(), [
      ...chat([1]),
      toChatMessage(storedMessage(2, { fromMe: true, sender: 'agent', status: 'sent' }))!,
    ]);
    state = apply(state, messagesActions.conversationViewed({ conversationId: CHAT }));
    expect(items(state).map((m) => m.status)).toEqual(['read', 'sent']);
  });

  it('forgets everything on logout', () => {
    const state = apply(loaded(initial(), chat([1])), authActions.loggedOut());
    expect(selectLoadedConversationIds(state.getState())).toEqual([]);
  });
});
