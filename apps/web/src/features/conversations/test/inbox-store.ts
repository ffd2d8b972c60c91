import { configureStore, type Action, type Middleware } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import type { Me } from '../../../api/types';
import { apiMiddleware, rootReducer, type RootState } from '../../../app/store';
import { authActions, authReducer } from '../../auth/authSlice';
import { realtimeReducer, realtimeActions, type SocketStatus } from '../../realtime/realtimeSlice';
import { conversationsSaga, type ConversationsSagaOptions } from '../conversationsSaga';
import { agent } from './conversation-fixtures';
import { ENHANCER_OPTIONS } from '../../../app/store-factory';

export interface InboxStoreOptions extends ConversationsSagaOptions {
  /** Signed in from the start (default); null starts signed out. */
  user?: Me | null;
  socket?: SocketStatus;
  preloadedState?: Partial<RootState>;
  /** Run the conversations saga (default true). */
  runSaga?: boolean;
}

const stores: { cancel: () => void }[] = [];

/**
 * The app's real reducers with only the conversations saga running (so the other features' sagas,
 * the socket among them, stay out of these tests); every dispatched action is recorded.
 */
export function createInboxStore(options: InboxStoreOptions = {}) {
  const user = options.user === undefined ? agent : options.user;
  const actions: Action[] = [];
  const sagaMiddleware = createSagaMiddleware();
  const record: Middleware = () => (next) => (action) => {
    actions.push(action as Action);
    return next(action);
  };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: {
      auth: authReducer(undefined, authActions.sessionChecked(user)),
      realtime: realtimeReducer(
        undefined,
        realtimeActions.socketStatusChanged(options.socket ?? 'disconnected'),
      ),
      ...options.preloadedState,
    },
    middleware: (getDefault) =>
      getDefault({ immutableCheck: false, serializableCheck: false })
        .prepend(record)
        .concat(apiMiddleware, sagaMiddleware),
    enhancers: (getDefault) => getDefault(ENHANCER_OPTIONS),
  });
  const task = options.runSaga === false ? null : sagaMiddleware.run(conversationsSaga, options);
  if (task) stores.push({ cancel: () => task.cancel() });
  return Object.assign(store, {
    actions,
    /** The actions of one type dispatched so far. */
    dispatched: (type: string) => actions.filter((action) => action.type === type),
  });
}

export type InboxStore = ReturnType<typeof createInboxStore>;

/** Stops the sagas of the stores made so far (call in afterEach). */
export function stopInboxStores() {
  for (const store of stores.splice(0)) store.cancel();
}
