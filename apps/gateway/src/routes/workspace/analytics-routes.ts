import { z } from 'zod';
import { analyticsSummary, type AnalyticsPeriodDays } from '@atende/projector';
import type { GatewayDeps } from '../../http/gateway-deps.js';
import { defineRoute, ok, type RouteDefinition } from '../../http/route.js';
import { dayIn, oneOf, requireCtx, workspaceTimezone } from './shared.js';

/** The period selector: 7 dias / 30 dias / 90 dias (spec §2 Analytics). */
export const analyticsPeriods = ['7d', '30d', '90d'] as const;
const PERIOD_DAYS: Record<(typeof analyticsPeriods)[number], AnalyticsPeriodDays> = {
  '7d': 7,
  '30d': 30,
  '90d': 90,
};

const averages = {
  avgResponseMs: z.number().nullable(),
  avgFirstResponseMs: z.number().nullable(),
  avgRating: z.number().nullable(),
};

export const analyticsResponseSchema = ok({
  period: z.object({ days: z.number(), from: z.string(), to: z.string() }),
  totals: z.object({
    inbound: z.number(),
    outbound: z.number(),
    conversationsStarted: z.number(),
    resolved: z.number(),
    ratings: z.number(),
    ...averages,
  }),
  perDay: z.array(
    z.object({
      day: z.string(),
      inbound: z.number(),
      outbound: z.number(),
      conversationsStarted: z.number(),
      resolved: z.number(),
    }),
  ),
  perAgent: z.array(
    z.object({ agentId: z.string(), outbound: z.number(), resolved: z.number(), ...averages }),
  ),
});

/** Analytics: the workspace's figures over a period ending today (days in the workspace timezone). */
export function analyticsRoutes(deps: GatewayDeps): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/analytics',
      summary: 'Figures of the last 7, 30 or 90 days (today included), per day and per agent',
      tag: 'analytics',
      auth: 'analytics:read',
      query: z.strictObject({ period: oneOf(analyticsPeriods).default('7d') }),
      response: analyticsResponseSchema,
      handler: async ({ query }, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        const today = dayIn(await workspaceTimezone(deps, ctx.workspaceId));
        const summary = await analyticsSummary(deps.readModels.view('analytics'), ctx.workspaceId, {
          days: PERIOD_DAYS[query.period],
          today,
        });
        return { success: true, ...summary };
      },
    }),
  ];
}
