import type { AnalyticsAnswer, AnalyticsReport } from '@atende/api-contract';
import { api } from '../../server-state/api';

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

// GET /api/analytics's answer is the contract's, shared with the gateway (types only: no zod in the bundle).
export type {
  AnalyticsActivity,
  AnalyticsAgent,
  AnalyticsDay,
  AnalyticsReport,
  AnalyticsTotals,
} from '@atende/api-contract';

/** A report with the period it is about (it stays on screen while another period loads). */
export interface PeriodReport {
  report: AnalyticsReport;
  period: AnalyticsPeriod;
}

export const analyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/analytics?period=7d|30d|90d (Supervisor, Admin and Owner; an Agente gets a 403). */
    getAnalytics: build.query<PeriodReport, AnalyticsPeriod>({
      query: (period) => `/api/analytics?period=${period}`,
      transformResponse: (report: AnalyticsAnswer, _meta, period) => ({ report, period }),
      providesTags: ['Analytics'],
    }),
  }),
});

export const { useGetAnalyticsQuery } = analyticsApi;
