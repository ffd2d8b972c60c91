import type { SagaIterator } from 'redux-saga';
import { call, cancelled, delay, put, race, select, take, takeEvery } from 'redux-saga/effects';
import { errorText } from '../../api/client';
import type { Me } from '../../api/types';
import type { RootState } from '../../app/store';
import { authActions } from '../auth/authSlice';
import { selectUser } from '../auth/selectors';
import { fetchBilling, type Billing } from './billing-api';
import { billingActions } from './billingSlice';

/** How often the Owner's dashboard refreshes the plan standing (the banner). */
export const BILLING_POLL_INTERVAL_MS = 60_000;

const selectLoading = (state: RootState) => state.billing.status === 'loading';

/**
 * GET /api/billing into the store, for the Owner only (the server refuses everyone else); one load
 * at a time (a request while one runs gets that one's answer).
 */
function* loadBilling(): SagaIterator {
  const user: Me | null = yield select(selectUser);
  if (user?.role !== 'Owner') return;
  if ((yield select(selectLoading)) as boolean) return;
  yield put(billingActions.billingLoadStarted());
  const controller = new AbortController();
  try {
    const billing: Billing = yield call(fetchBilling, controller.signal);
    yield put(billingActions.billingLoaded(billing));
  } catch (error) {
    yield put(billingActions.billingLoadFailed(errorText(error)));
  } finally {
    if ((yield cancelled()) as boolean) {
      controller.abort();
      yield put(billingActions.billingLoadAbandoned());
    }
  }
}

/** Now and every minute until cancelled. */
export function* pollBilling(): SagaIterator {
  for (;;) {
    yield call(loadBilling);
    yield delay(BILLING_POLL_INTERVAL_MS);
  }
}

export function* billingSaga(): SagaIterator {
  yield takeEvery(billingActions.billingRequested.type, loadBilling);
  for (;;) {
    yield take(billingActions.billingPollingStarted.type);
    yield race({
      poll: call(pollBilling),
      stop: take([billingActions.billingPollingStopped.type, authActions.loggedOut.type]),
    });
  }
}
