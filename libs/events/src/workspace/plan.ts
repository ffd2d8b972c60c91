import { DomainError } from '../core/errors.js';

/** The landing page's plans (spec §9). */
export const planNames = ['starter', 'professional', 'enterprise'] as const;
export type PlanName = (typeof planNames)[number];

export const planLabels: Readonly<Record<PlanName, string>> = {
  starter: 'Starter',
  professional: 'Professional',
  enterprise: 'Enterprise',
};

export interface PlanLimits {
  /** Active members of any role; null = unlimited. */
  members: number | null;
  /** Conversations started in a calendar month; null = unlimited. */
  conversationsPerMonth: number | null;
}

/** Spec §9: Starter 3 agents / 1,000 conversations a month, Professional 10 / 5,000, Enterprise unlimited. */
export const planLimits: Readonly<Record<PlanName, PlanLimits>> = {
  starter: { members: 3, conversationsPerMonth: 1_000 },
  professional: { members: 10, conversationsPerMonth: 5_000 },
  enterprise: { members: null, conversationsPerMonth: null },
};

/** A trial runs on these limits (the issue: "a 7-day trial on the Professional plan's limits"). */
export const TRIAL_PLAN: PlanName = 'professional';

export function isPlanName(value: unknown): value is PlanName {
  return typeof value === 'string' && (planNames as readonly string[]).includes(value);
}

/** What the workspace stream says about billing: a trial, and the plan chosen (null while none). */
export interface WorkspacePlan {
  plan: PlanName | null;
  trialStartedAt: string;
  trialDays: number;
}

/**
 * What a workspace may do at an instant: `trial` (no plan yet, trial running), `trial-ended` (no plan,
 * trial over: nothing may be sent), `subscribed` (a plan was chosen; the trial no longer matters).
 */
export interface Entitlement {
  status: 'trial' | 'trial-ended' | 'subscribed';
  /** Whose limits apply: the chosen plan, or the trial's. */
  plan: PlanName;
  limits: PlanLimits;
  /** ISO instant the trial ends (or ended). */
  trialEndsAt: string;
}

const DAY_MS = 86_400_000;

export function trialEndsAt(plan: Pick<WorkspacePlan, 'trialStartedAt' | 'trialDays'>): string {
  return new Date(Date.parse(plan.trialStartedAt) + plan.trialDays * DAY_MS).toISOString();
}

export function entitlementAt(plan: WorkspacePlan, now: Date): Entitlement {
  const ends = trialEndsAt(plan);
  if (plan.plan !== null) {
    return { status: 'subscribed', plan: plan.plan, limits: planLimits[plan.plan], trialEndsAt: ends };
  }
  return {
    status: now.getTime() < Date.parse(ends) ? 'trial' : 'trial-ended',
    plan: TRIAL_PLAN,
    limits: planLimits[TRIAL_PLAN],
    trialEndsAt: ends,
  };
}

/**
 * The calendar month (YYYY-MM) an instant counts in: Brasília time (UTC−3 all year since 2019), the
 * customers' month, so a conversation at 22:00 on the 31st counts in that month.
 */
export function usageMonth(at: string | Date): string {
  const time = typeof at === 'string' ? Date.parse(at) : at.getTime();
  return new Date(time - 3 * 3_600_000).toISOString().slice(0, 7);
}

/** A workspace's standing for this month's conversations, taken by the conversation decider. */
export interface ConversationAllowance {
  entitlement: Entitlement;
  /** usageMonth of now. */
  month: string;
  /** Conversations the workspace started in `month` so far. */
  conversationsThisMonth: number;
}

/** Active members now, as the member decider needs them to check a seat. */
export interface SeatAllowance {
  entitlement: Entitlement;
  activeMembers: number;
}

export const TRIAL_ENDED_MESSAGE =
  'O período de teste terminou. Escolha um plano em Assinatura para voltar a enviar mensagens.';

export function planLimitMembersMessage(entitlement: Entitlement): string {
  return `O plano ${planLabels[entitlement.plan]} permite até ${entitlement.limits.members} membros ativos. Faça upgrade em Assinatura para adicionar mais.`;
}

export function planLimitConversationsMessage(entitlement: Entitlement): string {
  return `Limite de ${entitlement.limits.conversationsPerMonth} conversas por mês do plano ${planLabels[entitlement.plan]} atingido. Faça upgrade em Assinatura para responder a esta conversa.`;
}

/** Sending (WhatsApp or e-mail) needs a running trial or a plan. */
export function requireSendingAllowed(entitlement: Entitlement): void {
  if (entitlement.status === 'trial-ended') throw new DomainError('TRIAL_ENDED', TRIAL_ENDED_MESSAGE);
}

/** One more active member must fit the plan. */
export function requireSeat(allowance: SeatAllowance): void {
  const max = allowance.entitlement.limits.members;
  if (max !== null && allowance.activeMembers >= max) {
    throw new DomainError('PLAN_LIMIT_MEMBERS', planLimitMembersMessage(allowance.entitlement));
  }
}

/** Whether a conversation starting now is beyond the month's limit (it is still stored, but marked). */
export function startsOverLimit(allowance: ConversationAllowance): boolean {
  const max = allowance.entitlement.limits.conversationsPerMonth;
  return max !== null && allowance.conversationsThisMonth >= max;
}

/**
 * Whether the workspace is still over its monthly limit: a conversation marked over the limit in this
 * month may be answered again once the plan allows as many conversations as were started.
 */
export function stillOverLimit(allowance: ConversationAllowance): boolean {
  const max = allowance.entitlement.limits.conversationsPerMonth;
  return max !== null && allowance.conversationsThisMonth > max;
}
