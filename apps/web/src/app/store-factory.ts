import { combineReducers, configureStore, type Middleware, type Reducer } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Saga, type Task } from 'redux-saga';

/** Client-side navigation; the router's resolves once the new screen (lazy chunk included) is shown. */
export type Navigate = (to: string) => void | Promise<void>;

export interface StoreOptions<S> {
  preloadedState?: Partial<S>;
  /**
   * Start the sagas now (default). Tests of reducers and components leave them off; the app's entry
   * starts them itself (`startSagas`) in a task of their own.
   */
  runSagas?: boolean;
  /** Client-side navigation for sagas (`getContext('navigate')`); the App passes the router's. */
  navigate?: Navigate;
  /**
   * Whether start-up asks GET /api/auth/me (default true). False takes the visitor as signed out
   * without a request (a public page with no sign of a session, see session-hint.ts).
   */
  askSession?: boolean;
}

/**
 * Every store's enhancer options. RTK Query's own actions (a cache write among them) would
 * otherwise reach the screen a frame later (auto-batching): an optimistic change or a pushed
 * message shows at once, as any other action does.
 */
export const ENHANCER_OPTIONS = { autoBatch: false } as const;

/**
 * A store of the given slices (or root reducer) run by the given root saga: the whole app's (store.ts),
 * or the public pages' smaller one (public-store.ts), built the same way. `extra`: middleware before
 * the sagas' (the whole app's dynamic one, where the server-state cache adds its own).
 */
export function buildStore<S extends object>(
  reducers: { [K in keyof S]: Reducer<S[K]> } | Reducer<S>,
  rootSaga: Saga,
  options: StoreOptions<S> = {},
  extra: Middleware[] = [],
) {
  const navigateRef = { current: options.navigate ?? ((to: string) => window.location.assign(to)) };
  const sagaMiddleware = createSagaMiddleware({
    context: {
      navigate: (to: string) => navigateRef.current(to),
      askSession: options.askSession ?? true,
    },
  });
  const store = configureStore({
    reducer: (typeof reducers === 'function' ? reducers : combineReducers(reducers)) as Reducer<S>,
    preloadedState: options.preloadedState as S | undefined,
    // The thunk middleware: RTK Query's hooks dispatch thunks.
    middleware: (getDefault) => getDefault().concat(...extra, sagaMiddleware),
    enhancers: (getDefault) => getDefault(ENHANCER_OPTIONS),
  });
  const handle = Object.assign(store, {
    sagaTask: null as Task | null,
    /** Runs the root saga (once). */
    startSagas(): Task {
      handle.sagaTask ??= sagaMiddleware.run(rootSaga);
      return handle.sagaTask;
    },
    /** Lets the App hand the router's navigate to the sagas once the router exists. */
    setNavigate(navigate: Navigate) {
      navigateRef.current = navigate;
    },
  });
  if (options.runSagas !== false) handle.startSagas();
  return handle;
}
