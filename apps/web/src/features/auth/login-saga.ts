import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, takeLeading } from 'redux-saga/effects';
import { isApiError } from '../../api/api-error';
import { apiRequest } from '../../api/client';
import type { Navigate } from '../../app/store';
import type { AuthConfig, Me } from '../../api/types';
import { loginErrorMessage, type LoginMethod } from './auth-errors';
import { authActions } from './authSlice';
import { ensureAuthConfig } from './config-saga';
import { loadFirebaseAuth } from './firebase/load-firebase-auth';
import type { FirebaseAuthClient } from './firebase/types';
import { afterLoginPath } from './redirect';

type UserAnswer = { success: boolean; user: Me };
const PASSWORD_CHANGE_CODES = new Set(['PASSWORD_CHANGE_REQUIRED', 'PASSWORD_EXPIRED']);
const NEW_PASSWORD_CODES = new Set(['PASSWORD_TOO_SHORT', 'PASSWORD_UNCHANGED']);
type LoginAction =
  ReturnType<typeof authActions.loginRequested> | ReturnType<typeof authActions.googleLoginRequested>;

/** Local mode: e-mail and password straight to the gateway, which sets the session cookie. */
function* localSignIn(email: string, password: string, newPassword?: string): SagaIterator<Me> {
  const answer: UserAnswer = yield call(apiRequest<UserAnswer>, '/api/auth/login', {
    method: 'POST',
    body: { email, password, ...(newPassword !== undefined ? { newPassword } : {}) },
  });
  return answer.user;
}

/**
 * Firebase mode: Firebase proves who signs in, the gateway trades its ID token for a session. When
 * the gateway refuses (e.g. no Atende account), Firebase is signed out again.
 */
function* firebaseSignIn(firebase: FirebaseAuthClient, signIn: () => Promise<string>): SagaIterator<Me> {
  const idToken: string = yield call(signIn);
  try {
    const answer: UserAnswer = yield call(apiRequest<UserAnswer>, '/api/auth/firebase', {
      method: 'POST',
      body: { idToken },
    });
    return answer.user;
  } catch (error) {
    try {
      yield call([firebase, firebase.signOut]);
    } catch {
      // Firebase keeps nothing across page loads anyway (in-memory persistence).
    }
    throw error;
  }
}

function* signIn(action: LoginAction): SagaIterator {
  const method: LoginMethod = authActions.googleLoginRequested.match(action) ? 'google' : 'password';
  try {
    const config: AuthConfig | null = yield call(ensureAuthConfig);
    let user: Me;
    if (authActions.googleLoginRequested.match(action)) {
      if (config?.mode !== 'firebase' || !config.firebase)
        throw new Error('Google sign-in needs the Firebase mode');
      const firebase: FirebaseAuthClient = yield call(loadFirebaseAuth, config.firebase);
      user = yield call(firebaseSignIn, firebase, () => firebase.signInWithGoogle());
    } else {
      const { email, password, newPassword } = action.payload;
      if (config?.mode === 'firebase' && config.firebase) {
        const firebase: FirebaseAuthClient = yield call(loadFirebaseAuth, config.firebase);
        user = yield call(firebaseSignIn, firebase, () => firebase.signInWithEmail(email, password));
      } else {
        user = yield call(localSignIn, email, password, newPassword);
      }
    }
    yield put(authActions.loginSucceeded(user));
    const navigate: Navigate = yield getContext('navigate');
    yield call(navigate, afterLoginPath(action.payload.redirectTo));
  } catch (error) {
    // The password was right, but a one-time or expired one must be replaced first.
    if (isApiError(error) && PASSWORD_CHANGE_CODES.has(error.code)) {
      yield put(authActions.passwordChangeAsked(error.message));
      return;
    }
    // The new password was refused (too short, the same as before): the server's words.
    if (isApiError(error) && NEW_PASSWORD_CODES.has(error.code)) {
      yield put(authActions.loginFailed(error.message));
      return;
    }
    yield put(authActions.loginFailed(loginErrorMessage(error, method)));
  }
}

export function* loginSaga(): SagaIterator {
  yield takeLeading([authActions.loginRequested.type, authActions.googleLoginRequested.type], signIn);
}
