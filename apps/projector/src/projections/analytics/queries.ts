import type { ProjectionView } from '@atende/events';
import { addDays, dayScore } from './days.js';
import {
  analyticsCollections as c,
  dayDocId,
  workspaceAgentDaysIndex,
  workspaceDaysIndex,
  type AgentDayDoc,
  type DayDoc,
} from './types.js';

/** The period selector of the Analytics screen. */
export type AnalyticsPeriodDays = 7 | 30 | 90;

export interface AnalyticsSummary {
  /** `days` days ending with `to` (= today), both ends included. */
  period: { days: number; from: string; to: string };
  totals: {
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
  };
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
  const range = { min: dayScore(from), max };

  const [dayEntries, agentEntries] = await Promise.all([
    view.range(workspaceDaysIndex(workspaceId), range),
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
  const totals = {
    inbound: 0,
    outbound: 0,
    conversationsStarted: 0,
    resolved: 0,
    firstResponses: 0,
    firstResponseTotalMs: 0,
    responses: 0,
    responseTotalMs: 0,
    ratings: 0,
    ratingTotal: 0,
  };
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
    if (d) for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += d[key];
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
    }))
    .sort(
      (x, y) =>
        y.outbound - x.outbound ||
        y.resolved - x.resolved ||
        (x.agentId < y.agentId ? -1 : x.agentId > y.agentId ? 1 : 0),
    );

  return {
    period: { days, from, to: today },
    totals: {
      inbound: totals.inbound,
      outbound: totals.outbound,
      conversationsStarted: totals.conversationsStarted,
      resolved: totals.resolved,
      avgFirstResponseMs: average(totals.firstResponseTotalMs, totals.firstResponses),
      avgResponseMs: average(totals.responseTotalMs, totals.responses),
      avgRating: averageRating(totals.ratingTotal, totals.ratings),
      ratings: totals.ratings,
    },
    perDay,
    perAgent,
  };
}
