import type { StatsAnswer } from '@atende/api-contract';
import { call, cancelled, delay, put, race, take } from 'redux-saga/effects';
import { isApiError } from '../../api/api-error';
import { apiRequest } from '../../api/client';
import { authActions } from '../auth/authSlice';
import { layoutActions } from './layoutSlice';

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

/** Polls while the dashboard layout is mounted; stops when it unmounts or the user signs out. */
export function* layoutSaga() {
  while (true) {
    yield take(layoutActions.statsPollingStarted.type);
    yield race({
      poll: call(pollStats),
      stop: take([layoutActions.statsPollingStopped.type, authActions.loggedOut.type]),
    });
  }
}
