import {
  ArrowDownRight,
  ArrowUpRight,
  Clock,
  MessageCircle,
  Minus,
  MessagesSquare,
  Send,
  type LucideIcon,
} from 'lucide-react';
import { useId } from 'react';
import type { AnalyticsTotals } from './analytics-api';
import { formatChange, formatCount, formatDuration, type Trend } from './format';
import { KPI_TITLES } from './texts';

type KpiKey = keyof typeof KPI_TITLES;

interface KpiSpec {
  key: KpiKey;
  icon: LucideIcon;
  tone: string;
  format: (value: number | null) => string;
  /** A time: going down is the good direction. */
  lowerIsBetter?: boolean;
}

const KPIS: readonly KpiSpec[] = [
  {
    key: 'inbound',
    icon: MessageCircle,
    tone: 'bg-blue-50 text-blue-600 dark:bg-blue-950 dark:text-blue-300',
    format: (v) => formatCount(v ?? 0),
  },
  {
    key: 'outbound',
    icon: Send,
    tone: 'bg-green-50 text-green-600 dark:bg-green-950 dark:text-green-300',
    format: (v) => formatCount(v ?? 0),
  },
  {
    key: 'conversationsStarted',
    icon: MessagesSquare,
    tone: 'bg-indigo-50 text-indigo-600 dark:bg-indigo-950 dark:text-indigo-300',
    format: (v) => formatCount(v ?? 0),
  },
  {
    key: 'avgFirstResponseMs',
    icon: Clock,
    tone: 'bg-amber-50 text-amber-600 dark:bg-amber-950 dark:text-amber-300',
    format: formatDuration,
    lowerIsBetter: true,
  },
];

function trendTone(trend: Trend, lowerIsBetter: boolean): string {
  if (trend !== 'up' && trend !== 'down') return 'text-slate-500 dark:text-slate-400';
  const good = (trend === 'down') === lowerIsBetter;
  return good ? 'text-green-600 dark:text-green-400' : 'text-red-600 dark:text-red-400';
}

function KpiCard({
  spec,
  value,
  previous,
}: {
  spec: KpiSpec;
  value: number | null;
  previous: number | null | undefined;
}) {
  const titleId = useId();
  const change = formatChange(value, previous);
  const Icon = spec.icon;
  const TrendIcon = change.trend === 'up' ? ArrowUpRight : change.trend === 'down' ? ArrowDownRight : Minus;
  return (
    <div role="group" aria-labelledby={titleId} className="card flex items-start justify-between gap-4 p-5">
      <div className="min-w-0">
        <p id={titleId} className="text-sm font-medium text-slate-500 dark:text-slate-400">
          {KPI_TITLES[spec.key]}
        </p>
        <p
          data-testid={`kpi-${spec.key}`}
          className="mt-1 text-3xl font-bold text-slate-900 tabular-nums dark:text-white"
        >
          {spec.format(value)}
        </p>
        {change.text ? (
          <p
            className={`mt-1 flex items-center gap-1 text-xs font-medium ${trendTone(change.trend, spec.lowerIsBetter ?? false)}`}
          >
            <TrendIcon aria-hidden className="h-3.5 w-3.5 shrink-0" />
            {change.text}
          </p>
        ) : null}
      </div>
      <span className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-xl ${spec.tone}`}>
        <Icon aria-hidden className="h-5 w-5" />
      </span>
    </div>
  );
}

/** The four KPI cards, with the change versus the previous period when the server gives it. */
export function KpiCards({ totals, previous }: { totals: AnalyticsTotals; previous?: AnalyticsTotals }) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {KPIS.map((spec) => (
        <KpiCard
          key={spec.key}
          spec={spec}
          value={totals[spec.key]}
          previous={previous ? previous[spec.key] : undefined}
        />
      ))}
    </div>
  );
}
