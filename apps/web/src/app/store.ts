import { combineReducers } from '@reduxjs/toolkit';
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
import { buildStore, type StoreOptions } from './store-factory';

const reducers = {
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
};

export const rootReducer = combineReducers(reducers);

export type RootState = ReturnType<typeof rootReducer>;

export type { Navigate } from './store-factory';

/** A fresh store; tests build several (e.g. two "tabs") side by side. */
export function createAppStore(options: StoreOptions<RootState> = {}) {
  return buildStore<RootState>(reducers, rootSaga, options);
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
