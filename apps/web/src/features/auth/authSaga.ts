import { call, put, takeLatest } from 'redux-saga/effects';
import { apiRequest } from '../../api/client';
import { ApiError } from '../../api/api-error';
import type { Me } from '../../api/types';
import { authActions } from './authSlice';

/** Asks the server who is signed in (the session cookie decides, not local storage). */
export function* checkSession() {
  try {
    const answer: { user: Me } = yield call(apiRequest<{ user: Me }>, '/api/auth/me');
    yield put(authActions.sessionChecked(answer.user));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) yield put(authActions.sessionChecked(null));
    else yield put(authActions.sessionChecked(null));
  }
}

export function* authSaga() {
  yield call(checkSession);
  yield takeLatest(authActions.logoutRequested.type, function* () {
    yield call(apiRequest, '/api/auth/logout', { method: 'POST' });
    yield put(authActions.loggedOut());
  });
}
