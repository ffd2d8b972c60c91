import type { BillingAnswer } from '@atende/api-contract';
import { api } from '../../server-state/api';
import type { Billing } from './billing-api';

/** How often the Owner's dashboard refreshes the plan standing (the banner). */
export const BILLING_POLL_INTERVAL_MS = 60_000;

export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/billing (403 for every role but Owner: only the Owner's screens ask): polled every
     * minute while the dashboard's banner is on screen, asked again when /billing opens.
     */
    getBilling: build.query<Billing, undefined>({
      query: () => '/api/billing',
      transformResponse: (answer: BillingAnswer) => answer.billing,
    }),
  }),
});

export const { useGetBillingQuery } = billingApi;

const selectGetBilling = billingApi.endpoints.getBilling.select(undefined);
/** The billing query's state in the store, the cache loaded or not (tests read its status). */
export const selectBillingQuery = (state: object) =>
  selectGetBilling(state as Parameters<typeof selectGetBilling>[0]);
