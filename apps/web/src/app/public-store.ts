import type { SagaIterator } from 'redux-saga';
import { all, fork } from 'redux-saga/effects';
import { authReducer } from '../features/auth/authSlice';
import { authSaga } from '../features/auth/authSaga';
import { signupReducer } from '../features/signup/signupSlice';
import { signupSaga } from '../features/signup/signupSaga';
import { themeReducer } from '../features/theme/themeSlice';
import { themeSaga } from '../features/theme/themeSaga';
import { buildStore, type StoreOptions } from './store-factory';

/**
 * What the public pages (landing, login, sign-up) read: the session, the sign-up form and the theme.
 * The rest of the app's slices and sagas (inbox, socket, windows…) are not in their entry at all.
 */
const publicReducers = { auth: authReducer, signup: signupReducer, theme: themeReducer };

export type PublicState = { [K in keyof typeof publicReducers]: ReturnType<(typeof publicReducers)[K]> };

function* publicSaga(): SagaIterator {
  yield all([fork(authSaga), fork(signupSaga), fork(themeSaga)]);
}

export function createPublicStore(options: StoreOptions<PublicState> = {}) {
  return buildStore<PublicState>(publicReducers, publicSaga, options);
}
