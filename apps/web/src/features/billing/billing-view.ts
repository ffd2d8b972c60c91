import type { Billing } from './billing-api';
import type { TrialView } from './trial';
import { trialView } from './trial';
import { formatCount } from './billing-texts';

export const UNLIMITED_TEXT = 'Ilimitado';

/** One of this month's figures against its plan limit. */
export interface UsageMeter {
  label: string;
  used: number;
  /** null = unlimited. */
  limit: number | null;
  /** 'Membros ativos: 4 de 10', or 'Membros ativos: 4 (Ilimitado)'. */
  text: string;
  /** used / limit, 0..100 (0 when unlimited). */
  percent: number;
  /** 'ok' below 80 %, 'near' from 80 %, 'full' at or over the limit. */
  level: 'ok' | 'near' | 'full';
}

export function usageMeter(label: string, used: number, limit: number | null): UsageMeter {
  const count = Math.max(0, Math.floor(used || 0));
  if (limit === null) {
    return {
      label,
      used: count,
      limit,
      text: `${label}: ${formatCount(count)} (${UNLIMITED_TEXT})`,
      percent: 0,
      level: 'ok',
    };
  }
  const max = Math.max(0, Math.floor(limit));
  const percent = max > 0 ? Math.min(100, Math.round((count / max) * 100)) : 100;
  return {
    label,
    used: count,
    limit: max,
    text: `${label}: ${formatCount(count)} de ${formatCount(max)}`,
    percent,
    level: count >= max ? 'full' : percent >= 80 ? 'near' : 'ok',
  };
}

/** The members and conversations meters of GET /api/billing's usage. */
export function usageMeters(billing: Billing): UsageMeter[] {
  return [
    usageMeter('Membros ativos', billing.usage.activeMembers, billing.limits.members),
    usageMeter(
      'Conversas este mês',
      billing.usage.conversationsStarted,
      billing.limits.conversationsPerMonth,
    ),
  ];
}

/** '1 conversa acima do limite' / '3 conversas acima do limite'. */
export const overLimitCountText = (count: number): string =>
  `${formatCount(count)} ${count === 1 ? 'conversa' : 'conversas'} acima do limite`;

/** The trial card's figures from GET /api/billing (the server says whether it ended). */
export function billingTrialView(billing: Billing): TrialView {
  const view = trialView({
    trialStarted: billing.trialStartedAt,
    trialDays: billing.trialDays,
    trialDaysLeft: billing.trialDaysLeft,
  });
  const ends = new Date(billing.trialEndsAt);
  return {
    ...view,
    ended: billing.status === 'trial-ended',
    daysLeft: billing.status === 'trial-ended' ? 0 : view.daysLeft,
    percentLeft: billing.status === 'trial-ended' ? 0 : view.percentLeft,
    endsAt: Number.isNaN(ends.getTime()) ? view.endsAt : ends,
  };
}

const monthFormat = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '2026-03' → 'março de 2026' (the text itself when it is not a month). */
export function formatMonth(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  return monthFormat.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 15)));
}
