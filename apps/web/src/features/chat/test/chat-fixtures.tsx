import { configureStore, type Action, type Middleware } from '@reduxjs/toolkit';
import { render, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import createSagaMiddleware, { type Task } from 'redux-saga';
import { Provider } from 'react-redux';
import type { Conversation, Me } from '../../../api/types';
import {
  createAppStore,
  apiMiddleware,
  rootReducer,
  type AppStore,
  type RootState,
} from '../../../app/store';
import { authActions, authReducer } from '../../auth/authSlice';
import { listOf } from '../../conversations/conversations-list';
import { api } from '../../../server-state/api';
import { messagesApi, type ChatMessage, type ConversationMessages } from '../../messages/messages-endpoints';
import { chatSaga } from '../chatSaga';
import { ChatWindows } from '../ChatWindows';
import { makeConversation, makeMe } from '../../../test/fixtures';
import { ENHANCER_OPTIONS } from '../../../app/store-factory';

export const me = (overrides: Partial<Me> = {}): Me => makeMe({ theme: 'light', ...overrides });

export const MARIA = '5511999990001@c.us';
export const JOAO = '5511999990002@c.us';

export function conversation(overrides: Partial<Conversation> = {}): Conversation {
  const id = overrides.id ?? MARIA;
  return makeConversation({
    id,
    name: 'Maria Souza',
    customerId: id,
    lastMessage: 'Oi',
    lastTimestamp: '2026-01-10T12:00:00.000Z',
    createdAt: '2026-01-10T11:00:00.000Z',
    ...overrides,
  });
}

export function message(overrides: Partial<ChatMessage> = {}): ChatMessage {
  const localId = overrides.localId ?? overrides.id ?? 'm1';
  return {
    localId,
    id: localId,
    conversationId: MARIA,
    content: 'Olá',
    sender: 'customer',
    fromMe: false,
    senderName: 'Maria Souza',
    timestamp: '2026-01-10T12:00:00.000Z',
    type: 'text',
    status: 'delivered',
    mediaUrl: null,
    mediaStatus: 'none',
    error: null,
    ...overrides,
  };
}

/** msw: anything not stubbed by a test answers 404 (sagas of other features may ask for more). */
export function chatServer() {
  const server = setupServer(
    // The side panel's 'Transferir' reads the team (an empty one unless a test serves its own).
    http.get('/api/team', () => HttpResponse.json({ success: true, members: [] })),
    http.all('/api/*', () => HttpResponse.json({ success: false, error: 'não stub' }, { status: 404 })),
    // The realtime saga's socket (only the whole app's store starts it): refused.
    http.all('/socket.io/*', () => new HttpResponse(null, { status: 404 })),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  afterEach(() => server.resetHandlers());
  return server;
}

interface StoreSetup {
  user?: Me;
  rows?: Conversation[];
  messages?: Record<string, ConversationMessages>;
  runSagas?: boolean;
  chatWindows?: RootState['chatWindows'];
}

type TestStore = ReturnType<typeof configureStore<RootState>> & { sagaTask: Task | null; actions: Action[] };
const stores: { sagaTask: Task | null }[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.sagaTask?.cancel();
});

function preloaded(server: ReturnType<typeof setupServer>, setup: StoreSetup): Partial<RootState> {
  const user = setup.user ?? me();
  server.use(http.get('/api/auth/me', () => HttpResponse.json({ success: true, user })));
  const state: Partial<RootState> = {
    auth: authReducer(undefined, authActions.sessionChecked(user)),
    ...cacheState(setup.rows ?? [], setup.messages ?? {}),
  };
  if (setup.chatWindows) state.chatWindows = setup.chatWindows;
  return state;
}

/** The server-state cache holding the inbox `rows` and the conversations' `messages`. */
export function cacheState(rows: Conversation[], messages: Record<string, ConversationMessages>) {
  return {
    api: api.reducer(
      undefined,
      messagesApi.util.upsertQueryEntries([
        { endpointName: 'getConversations', arg: undefined, value: listOf(rows) },
        ...Object.entries(messages).map(([conversationId, entry]) => ({
          endpointName: 'getMessages' as const,
          arg: conversationId,
          value: entry,
        })),
      ] as never),
    ),
  };
}

/**
 * The app's reducers with only the chat saga running (the other features' sagas — socket, message
 * loading — are other tests' business), signed in as `user`.
 */
export function chatStore(server: ReturnType<typeof setupServer>, setup: StoreSetup = {}): TestStore {
  const sagaMiddleware = createSagaMiddleware();
  const actions: Action[] = [];
  const record: Middleware = () => (next) => (action) => {
    if (typeof action === 'object' && action !== null) actions.push(action as Action);
    return next(action);
  };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloaded(server, setup) as RootState,
    middleware: (getDefault) => getDefault().concat(record, apiMiddleware, sagaMiddleware),
    enhancers: (getDefault) => getDefault(ENHANCER_OPTIONS),
  });
  const sagaTask = setup.runSagas === false ? null : sagaMiddleware.run(chatSaga);
  // `actions`: every plain action dispatched (a thunk's own ones too), in order.
  const testStore = Object.assign(store, { sagaTask, actions });
  stores.push(testStore);
  return testStore;
}

/** The whole app's store (every saga), as a page load creates it, signed in as `user`. */
export function appStore(server: ReturnType<typeof setupServer>, setup: StoreSetup = {}): AppStore {
  const store = createAppStore({ preloadedState: preloaded(server, setup), navigate: jest.fn() });
  stores.push(store);
  return store;
}

/** Waits until the auth saga's own session check answered (so that nothing lands after the test). */
export const sessionSettled = (store: { getState: () => RootState }, user: Me = me()) =>
  waitFor(() => expect(store.getState().auth.user).toEqual(user));

export const loaded = (
  items: ChatMessage[],
  extra: Partial<ConversationMessages> = {},
): ConversationMessages => ({
  items,
  loading: false,
  error: null,
  ...extra,
});

export function renderWindows(store: { getState: () => unknown; dispatch: unknown; subscribe: unknown }) {
  return render(
    <Provider store={store as AppStore}>
      <ChatWindows />
    </Provider>,
  );
}

/** A store without sagas (its messages a test replaces with `setMessages`). */
export function messagesTestStore(preloadedState: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState,
    middleware: (getDefault) => getDefault().concat(apiMiddleware),
    enhancers: (getDefault) => getDefault(ENHANCER_OPTIONS),
  });
}
/** The conversations' messages in the cache replaced by these. */
export const setMessages =
  (byConversation: Record<string, ConversationMessages>) => (dispatch: (action: unknown) => unknown) =>
    dispatch(
      messagesApi.util.upsertQueryEntries(
        Object.entries(byConversation).map(([conversationId, entry]) => ({
          endpointName: 'getMessages' as const,
          arg: conversationId,
          value: entry,
        })),
      ),
    );
