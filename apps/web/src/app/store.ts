import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { authReducer } from '../features/auth/authSlice';
import { billingReducer } from '../features/billing/billingSlice';
import { chatWindowsReducer } from '../features/chat/chatWindowsSlice';
import { conversationsReducer } from '../features/conversations/conversationsSlice';
import { integrationsReducer } from '../features/integrations/integrationsSlice';
import { messagesReducer } from '../features/messages/messagesSlice';
import { notesReducer } from '../features/notes/notesSlice';
import { notificationsReducer } from '../features/notifications/notificationsSlice';
import { realtimeReducer } from '../features/realtime/realtimeSlice';
import { layoutReducer } from '../features/layout/layoutSlice';
import { settingsReducer } from '../features/settings/settingsSlice';
import { signupReducer } from '../features/signup/signupSlice';
import { themeReducer } from '../features/theme/themeSlice';
import { teamReducer } from '../features/team/teamSlice';
import { rootSaga } from './rootSaga';

export const rootReducer = combineReducers({
  auth: authReducer,
  signup: signupReducer,
  billing: billingReducer,
  theme: themeReducer,
  layout: layoutReducer,
  conversations: conversationsReducer,
  messages: messagesReducer,
  realtime: realtimeReducer,
  chatWindows: chatWindowsReducer,
  settings: settingsReducer,
  notes: notesReducer,
  notifications: notificationsReducer,
  integrations: integrationsReducer,
  team: teamReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** Client-side navigation; the router's resolves once the new screen (lazy chunk included) is shown. */
export type Navigate = (to: string) => void | Promise<void>;

export interface StoreOptions {
  preloadedState?: Partial<RootState>;
  /** Start the sagas (tests of reducers and components may leave them off). */
  runSagas?: boolean;
  /** Client-side navigation for sagas (`getContext('navigate')`); the App passes the router's. */
  navigate?: Navigate;
  /**
   * Whether start-up asks GET /api/auth/me (default true). False takes the visitor as signed out
   * without a request (main.tsx: a public page with no sign of a session, see session-hint.ts).
   */
  askSession?: boolean;
}

/** A fresh store; tests build several (e.g. two "tabs") side by side. */
export function createAppStore(options: StoreOptions = {}) {
  const navigateRef = { current: options.navigate ?? ((to: string) => window.location.assign(to)) };
  const sagaMiddleware = createSagaMiddleware({
    context: {
      navigate: (to: string) => navigateRef.current(to),
      askSession: options.askSession ?? true,
    },
  });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: options.preloadedState,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  });
  const task = options.runSagas === false ? null : sagaMiddleware.run(rootSaga);
  return Object.assign(store, {
    sagaTask: task,
    /** Lets the App hand the router's navigate to the sagas once the router exists. */
    setNavigate(navigate: Navigate) {
      navigateRef.current = navigate;
    },
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
