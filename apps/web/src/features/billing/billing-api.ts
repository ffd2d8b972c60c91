import type { Billing, BillingAnswer } from '@atende/api-contract';
import { apiRequest } from '../../api/client';

// GET /api/billing's answer is the contract's, shared with the gateway (types only: no zod in the bundle).
export type { Billing, PlanName } from '@atende/api-contract';

/** GET /api/billing (403 for every role but Owner: only the Owner's screens ask). */
export async function fetchBilling(signal?: AbortSignal): Promise<Billing> {
  const answer = await apiRequest<BillingAnswer>('/api/billing', { signal });
  return answer.billing;
}
