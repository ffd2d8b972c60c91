import { z } from 'zod';
import { analyticsAnswerSchema } from '@atende/api-contract';
import { analyticsSummary, listMembers, recentActivity, type AnalyticsPeriodDays } from '@atende/projector';
import type { GatewayDeps } from '../../http/gateway-deps.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import { dayIn, oneOf, requireCtx, workspaceTimezone } from './shared.js';

/** The period selector: 7 dias / 30 dias / 90 dias (spec §2 Analytics). */
export const analyticsPeriods = ['7d', '30d', '90d'] as const;
const PERIOD_DAYS: Record<(typeof analyticsPeriods)[number], AnalyticsPeriodDays> = {
  '7d': 7,
  '30d': 30,
  '90d': 90,
};

/** How many recent-activity entries the answer carries. */
export const ANALYTICS_ACTIVITY_LIMIT = 10;

/** GET /api/analytics's answer: the contract's report (shared with the web client). */
/** Analytics: the workspace's figures over a period ending today (days in the workspace timezone). */
export function analyticsRoutes(deps: GatewayDeps): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/analytics',
      rateLimit: { perMinute: 30 },
      summary:
        'Figures of the last 7, 30 or 90 days (today included) and of the period before, per day and per agent, plus the recent activity',
      tag: 'analytics',
      auth: 'analytics:read',
      query: z.strictObject({ period: oneOf(analyticsPeriods).default('7d') }),
      response: analyticsAnswerSchema,
      handler: async ({ query }, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        const today = dayIn(await workspaceTimezone(deps, ctx.workspaceId));
        const view = deps.readModels.view('analytics');
        const [summary, activity, members] = await Promise.all([
          analyticsSummary(view, ctx.workspaceId, { days: PERIOD_DAYS[query.period], today }),
          recentActivity(view, ctx.workspaceId, ANALYTICS_ACTIVITY_LIMIT),
          listMembers(deps.readModels.view('members'), ctx.workspaceId),
        ]);
        const names = new Map(members.map((m) => [m.userId, m.name]));
        const nameOf = (id: string | null) => (id === null ? null : (names.get(id) ?? null));
        return {
          success: true,
          period: summary.period,
          totals: summary.totals,
          previous: summary.previous,
          perDay: summary.perDay,
          perAgent: summary.perAgent.map((a) => ({ ...a, name: nameOf(a.agentId) })),
          recentActivity: activity.map((e) => ({
            id: String(e.position),
            kind: e.kind,
            at: e.at,
            customerName: e.customerName,
            agentId: e.userId,
            agentName: nameOf(e.userId),
            rating: e.rating,
          })),
        };
      },
    }),
  ];
}
