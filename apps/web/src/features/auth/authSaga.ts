import type { SagaIterator } from 'redux-saga';
import { all, call, fork, getContext, put } from 'redux-saga/effects';
import { authActions } from './authSlice';
import { configSaga } from './config-saga';
import { loginSaga } from './login-saga';
import { logoutSaga } from './logout-saga';
import { ownPasswordSaga } from './own-password-saga';
import { checkSession, otherTabsSaga, storedUserSaga, userRefreshSaga } from './session-saga';

export { checkSession } from './session-saga';

/**
 * Sign-in, sign-out, the own password's change, the user's refresh and the start-up session check
 * (the watchers start first, so nothing is missed).
 */
export function* authSaga(): SagaIterator {
  yield all([
    fork(storedUserSaga),
    fork(otherTabsSaga),
    fork(configSaga),
    fork(loginSaga),
    fork(logoutSaga),
    fork(ownPasswordSaga),
    fork(userRefreshSaga),
  ]);
  // A public page opened with no sign of a session (createAppStore's askSession) does not ask.
  const askSession: boolean | undefined = yield getContext('askSession');
  if (askSession === false) yield put(authActions.sessionChecked(null));
  else yield call(checkSession);
}
