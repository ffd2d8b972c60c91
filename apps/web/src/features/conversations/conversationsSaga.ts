import type { Action } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, delay, put, race, select, take, takeEvery } from 'redux-saga/effects';
import type { Me } from '../../api/types';
import type { RootState } from '../../app/store';
import { authActions } from '../auth/authSlice';
import { twoFactorEnrolmentPending } from '../auth/two-factor-status';
import { realtimeActions, type SocketStatus } from '../realtime/realtimeSlice';
import { conversationsApi, conversationsRequested, selectInbox } from './conversations-endpoints';
import { emptyConversationsList, type ConversationsList } from './conversations-list';

/** Spec §9: conversation polling every 5000 ms (only while the socket is down). */
export const CONVERSATIONS_POLL_INTERVAL_MS = 5_000;

export interface ConversationsSagaOptions {
  /** Polling interval while the socket is not connected; default 5000 ms. */
  pollIntervalMs?: number;
}

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

/** The inbox's query, asked again now (a load already running covers the request). */
export const reloadInbox = () =>
  conversationsApi.endpoints.getConversations.initiate(undefined, { subscribe: false, forceRefetch: true });

function* reload(): SagaIterator {
  yield put(reloadInbox());
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
    if (!up) yield put(conversationsRequested());
  }
}

/** Everything the inbox does while a user is signed in. */
function* inboxSession(options: ConversationsSagaOptions): SagaIterator {
  // An empty list until the first one arrives: rows the socket pushes meanwhile are kept (and a
  // load older than them does not replace them).
  if (!((yield select(selectInbox)) as ConversationsList | undefined)) {
    yield put(
      conversationsApi.util.upsertQueryEntries([
        { endpointName: 'getConversations', arg: undefined, value: emptyConversationsList() },
      ]),
    );
  }
  // The session's subscription keeps the list in the cache while nothing on screen shows it.
  const inbox: { unsubscribe: () => void } = yield put(
    conversationsApi.endpoints.getConversations.initiate(undefined, { forceRefetch: true }),
  );
  try {
    // One load at a time: a refresh or poll asked for during a load is covered by it (RTK Query runs
    // one request per cache entry).
    yield takeEvery(conversationsRequested.type, reload);
    yield call(pollWhileSocketDown, options.pollIntervalMs ?? CONVERSATIONS_POLL_INTERVAL_MS);
  } finally {
    inbox.unsubscribe();
  }
}

/**
 * The conversation list's life (the list itself is a query, conversations-endpoints.ts): loaded
 * (every page) once the user is signed in (and enrolled in two-factor sign-in when the workspace
 * requires it), refreshed on request, polled every 5 s only while the socket is down. Sign-out (or a
 * pending enrolment) stops it; a sign-out also empties the cache.
 */
export function* conversationsSaga(options: ConversationsSagaOptions = {}): SagaIterator {
  while (true) {
    const open: boolean = yield select(inboxOpen);
    if (!open) yield take(signedIn);
    yield race({ session: call(inboxSession, options), stop: take(signedOut) });
  }
}
