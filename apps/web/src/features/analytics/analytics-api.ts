import { apiRequest } from '../../api/client';

/** The period selector's values, as GET /api/analytics?period= takes them (spec §2). */
export const ANALYTICS_PERIODS = [
  { value: '7d', label: '7 dias', days: 7 },
  { value: '30d', label: '30 dias', days: 30 },
  { value: '90d', label: '90 dias', days: 90 },
] as const;

export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number]['value'];

export const DEFAULT_PERIOD: AnalyticsPeriod = '7d';

/** A `?period=` value from the address bar; anything unknown is the default (7 dias). */
export function parsePeriod(value: string | null | undefined): AnalyticsPeriod {
  return ANALYTICS_PERIODS.find((p) => p.value === value)?.value ?? DEFAULT_PERIOD;
}

export interface AnalyticsTotals {
  inbound: number;
  outbound: number;
  conversationsStarted: number;
  /** Conversations archived (resolved). */
  resolved: number;
  ratings: number;
  /** Ratings with 1, 2, 3, 4 and 5 stars (index 0 = 1 star). */
  ratingsByScore: number[];
  /** Averages in ms; null with nothing to average. */
  avgFirstResponseMs: number | null;
  avgResponseMs: number | null;
  /** 1–5; null without ratings. */
  avgRating: number | null;
}

export interface AnalyticsDay {
  /** YYYY-MM-DD in the workspace's timezone. */
  day: string;
  inbound: number;
  outbound: number;
  conversationsStarted: number;
  resolved: number;
}

export interface AnalyticsAgent {
  agentId: string;
  /** Null when the id is no member of the workspace any more. */
  name: string | null;
  outbound: number;
  resolved: number;
  ratings: number;
  avgResponseMs: number | null;
  avgFirstResponseMs: number | null;
  avgRating: number | null;
}

export type ActivityKind = 'conversation-started' | 'conversation-resolved' | 'conversation-rated';

export interface AnalyticsActivity {
  id: string;
  kind: ActivityKind;
  /** ISO time. */
  at: string;
  customerName: string | null;
  agentId: string | null;
  agentName: string | null;
  rating: number | null;
}

/** GET /api/analytics as the gateway answers it (built from the analytics projection). */
export interface AnalyticsReport {
  period: { days: number; from: string; to: string };
  totals: AnalyticsTotals;
  /** The same number of days just before the period; absent from older servers. */
  previous?: { from: string; to: string; totals: AnalyticsTotals };
  perDay: AnalyticsDay[];
  perAgent: AnalyticsAgent[];
  recentActivity?: AnalyticsActivity[];
}

/** GET /api/analytics?period=7d|30d|90d (Supervisor, Admin and Owner; an Agente gets a 403). */
export async function fetchAnalytics(
  period: AnalyticsPeriod,
  signal?: AbortSignal,
): Promise<AnalyticsReport> {
  return apiRequest<AnalyticsReport & { success: true }>(`/api/analytics?period=${period}`, { signal });
}
