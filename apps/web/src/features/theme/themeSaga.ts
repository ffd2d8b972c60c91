import type { Action, PayloadAction } from '@reduxjs/toolkit';
import { buffers, eventChannel, type Channel, type EventChannel } from 'redux-saga';
import { actionChannel, call, fork, put, select, take, takeEvery } from 'redux-saga/effects';
import { apiRequest } from '../../api/client';
import type { Me } from '../../api/types';
import type { RootState } from '../../app/store';
import { authActions } from '../auth/authSlice';
import { selectAuthStatus } from '../auth/selectors';
import { selectTheme, themeActions } from './themeSlice';
import {
  applyTheme,
  isTheme,
  readStoredTheme,
  systemTheme,
  themeKey,
  writeLastUserId,
  writeStoredTheme,
  type Theme,
} from './themeStorage';

const selectUserId = (state: RootState): string | null => state.auth.user?.id ?? null;

/** DOM events as a saga channel; closing it removes the listener. */
export function domEvents<E extends Event>(target: EventTarget, type: string): EventChannel<E> {
  return eventChannel<E>((emit) => {
    const listener = (event: Event) => emit(event as E);
    target.addEventListener(type, listener);
    return () => target.removeEventListener(type, listener);
  }, buffers.sliding(10));
}

/** The `dark` class on <html> (and `color-scheme`) follows the state, from the store's creation on. */
function* followThemeClass() {
  let applied: Theme | null = null;
  while (true) {
    const theme: Theme = yield select(selectTheme);
    if (theme !== applied) {
      applyTheme(theme);
      applied = theme;
    }
    yield take('*');
  }
}

/**
 * A switch clicked while the start-up was still asking who is signed in: that click is the member's
 * latest choice, so the session's theme, arriving after it, must not undo it.
 */
interface ChoiceDuringCheck {
  theme: Theme | null;
}

/**
 * Once the session is known: a choice made while it was on its way, else the server's choice, else
 * the one stored for this user, else the OS preference.
 */
function* onSessionKnown(pending: ChoiceDuringCheck, action: PayloadAction<Me | null>) {
  const user = action.payload;
  const chosen = pending.theme;
  pending.theme = null;
  if (!user) {
    writeLastUserId(null);
    yield put(themeActions.themeLoaded(readStoredTheme(null) ?? systemTheme()));
    return;
  }
  writeLastUserId(user.id);
  if (chosen) {
    // Kept for this member, here and on the server, as if clicked now.
    yield put(themeActions.themeChosen(chosen));
    return;
  }
  const theme = user.theme ?? readStoredTheme(user.id) ?? systemTheme();
  // The server's choice is kept locally too (the next start-up shows it at once); the OS preference is not a choice.
  if (user.theme) writeStoredTheme(user.id, user.theme);
  yield put(themeActions.themeLoaded(theme));
}

/** Signing out keeps the theme on screen and hands it to the visitor (the landing page). */
function* onLoggedOut() {
  const theme: Theme = yield select(selectTheme);
  writeStoredTheme(null, theme);
  writeLastUserId(null);
}

/** The user's own choice is remembered at once in this browser (other tabs hear it through `storage`). */
function* rememberChoice(pending: ChoiceDuringCheck) {
  const theme: Theme = yield select(selectTheme);
  const userId: string | null = yield select(selectUserId);
  writeStoredTheme(userId, theme);
  const status: RootState['auth']['status'] = yield select(selectAuthStatus);
  if (status === 'unknown') pending.theme = theme;
}

/**
 * …and on the server when signed in. One request at a time, always the latest choice (rapid toggles
 * collapse into one); a failure keeps the local choice.
 */
function* saveChoicesOnServer() {
  const choices: Channel<Action> = yield actionChannel(
    [themeActions.themeToggled.type, themeActions.themeChosen.type],
    buffers.sliding(1),
  );
  while (true) {
    yield take(choices);
    const userId: string | null = yield select(selectUserId);
    if (!userId) continue;
    const theme: Theme = yield select(selectTheme);
    try {
      yield call(apiRequest, '/api/auth/me/theme', { method: 'PUT', body: { theme } });
    } catch {
      // offline or server error: the local choice stands and is sent again with the next toggle
    }
  }
}

/** Another tab of the same user changed the stored theme. */
function* syncFromOtherTabs() {
  const events: EventChannel<StorageEvent> = yield call(domEvents<StorageEvent>, window, 'storage');
  try {
    while (true) {
      const event: StorageEvent = yield take(events);
      const userId: string | null = yield select(selectUserId);
      if (event.key !== themeKey(userId) || !isTheme(event.newValue)) continue;
      const current: Theme = yield select(selectTheme);
      if (event.newValue !== current) yield put(themeActions.themeLoaded(event.newValue));
    }
  } finally {
    events.close();
  }
}

/** Back on a tab that was hidden: the stored value may have changed meanwhile. */
function* syncOnVisible() {
  const events: EventChannel<Event> = yield call(domEvents, document, 'visibilitychange');
  try {
    while (true) {
      yield take(events);
      if (document.visibilityState === 'hidden') continue;
      const userId: string | null = yield select(selectUserId);
      const stored = readStoredTheme(userId);
      const current: Theme = yield select(selectTheme);
      if (stored && stored !== current) yield put(themeActions.themeLoaded(stored));
    }
  } finally {
    events.close();
  }
}

export function* themeSaga() {
  yield fork(followThemeClass);
  const pending: ChoiceDuringCheck = { theme: null };
  // A store created with a signed-in user already (tests, preloaded state) resolves that user's theme now.
  const user: Me | null = yield select((state: RootState) => state.auth.user);
  if (user) yield call(onSessionKnown, pending, authActions.sessionChecked(user));
  yield fork(syncFromOtherTabs);
  yield fork(syncOnVisible);
  yield fork(saveChoicesOnServer);
  yield takeEvery(
    [authActions.sessionChecked.type, authActions.loginSucceeded.type],
    onSessionKnown,
    pending,
  );
  yield takeEvery(authActions.loggedOut.type, onLoggedOut);
  yield takeEvery([themeActions.themeToggled.type, themeActions.themeChosen.type], rememberChoice, pending);
}
