import { Gauge, Star } from 'lucide-react';
import { useId } from 'react';
import type { AnalyticsTotals } from './analytics-api';
import { formatCount, formatDuration, formatRate, formatRating, ratingsCountText, starsText } from './format';
import { EmptyNote, Section } from './Section';
import {
  AVG_RATING_LABEL,
  FIRST_RESPONSE_LABEL,
  NO_RATINGS_TEXT,
  NO_RESPONSES_TEXT,
  PERFORMANCE_TITLE,
  RATINGS_DISTRIBUTION_LABEL,
  RESOLUTION_RATE_HINT,
  RESOLUTION_RATE_LABEL,
  RESOLVED_COUNT_LABEL,
  RESPONSE_LABEL,
} from './texts';

function Metric({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60">
      <dt className="text-sm font-medium text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums dark:text-white">{value}</dd>
      {hint ? <dd className="mt-1 text-xs text-slate-500 dark:text-slate-400">{hint}</dd> : null}
    </div>
  );
}

/** The 1–5 distribution as labelled bars (a list, so each line reads in full). */
function RatingsDistribution({ byScore, count }: { byScore: number[]; count: number }) {
  const headingId = useId();
  return (
    <div>
      <h3 id={headingId} className="mb-2 text-sm font-medium text-slate-500 dark:text-slate-400">
        {RATINGS_DISTRIBUTION_LABEL}
      </h3>
      <ul aria-labelledby={headingId} className="space-y-1.5">
        {[5, 4, 3, 2, 1].map((stars) => {
          const n = byScore[stars - 1] ?? 0;
          const share = count > 0 ? n / count : 0;
          return (
            <li
              key={stars}
              aria-label={`${starsText(stars)}: ${ratingsCountText(n)} (${formatRate(n, count)})`}
              className="flex items-center gap-3 text-sm"
            >
              <span
                aria-hidden
                className="flex w-10 shrink-0 items-center gap-1 text-slate-600 dark:text-slate-300"
              >
                {stars}
                <Star className="h-3.5 w-3.5 fill-amber-400 text-amber-400" />
              </span>
              <span
                aria-hidden
                className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
              >
                <span
                  className="block h-full rounded-full bg-amber-400"
                  style={{ width: `${Math.round(share * 100)}%` }}
                />
              </span>
              <span
                aria-hidden
                className="w-8 shrink-0 text-right text-slate-600 tabular-nums dark:text-slate-300"
              >
                {formatCount(n)}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Response times, resolution and ratings of the period (spec §2 "performance metrics"). */
export function PerformanceMetrics({ totals }: { totals: AnalyticsTotals }) {
  const byScore = totals.ratingsByScore ?? [];
  return (
    <Section title={PERFORMANCE_TITLE} icon={Gauge}>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Metric
            label={FIRST_RESPONSE_LABEL}
            value={formatDuration(totals.avgFirstResponseMs)}
            {...(totals.avgFirstResponseMs === null ? { hint: NO_RESPONSES_TEXT } : {})}
          />
          <Metric
            label={RESPONSE_LABEL}
            value={formatDuration(totals.avgResponseMs)}
            {...(totals.avgResponseMs === null ? { hint: NO_RESPONSES_TEXT } : {})}
          />
          <Metric label={RESOLVED_COUNT_LABEL} value={formatCount(totals.resolved)} />
          <Metric
            label={RESOLUTION_RATE_LABEL}
            value={formatRate(totals.resolved, totals.conversationsStarted)}
            hint={RESOLUTION_RATE_HINT}
          />
        </dl>
        <div className="space-y-4">
          <dl>
            <Metric
              label={AVG_RATING_LABEL}
              value={totals.avgRating === null ? formatRating(null) : `${formatRating(totals.avgRating)} / 5`}
              hint={ratingsCountText(totals.ratings)}
            />
          </dl>
          {totals.ratings > 0 ? (
            <RatingsDistribution byScore={byScore} count={totals.ratings} />
          ) : (
            <EmptyNote>{NO_RATINGS_TEXT}</EmptyNote>
          )}
        </div>
      </div>
    </Section>
  );
}
