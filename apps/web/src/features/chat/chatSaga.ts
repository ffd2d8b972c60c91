import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator, Task } from 'redux-saga';
import { call, cancel, delay, fork, put, select, take, takeEvery } from 'redux-saga/effects';
import type { Me } from '../../api/types';
import type { RootState } from '../../app/store';
import { authActions } from '../auth/authSlice';
import { messagesActions } from '../messages/messages-endpoints';
import { chatWindowsActions, type ChatWindowState } from './chatWindowsSlice';
import { readSavedWindows, writeSavedWindows } from './chatWindowsStorage';
import { requestSuggestions, selectSuggestionsEntry } from './suggestions-endpoints';

/** Spec §9: the AI suggestions appear about 1 s after a window opens. */
export const SUGGESTION_DELAY_MS = 1_000;

const selectUserId = (state: RootState): string | null => state.auth.user?.id ?? null;

/* ---------------------------------------------------------------- saved windows (per user) */

/** Brings back the user's saved windows, unless they are the ones on screen already. */
function* loadWindowsOf(user: Me | null): SagaIterator {
  const ownerId: string | null = yield select((state: RootState) => state.chatWindows.ownerId);
  if (!user) {
    yield put(chatWindowsActions.chatWindowsCleared());
    return;
  }
  if (ownerId === user.id) return;
  if (ownerId !== null) yield put(chatWindowsActions.chatWindowsCleared()); // another user's windows
  yield put(chatWindowsActions.chatWindowsRestored({ ownerId: user.id, windows: readSavedWindows(user.id) }));
}

/** Saves the windows after every change while they belong to the signed-in user. */
function* saveWindows(): SagaIterator {
  let saved: ChatWindowState[] | null = yield select((state: RootState) => state.chatWindows.windows);
  while (true) {
    yield take('*');
    const state: RootState = yield select();
    const { windows, ownerId } = state.chatWindows;
    if (windows === saved) continue;
    saved = windows;
    if (ownerId && ownerId === selectUserId(state)) writeSavedWindows(ownerId, windows);
  }
}

/* ---------------------------------------------------------------- opening and closing */

/**
 * The delay after opening, then the first five suggestions (unless the window already has some): the
 * subscription keeps them in the cache until the window goes away.
 */
function* scheduleSuggestions(conversationId: string, held: Map<string, Subscription>): SagaIterator {
  const existing: unknown = yield select(selectSuggestionsEntry, conversationId);
  if (existing) return;
  yield delay(SUGGESTION_DELAY_MS);
  const subscription: Subscription = yield put(requestSuggestions(conversationId, 0, true));
  held.set(conversationId, subscription);
}

interface Subscription {
  unsubscribe: () => void;
}

/**
 * Follows the set of open windows however it changes (opened, restored after a reload, closed,
 * archived, signed out): a window that appears loads its messages and schedules its suggestions; one
 * that goes away cancels what was still waiting and lets its suggestions go.
 */
function* followOpenWindows(): SagaIterator {
  let open = new Set<string>();
  const pending = new Map<string, Task>();
  const held = new Map<string, Subscription>();
  while (true) {
    const windows: ChatWindowState[] = yield select((state: RootState) => state.chatWindows.windows);
    const now = new Set(windows.map((w) => w.conversationId));
    for (const conversationId of now) {
      if (open.has(conversationId)) continue;
      yield put(messagesActions.messagesRequested({ conversationId }));
      pending.set(conversationId, yield fork(scheduleSuggestions, conversationId, held));
    }
    for (const conversationId of open) {
      if (now.has(conversationId)) continue;
      const task = pending.get(conversationId);
      if (task?.isRunning()) yield cancel(task);
      pending.delete(conversationId);
      held.get(conversationId)?.unsubscribe();
      held.delete(conversationId);
    }
    open = now;
    yield take((action: { type: string }) => action.type.startsWith('chatWindows/chatWindow'));
  }
}

export function* chatSaga(): SagaIterator {
  yield fork(followOpenWindows);
  // A store created with a signed-in user (a reload with a session, tests) gets the saved windows now.
  const user: Me | null = yield select((state: RootState) => state.auth.user);
  if (user) yield call(loadWindowsOf, user);
  yield fork(saveWindows);
  yield takeEvery(
    [authActions.sessionChecked.type, authActions.loginSucceeded.type],
    function* onSession(action: PayloadAction<Me | null>) {
      yield call(loadWindowsOf, action.payload);
    },
  );
  yield takeEvery(authActions.loggedOut.type, function* onLoggedOut() {
    yield put(chatWindowsActions.chatWindowsCleared());
  });
}
