import type { UserAnswer } from '@atende/api-contract';
import { eventChannel, type EventChannel, type SagaIterator } from 'redux-saga';
import { call, delay, put, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import { isApiError } from '../../api/api-error';
import { apiRequest } from '../../api/client';
import type { Me } from '../../api/types';
import { authActions } from './authSlice';
import { selectUser } from './selectors';
import { STORED_USER_KEY, clearStoredUser, saveStoredUser } from './stored-user';

/** Start-up session check: retries when the server could not be reached. */
export const SESSION_CHECK_RETRIES = 3;
export const SESSION_CHECK_RETRY_DELAY_MS = 1000;

/** No answer at all (network, timeout) or a server/proxy failure: worth asking again. */
const worthRetrying = (error: unknown) => isApiError(error) && (error.status === 0 || error.status >= 500);

/**
 * Asks the server who is signed in (the session cookie decides, not local storage). The status
 * stays 'unknown' until it answers: 401 means anonymous; an unreachable server is asked again a
 * few times, about a second apart, before the visitor is treated as anonymous.
 */
export function* checkSession(): SagaIterator {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const answer: UserAnswer = yield call(apiRequest<UserAnswer>, '/api/auth/me');
      yield put(authActions.sessionChecked(answer.user));
      return;
    } catch (error) {
      if (!worthRetrying(error) || attempt >= SESSION_CHECK_RETRIES) {
        if (!isApiError(error) || error.status !== 401) console.warn('Session check failed', error);
        yield put(authActions.sessionChecked(null));
        return;
      }
      yield delay(SESSION_CHECK_RETRY_DELAY_MS);
    }
  }
}

/** Whether the server still knows this browser's session (false only on a 401; an outage is not an ending). */
export function* sessionStillValid(): SagaIterator {
  try {
    yield call(apiRequest<UserAnswer>, '/api/auth/me');
    return true;
  } catch (error) {
    return !(isApiError(error) && error.status === 401);
  }
}

/**
 * Asks the server again who is signed in (GET /api/auth/me), e.g. once the account enrolled in
 * two-factor sign-in: the answer replaces the user. A 401 ends the session here; an outage keeps
 * what is known (the next refresh may work).
 */
export function* refreshUser(): SagaIterator {
  try {
    const answer: UserAnswer = yield call(apiRequest<UserAnswer>, '/api/auth/me');
    yield put(authActions.userRefreshed(answer.user));
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      if (yield select(selectUser)) yield put(authActions.sessionEnded());
      return;
    }
    console.warn('User refresh failed', error);
  }
}

/** The latest refresh wins (an older answer never overwrites a newer one). */
export function* userRefreshSaga(): SagaIterator {
  yield takeLatest(authActions.userRefreshRequested.type, refreshUser);
}

/** Another tab signed out (it removed the stored user): this one follows. */
function storageChannel(): EventChannel<true> {
  return eventChannel<true>((emit) => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORED_USER_KEY && event.newValue === null) emit(true);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  });
}

export function* otherTabsSaga(): SagaIterator {
  const channel: EventChannel<true> = yield call(storageChannel);
  try {
    for (;;) {
      yield take(channel);
      const user: Me | null = yield select(selectUser);
      if (user && !(yield* sessionStillValid())) yield put(authActions.sessionEnded());
    }
  } finally {
    channel.close();
  }
}

/** Local storage follows the auth state: the record while signed in, nothing once signed out. */
function* syncStoredUser(): SagaIterator {
  const user: Me | null = yield select(selectUser);
  if (user) saveStoredUser(user);
  else clearStoredUser();
}

export function* storedUserSaga(): SagaIterator {
  yield takeEvery(
    [
      authActions.sessionChecked.type,
      authActions.loginSucceeded.type,
      authActions.userRefreshed.type,
      authActions.loggedOut.type,
      authActions.sessionEnded.type,
    ],
    syncStoredUser,
  );
}
