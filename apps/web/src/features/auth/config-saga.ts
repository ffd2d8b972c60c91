import type { SagaIterator } from 'redux-saga';
import { call, fork, put, select, takeLeading } from 'redux-saga/effects';
import { apiRequest } from '../../api/client';
import type { AuthConfigAnswer } from '@atende/api-contract';
import type { AuthConfig } from '../../api/types';
import { authActions } from './authSlice';
import { loadFirebaseAuth } from './firebase/load-firebase-auth';
import type { FirebaseWebConfig } from './firebase/types';
import { selectAuthConfig, selectAuthConfigStatus } from './selectors';

type ConfigAnswer = AuthConfigAnswer;

/** Downloads the Firebase SDK ahead of time, so the Google popup opens straight from the click. */
function* preloadFirebase(config: FirebaseWebConfig): SagaIterator {
  try {
    yield call(loadFirebaseAuth, config);
  } catch (error) {
    console.warn('Could not load Firebase', error);
  }
}

/**
 * GET /api/auth/config into the store; null when it cannot be read. `preload` (default true) starts
 * downloading the Firebase SDK in Firebase mode; public pages that only want the sign-up flag skip it.
 */
export function* fetchAuthConfig({
  preload = true,
}: { preload?: boolean } = {}): SagaIterator<AuthConfig | null> {
  try {
    const answer: ConfigAnswer = yield call(apiRequest<ConfigAnswer>, '/api/auth/config');
    const config: AuthConfig = {
      mode: answer.mode === 'firebase' ? 'firebase' : 'local',
      signup: answer.signup === true,
      firebase: answer.firebase ?? null,
    };
    yield put(authActions.configLoaded(config));
    if (preload && config.mode === 'firebase' && config.firebase)
      yield fork(preloadFirebase, config.firebase);
    return config;
  } catch (error) {
    console.warn('Could not read the sign-in configuration', error);
    yield put(authActions.configFailed());
    return null;
  }
}

/** The sign-in configuration, read from the server the first time it is needed. */
export function* ensureAuthConfig(): SagaIterator<AuthConfig | null> {
  const known: AuthConfig | null = yield select(selectAuthConfig);
  if (known) return known;
  const config: AuthConfig | null = yield call(fetchAuthConfig);
  return config;
}

/** Reads the configuration once; the login page also wants Firebase ready (even when the landing page read it). */
function* onConfigWanted(preload: boolean): SagaIterator {
  const status: string = yield select(selectAuthConfigStatus);
  if (status === 'ready') {
    const config: AuthConfig | null = yield select(selectAuthConfig);
    if (preload && config?.mode === 'firebase' && config.firebase)
      yield fork(preloadFirebase, config.firebase);
    return;
  }
  yield put(authActions.configRequested());
  yield call(fetchAuthConfig, { preload });
}

export function* configSaga(): SagaIterator {
  yield takeLeading(authActions.loginPageOpened.type, onConfigWanted, true);
  yield takeLeading(authActions.configNeeded.type, onConfigWanted, false);
}
