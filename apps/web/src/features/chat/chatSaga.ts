import type { SuggestionsAnswer } from '@atende/api-contract';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator, Task } from 'redux-saga';
import { call, cancel, cancelled, delay, fork, put, select, take, takeEvery } from 'redux-saga/effects';
import { apiRequest } from '../../api/client';
import type { Conversation, Me } from '../../api/types';
import type { RootState } from '../../app/store';
import { authActions } from '../auth/authSlice';
import { messagesActions } from '../messages/messagesSlice';
import {
  CATEGORY_LABELS,
  chatWindowsActions,
  SUGGESTIONS_PAGE,
  windowIdFor,
  type ChatWindowState,
  type Suggestion,
  type SuggestionCategory,
} from './chatWindowsSlice';
import { readSavedWindows, writeSavedWindows } from './chatWindowsStorage';
import { FALLBACK_ERROR_TEXT } from './texts';

/** Spec §9: the AI suggestions appear about 1 s after a window opens. */
export const SUGGESTION_DELAY_MS = 1_000;

const errorText = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : FALLBACK_ERROR_TEXT;

const conversationPath = (conversationId: string, action: string) =>
  `/api/conversations/${encodeURIComponent(conversationId)}/${action}`;

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

/** The delay after opening, then the first five suggestions (unless the window already has some). */
function* scheduleSuggestions(conversationId: string): SagaIterator {
  const existing: unknown = yield select((state: RootState) => state.chatWindows.suggestions[conversationId]);
  if (existing) return;
  yield put(chatWindowsActions.suggestionsScheduled({ conversationId }));
  yield delay(SUGGESTION_DELAY_MS);
  yield put(chatWindowsActions.suggestionsRequested({ conversationId, mode: 'first' }));
}

/**
 * Follows the set of open windows however it changes (opened, restored after a reload, closed,
 * archived, signed out): a window that appears loads its messages and schedules its suggestions; one
 * that goes away cancels what was still waiting.
 */
function* followOpenWindows(): SagaIterator {
  let open = new Set<string>();
  const pending = new Map<string, Task>();
  while (true) {
    const windows: ChatWindowState[] = yield select((state: RootState) => state.chatWindows.windows);
    const now = new Set(windows.map((w) => w.conversationId));
    for (const conversationId of now) {
      if (open.has(conversationId)) continue;
      yield put(messagesActions.messagesRequested({ conversationId }));
      pending.set(conversationId, yield fork(scheduleSuggestions, conversationId));
    }
    for (const conversationId of open) {
      if (now.has(conversationId)) continue;
      const task = pending.get(conversationId);
      if (task?.isRunning()) yield cancel(task);
      pending.delete(conversationId);
    }
    open = now;
    yield take((action: { type: string }) => action.type.startsWith('chatWindows/chatWindow'));
  }
}

/* ---------------------------------------------------------------- suggestions */

const isCategory = (value: unknown): value is SuggestionCategory =>
  typeof value === 'string' && value in CATEGORY_LABELS;

function normaliseSuggestions(list: Partial<Suggestion>[] | undefined): Suggestion[] {
  return (list ?? [])
    .filter((s) => typeof s.text === 'string' && s.text.trim() !== '')
    .map((s, index) => {
      const category = isCategory(s.category) ? s.category : 'other';
      return {
        id: typeof s.id === 'string' && s.id ? s.id : `suggestion-${index}`,
        text: s.text!,
        category,
        categoryLabel: s.categoryLabel || CATEGORY_LABELS[category],
        confidence: typeof s.confidence === 'number' ? s.confidence : 0,
        // The server always says; an entry that does not is taken for a canned reply (nothing shows it).
        source: s.source ?? 'canned',
      };
    });
}

function* fetchSuggestionPage(conversationId: string, offset: number, signal: AbortSignal): SagaIterator {
  const answer: Partial<SuggestionsAnswer> = yield call(
    apiRequest<Partial<SuggestionsAnswer>>,
    `${conversationPath(conversationId, 'suggestions')}?count=${SUGGESTIONS_PAGE}&offset=${offset}`,
    { signal },
  );
  return normaliseSuggestions(answer.suggestions);
}

/** GET /api/conversations/:id/suggestions for the page the slice asks for; past the last page, the first again. */
function* fetchSuggestions(conversationId: string): SagaIterator {
  const controller = new AbortController();
  try {
    const offset: number =
      (yield select((state: RootState) => state.chatWindows.suggestions[conversationId]?.requestedOffset)) ??
      0;
    let page: Suggestion[] = yield call(fetchSuggestionPage, conversationId, offset, controller.signal);
    let shown = offset;
    if (page.length === 0 && offset > 0) {
      page = yield call(fetchSuggestionPage, conversationId, 0, controller.signal);
      shown = 0;
    }
    yield put(chatWindowsActions.suggestionsLoaded({ conversationId, offset: shown, suggestions: page }));
  } catch (error) {
    yield put(chatWindowsActions.suggestionsFailed({ conversationId, error: errorText(error) }));
  } finally {
    if ((yield cancelled()) as boolean) controller.abort();
  }
}

/** One request per conversation at a time: a newer one replaces the older. */
function* watchSuggestions(): SagaIterator {
  const running = new Map<string, Task>();
  while (true) {
    const action: ReturnType<typeof chatWindowsActions.suggestionsRequested> = yield take(
      chatWindowsActions.suggestionsRequested.type,
    );
    const { conversationId } = action.payload;
    const previous = running.get(conversationId);
    if (previous?.isRunning()) yield cancel(previous);
    running.set(conversationId, yield fork(fetchSuggestions, conversationId));
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
  yield fork(watchSuggestions);
}
