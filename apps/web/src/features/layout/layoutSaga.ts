import type { StatsAnswer } from '@atende/api-contract';
import type { Action } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, cancelled, delay, fork, put, race, select, take } from 'redux-saga/effects';
import { isApiError } from '../../api/api-error';
import { apiRequest } from '../../api/client';
import type { RootState } from '../../app/store';
import { authActions } from '../auth/authSlice';
import { conversationsActions } from '../conversations/conversationsSlice';
import { layoutActions } from './layoutSlice';
import { unreadShift } from './unreadShift';

/** Spec §9: conversation polling every 5000 ms. */
export const STATS_POLL_INTERVAL_MS = 5_000;

/**
 * Fetches the stats now and every 5 s until cancelled; a failed fetch is ignored (the next one may
 * work). A refusal because the workspace now requires two-factor sign-in asks who is signed in
 * again (the dashboard then asks this account to enrol).
 */
export function* pollStats() {
  while (true) {
    const controller = new AbortController();
    try {
      const answer: StatsAnswer = yield call(apiRequest<StatsAnswer>, '/api/conversations/stats', {
        signal: controller.signal,
      });
      if (answer?.stats) yield put(layoutActions.statsLoaded(answer.stats));
    } catch (error) {
      // network or server failure: the badge keeps its last value
      if (isApiError(error) && error.code === 'TWO_FACTOR_ENROLMENT_REQUIRED') {
        yield put(authActions.userRefreshRequested());
      }
    } finally {
      if ((yield cancelled()) as boolean) controller.abort();
    }
    yield delay(STATS_POLL_INTERVAL_MS);
  }
}

const selectRows = (state: RootState) => state.conversations.entities;
const listChanged = (action: Action) =>
  action.type.startsWith('conversations/') || authActions.loggedOut.match(action);

/**
 * The socket updates the list at once; the badge follows it instead of waiting for the next poll:
 * every change of the list moves the polled total by as much. A full reload (or a sign-out) is a
 * new snapshot, not a change: the next stats answer covers it.
 */
export function* followListUnread(): SagaIterator {
  let before: RootState['conversations']['entities'] = yield select(selectRows);
  for (;;) {
    const action: Action = yield take(listChanged);
    const after: RootState['conversations']['entities'] = yield select(selectRows);
    const snapshot =
      conversationsActions.conversationsLoaded.match(action) || authActions.loggedOut.match(action);
    if (after !== before && !snapshot) {
      const shift = unreadShift(before, after, {
        joined: conversationsActions.conversationUpserted.match(action),
        left: conversationsActions.conversationRemoved.match(action),
      });
      if (shift !== 0) yield put(layoutActions.unreadShifted(shift));
    }
    before = after;
  }
}

/** Polls while the dashboard layout is mounted; stops when it unmounts or the user signs out. */
export function* layoutSaga() {
  yield fork(followListUnread);
  while (true) {
    yield take(layoutActions.statsPollingStarted.type);
    yield race({
      poll: call(pollStats),
      stop: take([layoutActions.statsPollingStopped.type, authActions.loggedOut.type]),
    });
  }
}
