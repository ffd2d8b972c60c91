import type { UserAnswer } from '@atende/api-contract';
import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, takeLeading } from 'redux-saga/effects';
import { isApiError } from '../../api/api-error';
import { apiRequest } from '../../api/client';
import type { Navigate } from '../../app/store';
import type { AuthConfig, Me } from '../../api/types';
import { loginErrorMessage, type LoginMethod } from './auth-errors';
import { authActions, type LoginRequest } from './authSlice';
import { ensureAuthConfig } from './config-saga';
import { loadFirebaseAuth } from './firebase/load-firebase-auth';
import type { FirebaseAuthClient } from './firebase/types';
import { afterLoginPath } from './redirect';

const PASSWORD_CHANGE_CODES = new Set(['PASSWORD_CHANGE_REQUIRED', 'PASSWORD_EXPIRED']);
/** Refusals whose own text is what to say: the new password's (too short, unchanged), a wrong code. */
const SERVER_TEXT_CODES = new Set(['PASSWORD_TOO_SHORT', 'PASSWORD_UNCHANGED', 'TOTP_INVALID']);
type LoginAction =
  ReturnType<typeof authActions.loginRequested> | ReturnType<typeof authActions.googleLoginRequested>;

/** What a local sign-in sends besides the e-mail and password, once the server asked for it. */
type LocalProof = Pick<LoginRequest, 'newPassword' | 'totp' | 'recoveryCode'>;

/**
 * Local mode: e-mail and password straight to the gateway, which sets the session cookie; with the
 * second factor (`totp` or `recoveryCode`) and the new password when the server asked for them.
 */
function* localSignIn(email: string, password: string, proof: LocalProof = {}): SagaIterator<Me> {
  const extra = Object.fromEntries(Object.entries(proof).filter(([, value]) => value !== undefined));
  const answer: UserAnswer = yield call(apiRequest<UserAnswer>, '/api/auth/login', {
    method: 'POST',
    body: { email, password, ...extra },
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
      const { email, password, newPassword, totp, recoveryCode } = action.payload;
      if (config?.mode === 'firebase' && config.firebase) {
        const firebase: FirebaseAuthClient = yield call(loadFirebaseAuth, config.firebase);
        user = yield call(firebaseSignIn, firebase, () => firebase.signInWithEmail(email, password));
      } else {
        user = yield call(localSignIn, email, password, { newPassword, totp, recoveryCode });
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
    // Two-factor sign-in is on: the authenticator app's code (or a recovery code) is asked first.
    if (isApiError(error) && error.code === 'TOTP_REQUIRED') {
      yield put(authActions.secondFactorAsked(error.message));
      return;
    }
    // The new password was refused (too short, the same as before) or the code was wrong: the server's words.
    if (isApiError(error) && SERVER_TEXT_CODES.has(error.code)) {
      yield put(authActions.loginFailed(error.message));
      return;
    }
    yield put(authActions.loginFailed(loginErrorMessage(error, method)));
  }
}

export function* loginSaga(): SagaIterator {
  yield takeLeading([authActions.loginRequested.type, authActions.googleLoginRequested.type], signIn);
}
