// GET /api/billing's answer is the contract's, shared with the gateway (types only: no zod in the bundle).
export type { Billing, PlanName } from '@atende/api-contract';
