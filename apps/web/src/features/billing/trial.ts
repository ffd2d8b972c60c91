import type { Me } from '../../api/types';

export interface TrialView {
  days: number;
  daysLeft: number;
  ended: boolean;
  /** daysLeft / days, 0..100. */
  percentLeft: number;
  startedAt: Date | null;
  endsAt: Date | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The trial of the signed-in workspace as the billing screen shows it (from GET /api/auth/me). */
export function trialView(user: Pick<Me, 'trialStarted' | 'trialDays' | 'trialDaysLeft'>): TrialView {
  const days = Math.max(0, Math.floor(user.trialDays || 0));
  const daysLeft = Math.min(days, Math.max(0, Math.floor(user.trialDaysLeft || 0)));
  const started = new Date(user.trialStarted);
  const startedAt = Number.isNaN(started.getTime()) ? null : started;
  return {
    days,
    daysLeft,
    ended: daysLeft <= 0,
    percentLeft: days > 0 ? Math.round((daysLeft / days) * 100) : 0,
    startedAt,
    endsAt: startedAt ? new Date(startedAt.getTime() + days * DAY_MS) : null,
  };
}

const dateFormat = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'long', year: 'numeric' });

/** E.g. '9 de março de 2025' (spec §9: dates use pt-BR format). */
export const formatDate = (date: Date): string => dateFormat.format(date);

/** 'Período de teste: 5 dias restantes' / '1 dia restante'. */
export const daysLeftText = (daysLeft: number): string =>
  `Período de teste: ${daysLeft} ${daysLeft === 1 ? 'dia restante' : 'dias restantes'}`;
