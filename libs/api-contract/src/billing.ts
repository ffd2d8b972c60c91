import { z } from 'zod';
import { ok } from './answer.js';

const plan = z.enum(['starter', 'professional', 'enterprise']);
/** null = unlimited. */
const limit = z.number().int().nullable();

/** GET /api/billing (Owner): the workspace's plan or trial, its limits and this month's usage. */
export const billingSchema = z.object({
  /** The plan chosen; null while on the trial. */
  plan: plan.nullable(),
  /** Whose limits apply (the trial runs on Professional's). */
  limitsOf: plan,
  limitsLabel: z.string(),
  status: z.enum(['trial', 'trial-ended', 'subscribed']),
  trialStartedAt: z.string(),
  trialEndsAt: z.string(),
  trialDays: z.number().int(),
  trialDaysLeft: z.number().int(),
  limits: z.object({ members: limit, conversationsPerMonth: limit }),
  usage: z.object({
    /** YYYY-MM, Brasília time. */
    month: z.string(),
    activeMembers: z.number().int(),
    conversationsStarted: z.number().int(),
    overLimitConversations: z.number().int(),
  }),
});
export type Billing = z.infer<typeof billingSchema>;
export type PlanName = Billing['limitsOf'];

export const billingAnswerSchema = ok({ billing: billingSchema });
export type BillingAnswer = z.infer<typeof billingAnswerSchema>;
