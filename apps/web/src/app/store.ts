import { combineSlices, type WithSlice } from '@reduxjs/toolkit';
import { dynamicMiddleware, setSliceInjector } from './lazy-slices';
import type { api } from '../server-state/api';
import { authReducer } from '../features/auth/authSlice';
import { chatWindowsReducer } from '../features/chat/chatWindowsSlice';
import { integrationsReducer } from '../features/integrations/integrationsSlice';
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
  theme: themeReducer,
  layout: layoutReducer,
  realtime: realtimeReducer,
  chatWindows: chatWindowsReducer,
  settings: settingsReducer,
  integrations: integrationsReducer,
  team: teamReducer,
};

/**
 * The app's slices, and later the server-state cache (`api`, RTK Query): that one is injected by the
 * screens that use it, when their chunk loads (server-state/api.ts), so RTK Query is not part of the
 * JavaScript /dashboard needs at start.
 */
export const rootReducer = combineSlices(reducers).withLazyLoadedSlices<WithSlice<typeof api>>();

setSliceInjector((slice) => rootReducer.inject(slice as Parameters<typeof rootReducer.inject>[0]));

/** Where the `api` slice's middleware is added when it loads; in every store of the app (tests' too). */
export const apiMiddleware = dynamicMiddleware.middleware;

export type RootState = ReturnType<typeof rootReducer>;

export type { Navigate } from './store-factory';

/** A fresh store; tests build several (e.g. two "tabs") side by side. */
export function createAppStore(options: StoreOptions<RootState> = {}) {
  return buildStore<RootState>(rootReducer, rootSaga, options, [apiMiddleware]);
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
