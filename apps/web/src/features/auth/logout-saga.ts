import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, takeLeading } from 'redux-saga/effects';
import { apiRequest } from '../../api/client';
import type { Navigate } from '../../app/store';
import { AUTH_ERRORS } from './auth-errors';
import { authActions } from './authSlice';
import { loadedFirebaseAuth } from './firebase/load-firebase-auth';
import type { FirebaseAuthClient } from './firebase/types';
import { clearStoredUser } from './stored-user';

/** Firebase keeps its sign-in in memory only, so it can be signed in only if this page loaded it. */
function* firebaseSignOut(): SagaIterator {
  const loading = loadedFirebaseAuth();
  if (!loading) return;
  try {
    const firebase: FirebaseAuthClient = yield call(() => loading);
    yield call([firebase, firebase.signOut]);
  } catch (error) {
    console.warn('Firebase sign-out failed', error);
  }
}

/**
 * Ends the session on the server, forgets the stored user and goes to / (spec §2). The state turns
 * anonymous once the router reached / (its navigate resolves then), and `loggingOut` keeps the
 * dashboard's guard showing a loader instead of sending the user to /login meanwhile. When the
 * server cannot be told, the user stays signed in and 'Erro ao fazer logout' is shown.
 */
function* logout(): SagaIterator {
  try {
    yield call(apiRequest, '/api/auth/logout', { method: 'POST' });
  } catch (error) {
    console.warn('Logout failed', error);
    yield put(authActions.logoutFailed(AUTH_ERRORS.logout));
    return;
  }
  yield call(firebaseSignOut);
  clearStoredUser();
  const navigate: Navigate = yield getContext('navigate');
  yield call(navigate, '/');
  yield put(authActions.loggedOut());
}

export function* logoutSaga(): SagaIterator {
  yield takeLeading(authActions.logoutRequested.type, logout);
}
