import { z } from 'zod';
import { ok } from './answer.js';

/* GET /api/analytics: the workspace's figures over a period ending today (days in its timezone). */

/** Averages in ms (ratings 1–5); null with nothing to average. */
const averages = {
  avgResponseMs: z.number().nullable(),
  avgFirstResponseMs: z.number().nullable(),
  avgRating: z.number().nullable(),
};

export const analyticsTotalsSchema = z.object({
  inbound: z.number(),
  outbound: z.number(),
  conversationsStarted: z.number(),
  /** Conversations archived (resolved). */
  resolved: z.number(),
  ratings: z.number(),
  /** Ratings with 1…5 stars (index 0 = 1 star). */
  ratingsByScore: z.array(z.number()).length(5),
  ...averages,
});
export type AnalyticsTotals = z.infer<typeof analyticsTotalsSchema>;

export const analyticsDaySchema = z.object({
  /** YYYY-MM-DD in the workspace's timezone. */
  day: z.string(),
  inbound: z.number(),
  outbound: z.number(),
  conversationsStarted: z.number(),
  resolved: z.number(),
});
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

export const analyticsAgentSchema = z.object({
  agentId: z.string(),
  /** The member's name; null when the id is no member of the workspace (any more). */
  name: z.string().nullable(),
  outbound: z.number(),
  resolved: z.number(),
  ratings: z.number(),
  ...averages,
});
export type AnalyticsAgent = z.infer<typeof analyticsAgentSchema>;

export const analyticsActivitySchema = z.object({
  id: z.string(),
  kind: z.enum(['conversation-started', 'conversation-resolved', 'conversation-rated']),
  /** ISO time. */
  at: z.string(),
  customerName: z.string().nullable(),
  agentId: z.string().nullable(),
  agentName: z.string().nullable(),
  rating: z.number().nullable(),
});
export type AnalyticsActivity = z.infer<typeof analyticsActivitySchema>;

/** The answer's fields (the route adds `success`). */
export const analyticsReportSchema = z.object({
  period: z.object({ days: z.number(), from: z.string(), to: z.string() }),
  totals: analyticsTotalsSchema,
  /** The same figures for the `days` days just before the period (for the change shown on the cards). */
  previous: z.object({ from: z.string(), to: z.string(), totals: analyticsTotalsSchema }),
  perDay: z.array(analyticsDaySchema),
  perAgent: z.array(analyticsAgentSchema),
  /** The latest conversations started, resolved and rated (whatever the period), newest first. */
  recentActivity: z.array(analyticsActivitySchema),
});
export type AnalyticsReport = z.infer<typeof analyticsReportSchema>;

/** GET /api/analytics. */
export const analyticsAnswerSchema = ok(analyticsReportSchema.shape);
export type AnalyticsAnswer = z.infer<typeof analyticsAnswerSchema>;
