import { configureStore } from '@reduxjs/toolkit';
import type { Me } from '../../../api/types';
import { apiMiddleware, rootReducer } from '../../../app/store';
import { authActions, authReducer } from '../../auth/authSlice';
import { ENHANCER_OPTIONS } from '../../../app/store-factory';

/** The app's reducers signed in as `user`, with the server-state cache's middleware (the team's calls go through it). */
export function createTeamStore(user: Me) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: { auth: authReducer(undefined, authActions.sessionChecked(user)) },
    middleware: (getDefault) => getDefault().concat(apiMiddleware),
    enhancers: (getDefault) => getDefault(ENHANCER_OPTIONS),
  });
}
