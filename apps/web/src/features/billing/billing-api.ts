import { apiRequest } from '../../api/client';

export type PlanName = 'starter' | 'professional' | 'enterprise';

/** The workspace's plan or trial, limits and this month's usage, as GET /api/billing answers it (Owner only). */
export interface Billing {
  /** The plan chosen; null while on the trial. */
  plan: PlanName | null;
  /** Whose limits apply (the trial runs on Professional's). */
  limitsOf: PlanName;
  limitsLabel: string;
  status: 'trial' | 'trial-ended' | 'subscribed';
  trialStartedAt: string;
  trialEndsAt: string;
  trialDays: number;
  trialDaysLeft: number;
  /** null = unlimited. */
  limits: { members: number | null; conversationsPerMonth: number | null };
  usage: {
    /** YYYY-MM, Brasília time. */
    month: string;
    activeMembers: number;
    conversationsStarted: number;
    overLimitConversations: number;
  };
}

/** GET /api/billing (403 for every role but Owner: only the Owner's screens ask). */
export async function fetchBilling(signal?: AbortSignal): Promise<Billing> {
  const answer = await apiRequest<{ billing: Billing }>('/api/billing', { signal });
  return answer.billing;
}
