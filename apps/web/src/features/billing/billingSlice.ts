import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { authActions } from '../auth/authSlice';
import type { Billing } from './billing-api';

export interface BillingState {
  /** The latest answer of GET /api/billing; null until the first one. */
  billing: Billing | null;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /** The last failure's text (the previous answer, if any, stays shown). */
  error: string | null;
}

const initialState: BillingState = { billing: null, status: 'idle', error: null };

const billingSlice = createSlice({
  name: 'billing',
  initialState,
  reducers: {
    /** The Owner's dashboard is on screen: load now and every minute. */
    billingPollingStarted() {},
    billingPollingStopped() {},
    /** A screen wants the figures now (the billing page when it opens, a retry). */
    billingRequested() {},
    billingLoadStarted(state) {
      state.status = 'loading';
    },
    billingLoaded(state, action: PayloadAction<Billing>) {
      state.billing = action.payload;
      state.status = 'ready';
      state.error = null;
    },
    billingLoadFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    /** A load was cancelled (the dashboard closed): the next one may start. */
    billingLoadAbandoned(state) {
      if (state.status === 'loading') state.status = state.billing ? 'ready' : 'idle';
    },
  },
  extraReducers: (builder) => {
    builder.addCase(authActions.loggedOut, () => initialState);
  },
});

export const billingActions = billingSlice.actions;
export const billingReducer = billingSlice.reducer;

export const selectBillingState = (state: { billing: BillingState }) => state.billing;
export const selectBilling = (state: { billing: BillingState }) => state.billing.billing;
