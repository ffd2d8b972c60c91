import { CalendarRange, LoaderCircle } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { failureOf } from '../../server-state/api';
import { withApi } from '../../server-state/with-api';
import { PageHeader } from '../../ui/PageHeader';
import { AgentTable } from './AgentTable';
import {
  ANALYTICS_PERIODS,
  DEFAULT_PERIOD,
  parsePeriod,
  type AnalyticsPeriod,
  type AnalyticsReport,
  useGetAnalyticsQuery,
} from './analytics-api';
import { DailyCharts } from './DailyCharts';
import { AnalyticsForbidden, ErrorBox } from './ErrorBox';
import { formatPeriodRange } from './format';
import { KpiCards } from './KpiCards';
import { PerformanceMetrics } from './PerformanceMetrics';
import { PeriodSelector } from './PeriodSelector';
import { RecentActivity } from './RecentActivity';
import {
  ANALYTICS_TITLE,
  EMPTY_PERIOD_HINT,
  EMPTY_PERIOD_TITLE,
  LOADING_TEXT,
  REFRESHING_TEXT,
} from './texts';

/** The address bar keeps the period (`?period=30d`), so a reload or a shared link shows the same. */
export const PERIOD_PARAM = 'period';

const periodLabel = (period: AnalyticsPeriod) =>
  ANALYTICS_PERIODS.find((p) => p.value === period)?.label ?? '7 dias';

/** Nothing happened in the period: no message, conversation, resolution or rating. */
export function isEmptyPeriod(report: AnalyticsReport): boolean {
  const t = report.totals;
  return t.inbound + t.outbound + t.conversationsStarted + t.resolved + t.ratings === 0;
}

/**
 * Analytics (spec §2): period selector, four KPI cards, messages and conversations per day,
 * performance metrics, the per-agent table and the recent activity, all from GET /api/analytics
 * (asked again when the period changes; the previous period's report stays on screen meanwhile).
 */
function AnalyticsScreenView() {
  const [searchParams, setSearchParams] = useSearchParams();
  const period = parsePeriod(searchParams.get(PERIOD_PARAM));
  const query = useGetAnalyticsQuery(period);
  const loading = query.isFetching;
  const error = failureOf(query.error);
  const report = query.data?.report ?? null;
  const reportPeriod = query.data?.period ?? null;
  const reload = () => void query.refetch();

  const choose = (next: AnalyticsPeriod) =>
    setSearchParams(
      (params) => {
        const copy = new URLSearchParams(params);
        if (next === DEFAULT_PERIOD) copy.delete(PERIOD_PARAM);
        else copy.set(PERIOD_PARAM, next);
        return copy;
      },
      { replace: true },
    );

  // The role was lowered since the page opened (the route checks it first).
  if (error?.status === 403) return <AnalyticsForbidden />;

  const shown = report && reportPeriod ? { report, period: reportPeriod } : null;
  const stale = loading && shown !== null && shown.period !== period;
  const subtitle = shown
    ? `Últimos ${periodLabel(shown.period)} (${formatPeriodRange(shown.report.period.from, shown.report.period.to)})`
    : `Últimos ${periodLabel(period)}`;

  return (
    <div className="space-y-6">
      <PageHeader
        title={ANALYTICS_TITLE}
        subtitle={subtitle}
        actions={
          <div className="flex flex-wrap items-center gap-3">
            <p
              role="status"
              className="flex items-center gap-2 text-sm font-medium text-blue-600 dark:text-blue-400"
            >
              {loading ? (
                <>
                  <LoaderCircle aria-hidden className="h-4 w-4 animate-spin" />
                  {shown ? REFRESHING_TEXT : LOADING_TEXT}
                </>
              ) : null}
            </p>
            <PeriodSelector value={period} onChange={choose} />
          </div>
        }
      />
      {error ? <ErrorBox message={error.message} onRetry={reload} /> : null}
      {shown ? (
        <div aria-busy={stale} className={`space-y-6 transition-opacity ${stale ? 'opacity-60' : ''}`}>
          {isEmptyPeriod(shown.report) ? (
            <div className="card flex items-start gap-3 p-5">
              <CalendarRange
                aria-hidden
                className="mt-0.5 h-5 w-5 shrink-0 text-blue-600 dark:text-blue-400"
              />
              <div>
                <h2 className="font-semibold text-slate-900 dark:text-white">{EMPTY_PERIOD_TITLE}</h2>
                <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{EMPTY_PERIOD_HINT}</p>
              </div>
            </div>
          ) : null}
          {/* The gateway always sends `previous`; an answer without it still shows the cards, with no change. */}
          <KpiCards
            totals={shown.report.totals}
            {...(shown.report.previous ? { previous: shown.report.previous.totals } : {})}
          />
          <DailyCharts days={shown.report.perDay} periodDays={shown.report.period.days} />
          <PerformanceMetrics totals={shown.report.totals} />
          <div className="grid grid-cols-1 gap-6 2xl:grid-cols-3">
            <div className="min-w-0 2xl:col-span-2">
              <AgentTable agents={shown.report.perAgent} />
            </div>
            <RecentActivity entries={shown.report.recentActivity} />
          </div>
        </div>
      ) : null}
    </div>
  );
}

export const AnalyticsScreen = withApi(AnalyticsScreenView);
