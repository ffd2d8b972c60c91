import { configureStore } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';
import type { setupServer } from 'msw/node';
import type { Me } from '../../../api/types';
import { apiMiddleware, rootReducer, type RootState } from '../../../app/store';
import { authActions, authReducer } from '../../auth/authSlice';
import type { Billing } from '../billing-api';

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

/** The app's reducers signed in as `user`, with the server-state cache's middleware (GET /api/billing goes through it). */
export function billingStore(user: Me) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: { auth: authReducer(undefined, authActions.sessionChecked(user)) } as RootState,
    middleware: (getDefault) => getDefault().concat(apiMiddleware),
  });
}
