import { BarChart3, MessagesSquare } from 'lucide-react';
import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsDay } from './analytics-api';
import { formatCount, formatDayLabel, formatDayLong, formatPeriodRange } from './format';
import { EmptyNote, Section } from './Section';
import {
  CONVERSATIONS_CHART_TITLE,
  INBOUND_LABEL,
  MESSAGES_CHART_TITLE,
  NO_CONVERSATIONS_TEXT,
  NO_MESSAGES_TEXT,
  OUTBOUND_LABEL,
  RESOLVED_LABEL,
  STARTED_LABEL,
} from './texts';

/** Height of each chart (its width follows the card). */
export const CHART_HEIGHT_PX = 240;

interface Series {
  key: 'inbound' | 'outbound' | 'conversationsStarted' | 'resolved';
  label: string;
  color: string;
}

const AXIS_TICK = { fill: '#64748b', fontSize: 12 };

/**
 * One bar chart per day of the period. The chart is drawn for the eyes only; a visually hidden
 * table carries the same figures for screen readers, and the caption sums them up.
 */
function DailyBarChart({
  title,
  days,
  series,
  periodDays,
}: {
  title: string;
  days: AnalyticsDay[];
  series: readonly Series[];
  periodDays: number;
}) {
  const summaryId = useId();
  const totals = series.map((s) => ({ ...s, total: days.reduce((sum, d) => sum + d[s.key], 0) }));
  const summary = totals.map((s) => `${s.label}: ${formatCount(s.total)}`).join(' · ');
  const first = days[0]?.day;
  const last = days.at(-1)?.day;
  const range = first && last ? formatPeriodRange(first, last) : '';
  return (
    <figure aria-labelledby={summaryId} className="m-0">
      <figcaption id={summaryId} className="mb-3 text-sm text-slate-500 dark:text-slate-400">
        <span className="sr-only">{`${title}, ${range}. `}</span>
        {summary}
      </figcaption>
      <div aria-hidden style={{ height: CHART_HEIGHT_PX }} className="w-full">
        <ResponsiveContainer width="100%" height={CHART_HEIGHT_PX}>
          <BarChart
            data={days}
            accessibilityLayer={false}
            margin={{ top: 4, right: 8, bottom: 0, left: -16 }}
          >
            <CartesianGrid strokeDasharray="3 3" stroke="#94a3b8" strokeOpacity={0.3} vertical={false} />
            <XAxis
              dataKey="day"
              tickFormatter={(day: string) => formatDayLabel(day, periodDays)}
              tick={AXIS_TICK}
              tickLine={false}
              minTickGap={12}
            />
            <YAxis allowDecimals={false} tick={AXIS_TICK} tickLine={false} axisLine={false} />
            <Tooltip
              labelFormatter={(day) => formatDayLong(String(day))}
              formatter={(value) => formatCount(Number(value))}
              cursor={{ fill: '#94a3b8', fillOpacity: 0.15 }}
            />
            <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
            {series.map((s) => (
              <Bar
                key={s.key}
                dataKey={s.key}
                name={s.label}
                fill={s.color}
                radius={[4, 4, 0, 0]}
                maxBarSize={28}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>{`${title}, ${range}`}</caption>
        <thead>
          <tr>
            <th scope="col">Dia</th>
            {series.map((s) => (
              <th key={s.key} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{formatDayLong(d.day)}</th>
              {series.map((s) => (
                <td key={s.key}>{formatCount(d[s.key])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

const MESSAGE_SERIES: readonly Series[] = [
  { key: 'inbound', label: INBOUND_LABEL, color: '#2563eb' },
  { key: 'outbound', label: OUTBOUND_LABEL, color: '#16a34a' },
];

const CONVERSATION_SERIES: readonly Series[] = [
  { key: 'conversationsStarted', label: STARTED_LABEL, color: '#6366f1' },
  { key: 'resolved', label: RESOLVED_LABEL, color: '#f59e0b' },
];

const hasAny = (days: AnalyticsDay[], series: readonly Series[]) =>
  days.some((d) => series.some((s) => d[s.key] > 0));

/** Messages per day (received vs sent) and conversations per day (started vs resolved). */
export function DailyCharts({ days, periodDays }: { days: AnalyticsDay[]; periodDays: number }) {
  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
      <Section title={MESSAGES_CHART_TITLE} icon={BarChart3}>
        {hasAny(days, MESSAGE_SERIES) ? (
          <DailyBarChart
            title={MESSAGES_CHART_TITLE}
            days={days}
            series={MESSAGE_SERIES}
            periodDays={periodDays}
          />
        ) : (
          <EmptyNote>{NO_MESSAGES_TEXT}</EmptyNote>
        )}
      </Section>
      <Section title={CONVERSATIONS_CHART_TITLE} icon={MessagesSquare}>
        {hasAny(days, CONVERSATION_SERIES) ? (
          <DailyBarChart
            title={CONVERSATIONS_CHART_TITLE}
            days={days}
            series={CONVERSATION_SERIES}
            periodDays={periodDays}
          />
        ) : (
          <EmptyNote>{NO_CONVERSATIONS_TEXT}</EmptyNote>
        )}
      </Section>
    </div>
  );
}
