import type { Action, PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, cancelled, delay, put, race, select, take, takeEvery, takeLeading } from 'redux-saga/effects';
import type { Conversation, Me } from '../../api/types';
import type { RootState } from '../../app/store';
import { authActions } from '../auth/authSlice';
import { twoFactorEnrolmentPending } from '../auth/two-factor-status';
import { realtimeActions, type SocketStatus } from '../realtime/realtimeSlice';
import { fetchAllConversations, postConversationAction } from './conversations-api';
import { conversationsActions, type ConversationAction } from './conversationsSlice';

/** Spec §9: conversation polling every 5000 ms (only while the socket is down). */
export const CONVERSATIONS_POLL_INTERVAL_MS = 5_000;

export interface ConversationsSagaOptions {
  /** Polling interval while the socket is not connected; default 5000 ms. */
  pollIntervalMs?: number;
  /** Rows per page of GET /api/whatsapp/conversations; default 500. */
  pageSize?: number;
}

const errorText = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : 'Erro de conexão';

/** The user an action says is signed in now (a session check, a sign-in, a refresh), else undefined. */
const userOf = (action: Action): Me | null | undefined =>
  authActions.sessionChecked.match(action) ||
  authActions.loginSucceeded.match(action) ||
  authActions.userRefreshed.match(action)
    ? (action.payload as Me | null)
    : undefined;

/**
 * Someone may use the inbox now: signed in, and enrolled in two-factor sign-in when the workspace
 * requires it (until then the server refuses every inbox call with 403).
 */
const signedIn = (action: Action): boolean => {
  const user = userOf(action);
  return !!user && !twoFactorEnrolmentPending(user);
};

/** The inbox closes: signed out, or the workspace's two-factor requirement now applies to the user. */
const signedOut = (action: Action): boolean => {
  if (authActions.loggedOut.match(action)) return true;
  const user = userOf(action);
  return user === null || (!!user && twoFactorEnrolmentPending(user));
};

const inboxOpen = (state: RootState): boolean =>
  state.auth.status === 'authenticated' && !twoFactorEnrolmentPending(state.auth.user);

const socketStatus = (state: RootState): SocketStatus => state.realtime.status;
const socketUp = (action: Action) =>
  realtimeActions.socketStatusChanged.match(action) && action.payload === 'connected';
const socketDown = (action: Action) =>
  realtimeActions.socketStatusChanged.match(action) && action.payload !== 'connected';

/** Loads every page of the inbox and replaces the list; a failure keeps the rows already shown. */
export function* loadConversations(options: ConversationsSagaOptions = {}): SagaIterator {
  const controller = new AbortController();
  try {
    const rows: Conversation[] = yield call(fetchAllConversations, {
      signal: controller.signal,
      pageSize: options.pageSize,
    });
    yield put(conversationsActions.conversationsLoaded(rows));
  } catch (error) {
    if (!controller.signal.aborted) yield put(conversationsActions.conversationsFailed(errorText(error)));
  } finally {
    if ((yield cancelled()) as boolean) controller.abort();
  }
}

/** The fallback: while the socket is not connected, reload the list every `intervalMs`. */
export function* pollWhileSocketDown(intervalMs: number): SagaIterator {
  while (true) {
    const status: SocketStatus = yield select(socketStatus);
    if (status === 'connected') {
      yield take(socketDown);
      continue;
    }
    const { up } = yield race({ tick: delay(intervalMs), up: take(socketUp) });
    if (!up) yield put(conversationsActions.conversationsRequested());
  }
}

/** One row action on the server; the answer replaces the row, a failure undoes the optimistic change. */
function* runAction(conversationId: string, action: ConversationAction): SagaIterator {
  try {
    const conversation: Conversation | null = yield call(postConversationAction, conversationId, action);
    yield put(conversationsActions.conversationActionSucceeded({ conversationId, action, conversation }));
  } catch (error) {
    yield put(
      conversationsActions.conversationActionFailed({ conversationId, action, error: errorText(error) }),
    );
  }
}

function* markRead(action: PayloadAction<{ conversationId: string }>): SagaIterator {
  yield call(runAction, action.payload.conversationId, 'read');
}

function* pin(action: PayloadAction<{ conversationId: string; pinned: boolean }>): SagaIterator {
  yield call(runAction, action.payload.conversationId, action.payload.pinned ? 'pin' : 'unpin');
}

function* archive(action: PayloadAction<{ conversationId: string }>): SagaIterator {
  yield call(runAction, action.payload.conversationId, 'archive');
}

/** Everything the inbox does while a user is signed in. */
function* inboxSession(options: ConversationsSagaOptions): SagaIterator {
  // One load at a time: a refresh or poll asked for during a load is covered by it.
  yield takeLeading(conversationsActions.conversationsRequested.type, loadConversations, options);
  yield takeEvery(conversationsActions.conversationReadRequested.type, markRead);
  yield takeEvery(conversationsActions.conversationPinRequested.type, pin);
  yield takeEvery(conversationsActions.conversationArchiveRequested.type, archive);
  yield put(conversationsActions.conversationsRequested());
  yield call(pollWhileSocketDown, options.pollIntervalMs ?? CONVERSATIONS_POLL_INTERVAL_MS);
}

/**
 * The conversation list: loaded (every page) once the user is signed in (and enrolled in two-factor
 * sign-in when the workspace requires it), refreshed on request, polled every 5 s only while the
 * socket is down, and row actions sent to the API. Sign-out (or a pending enrolment) stops it.
 */
export function* conversationsSaga(options: ConversationsSagaOptions = {}): SagaIterator {
  while (true) {
    const open: boolean = yield select(inboxOpen);
    if (!open) yield take(signedIn);
    yield race({ session: call(inboxSession, options), stop: take(signedOut) });
  }
}
