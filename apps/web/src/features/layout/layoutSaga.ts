import { call, cancelled, delay, put, race, take } from 'redux-saga/effects';
import { apiRequest } from '../../api/client';
import { authActions } from '../auth/authSlice';
import { layoutActions, type ConversationStats } from './layoutSlice';

/** Spec §9: conversation polling every 5000 ms. */
export const STATS_POLL_INTERVAL_MS = 5_000;

/** Fetches the stats now and every 5 s until cancelled; a failed fetch is ignored (the next one may work). */
export function* pollStats() {
  while (true) {
    const controller = new AbortController();
    try {
      const answer: { stats: ConversationStats } = yield call(
        apiRequest<{ stats: ConversationStats }>,
        '/api/conversations/stats',
        { signal: controller.signal },
      );
      if (answer?.stats) yield put(layoutActions.statsLoaded(answer.stats));
    } catch {
      // network or server failure: the badge keeps its last value
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
