import type { ProjectionView } from '@atende/events';
import { addDays, dayScore } from './days.js';
import {
  RECENT_ACTIVITY_LIMIT,
  analyticsCollections as c,
  dayDocId,
  workspaceAgentDaysIndex,
  workspaceDaysIndex,
  type ActivityDoc,
  type ActivityEntry,
  type AgentDayDoc,
  type DayDoc,
} from './types.js';

/** The period selector of the Analytics screen. */
export type AnalyticsPeriodDays = 7 | 30 | 90;

export interface AnalyticsTotals {
  inbound: number;
  outbound: number;
  conversationsStarted: number;
  resolved: number;
  /** Averages in ms (rounded); null with nothing to average. */
  avgFirstResponseMs: number | null;
  avgResponseMs: number | null;
  /** 1–5, two decimals; null without ratings. */
  avgRating: number | null;
  ratings: number;
  /** Ratings with 1, 2, 3, 4 and 5 stars (index 0 = 1 star). */
  ratingsByScore: number[];
}

export interface AnalyticsSummary {
  /** `days` days ending with `to` (= today), both ends included. */
  period: { days: number; from: string; to: string };
  totals: AnalyticsTotals;
  /** The `days` days just before the period, for the change versus the previous period. */
  previous: { from: string; to: string; totals: AnalyticsTotals };
  /** Every day of the period, ascending (zeros for days without figures). */
  perDay: {
    day: string;
    inbound: number;
    outbound: number;
    conversationsStarted: number;
    resolved: number;
  }[];
  /** Agents with figures in the period: most messages sent first, then most resolved, then by id. */
  perAgent: {
    agentId: string;
    outbound: number;
    resolved: number;
    avgResponseMs: number | null;
    avgFirstResponseMs: number | null;
    avgRating: number | null;
    ratings: number;
  }[];
}

function average(total: number, count: number): number | null {
  return count > 0 ? Math.round(total / count) : null;
}

function averageRating(total: number, count: number): number | null {
  return count > 0 ? Math.round((total / count) * 100) / 100 : null;
}

function present<T>(docs: (T | undefined)[]): T[] {
  return docs.filter((d): d is T => d !== undefined);
}

const SUMMED = [
  'inbound',
  'outbound',
  'conversationsStarted',
  'resolved',
  'firstResponses',
  'firstResponseTotalMs',
  'responses',
  'responseTotalMs',
  'ratings',
  'ratingTotal',
] as const;

/** The totals of some days' documents. */
function totalsOf(days: readonly DayDoc[]): AnalyticsTotals {
  const sum = Object.fromEntries(SUMMED.map((key) => [key, 0])) as Record<(typeof SUMMED)[number], number>;
  const ratingsByScore = [0, 0, 0, 0, 0];
  for (const d of days) {
    for (const key of SUMMED) sum[key] += d[key];
    // Documents written before the distribution existed lack it (a replay fills it in).
    const scores = d.ratingsByScore ?? [];
    for (let i = 0; i < ratingsByScore.length; i += 1)
      ratingsByScore[i] = ratingsByScore[i]! + (scores[i] ?? 0);
  }
  return {
    inbound: sum.inbound,
    outbound: sum.outbound,
    conversationsStarted: sum.conversationsStarted,
    resolved: sum.resolved,
    avgFirstResponseMs: average(sum.firstResponseTotalMs, sum.firstResponses),
    avgResponseMs: average(sum.responseTotalMs, sum.responses),
    avgRating: averageRating(sum.ratingTotal, sum.ratings),
    ratings: sum.ratings,
    ratingsByScore,
  };
}

/**
 * Figures of the `days` days ending with `today` (YYYY-MM-DD in the workspace's timezone, which the
 * caller computes from the clock: the projection itself has none).
 */
export async function analyticsSummary(
  view: ProjectionView,
  workspaceId: string,
  options: { days: AnalyticsPeriodDays; today: string },
): Promise<AnalyticsSummary> {
  const { days, today } = options;
  if (!Number.isInteger(days) || days < 1) throw new RangeError(`Invalid period: ${days} days`);
  const max = dayScore(today);
  if (Number.isNaN(max)) throw new RangeError(`Invalid day: ${today}`);
  const from = addDays(today, -(days - 1));
  const previousFrom = addDays(from, -days);
  const previousTo = addDays(from, -1);
  const range = { min: dayScore(from), max };

  const [dayEntries, agentEntries] = await Promise.all([
    // The previous period too, for the comparison.
    view.range(workspaceDaysIndex(workspaceId), { min: dayScore(previousFrom), max }),
    view.range(workspaceAgentDaysIndex(workspaceId), range),
  ]);
  const [dayDocs, agentDocs] = await Promise.all([
    view.getMany<DayDoc>(
      c.day,
      dayEntries.map((e) => dayDocId(workspaceId, e.id)),
    ),
    view.getMany<AgentDayDoc>(
      c.agentDay,
      agentEntries.map((e) => `${workspaceId}:${e.id}`),
    ),
  ]);

  const byDay = new Map(present(dayDocs).map((d) => [d.day, d]));
  const inPeriod: DayDoc[] = [];
  const beforePeriod: DayDoc[] = [];
  for (const d of byDay.values()) (d.day < from ? beforePeriod : inPeriod).push(d);
  const perDay: AnalyticsSummary['perDay'] = [];
  for (let i = 0; i < days; i += 1) {
    const day = addDays(from, i);
    const d = byDay.get(day);
    perDay.push({
      day,
      inbound: d?.inbound ?? 0,
      outbound: d?.outbound ?? 0,
      conversationsStarted: d?.conversationsStarted ?? 0,
      resolved: d?.resolved ?? 0,
    });
  }

  const agents = new Map<string, Omit<AgentDayDoc, 'workspaceId' | 'day'>>();
  for (const a of present(agentDocs)) {
    const sum = agents.get(a.agentId);
    if (!sum) {
      const { workspaceId: _ws, day: _day, ...figures } = a;
      agents.set(a.agentId, figures);
      continue;
    }
    sum.outbound += a.outbound;
    sum.firstResponses += a.firstResponses;
    sum.firstResponseTotalMs += a.firstResponseTotalMs;
    sum.responses += a.responses;
    sum.responseTotalMs += a.responseTotalMs;
    sum.resolved += a.resolved;
    sum.ratings += a.ratings;
    sum.ratingTotal += a.ratingTotal;
  }
  const perAgent = [...agents.values()]
    .map((a) => ({
      agentId: a.agentId,
      outbound: a.outbound,
      resolved: a.resolved,
      avgResponseMs: average(a.responseTotalMs, a.responses),
      avgFirstResponseMs: average(a.firstResponseTotalMs, a.firstResponses),
      avgRating: averageRating(a.ratingTotal, a.ratings),
      ratings: a.ratings,
    }))
    .sort(
      (x, y) =>
        y.outbound - x.outbound ||
        y.resolved - x.resolved ||
        (x.agentId < y.agentId ? -1 : x.agentId > y.agentId ? 1 : 0),
    );

  return {
    period: { days, from, to: today },
    totals: totalsOf(inPeriod),
    previous: { from: previousFrom, to: previousTo, totals: totalsOf(beforePeriod) },
    perDay,
    perAgent,
  };
}

/** The workspace's latest activity (conversations started, resolved, rated), newest first. */
export async function recentActivity(
  view: ProjectionView,
  workspaceId: string,
  limit: number = RECENT_ACTIVITY_LIMIT,
): Promise<ActivityEntry[]> {
  const doc = await view.get<ActivityDoc>(c.activity, workspaceId);
  return (doc?.entries ?? []).slice(0, limit);
}
