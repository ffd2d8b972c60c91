import { configureStore } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';
import type { setupServer } from 'msw/node';
import createSagaMiddleware, { type Task } from 'redux-saga';
import type { Me } from '../../../api/types';
import { apiMiddleware, rootReducer, type RootState } from '../../../app/store';
import { authActions, authReducer } from '../../auth/authSlice';
import type { Billing } from '../billing-api';
import { billingSaga } from '../billingSaga';

/** GET /api/billing of a company in its trial, well within the Professional limits. */
export function makeBilling(overrides: Partial<Billing> = {}): Billing {
  return {
    plan: null,
    limitsOf: 'professional',
    limitsLabel: 'Professional',
    status: 'trial',
    trialStartedAt: '2026-03-10T12:00:00.000Z',
    trialEndsAt: '2026-03-17T12:00:00.000Z',
    trialDays: 7,
    trialDaysLeft: 4,
    limits: { members: 10, conversationsPerMonth: 5000 },
    usage: { month: '2026-03', activeMembers: 3, conversationsStarted: 120, overLimitConversations: 0 },
    ...overrides,
  };
}

/** Answers GET /api/billing with `billing` (a function: per call) and records every call. */
export function serveBilling(
  server: ReturnType<typeof setupServer>,
  billing: Billing | ((call: number) => Response),
) {
  const calls: number[] = [];
  server.use(
    http.get('/api/billing', () => {
      calls.push(Date.now());
      return typeof billing === 'function'
        ? billing(calls.length)
        : HttpResponse.json({ success: true, billing });
    }),
  );
  return calls;
}

const tasks: Task[] = [];
/** Stops the sagas of the stores made by billingStore (call in afterEach). */
export function stopBillingStores() {
  for (const task of tasks.splice(0)) task.cancel();
}

/** The app's reducers signed in as `user`, with only the billing saga running. */
export function billingStore(user: Me) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { auth: authReducer(undefined, authActions.sessionChecked(user)) } as RootState,
    middleware: (getDefault) => getDefault().concat(apiMiddleware, sagaMiddleware),
  });
  tasks.push(sagaMiddleware.run(billingSaga));
  return store;
}
