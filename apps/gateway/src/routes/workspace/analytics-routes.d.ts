import { z } from 'zod';
import type { GatewayDeps } from '../../http/gateway-deps.js';
import { type RouteDefinition } from '../../http/route.js';
/** The period selector: 7 dias / 30 dias / 90 dias (spec §2 Analytics). */
export declare const analyticsPeriods: readonly ["7d", "30d", "90d"];
export declare const analyticsResponseSchema: z.ZodObject<{
    success: z.ZodLiteral<true>;
    period: z.ZodObject<{
        days: z.ZodNumber;
        from: z.ZodString;
        to: z.ZodString;
    }, z.core.$strip>;
    totals: z.ZodObject<{
        avgResponseMs: z.ZodNullable<z.ZodNumber>;
        avgFirstResponseMs: z.ZodNullable<z.ZodNumber>;
        avgRating: z.ZodNullable<z.ZodNumber>;
        inbound: z.ZodNumber;
        outbound: z.ZodNumber;
        conversationsStarted: z.ZodNumber;
        resolved: z.ZodNumber;
        ratings: z.ZodNumber;
    }, z.core.$strip>;
    perDay: z.ZodArray<z.ZodObject<{
        day: z.ZodString;
        inbound: z.ZodNumber;
        outbound: z.ZodNumber;
        conversationsStarted: z.ZodNumber;
        resolved: z.ZodNumber;
    }, z.core.$strip>>;
    perAgent: z.ZodArray<z.ZodObject<{
        avgResponseMs: z.ZodNullable<z.ZodNumber>;
        avgFirstResponseMs: z.ZodNullable<z.ZodNumber>;
        avgRating: z.ZodNullable<z.ZodNumber>;
        agentId: z.ZodString;
        outbound: z.ZodNumber;
        resolved: z.ZodNumber;
    }, z.core.$strip>>;
}, z.core.$strip>;
/** Analytics: the workspace's figures over a period ending today (days in the workspace timezone). */
export declare function analyticsRoutes(deps: GatewayDeps): RouteDefinition[];
