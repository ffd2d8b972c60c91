import { z } from 'zod';
import type { GatewayDeps } from '../../http/gateway-deps.js';
import { type RouteDefinition } from '../../http/route.js';
/** A reply suggestion (spec §3 AI suggestion), plus where it came from. */
export declare const suggestionSchema: z.ZodObject<{
    id: z.ZodString;
    text: z.ZodString;
    category: z.ZodEnum<{
        greeting: "greeting";
        support: "support";
        product: "product";
        other: "other";
    }>;
    categoryLabel: z.ZodString;
    confidence: z.ZodNumber;
    source: z.ZodEnum<{
        canned: "canned";
        history: "history";
    }>;
}, z.core.$strip>;
export type SuggestionView = z.infer<typeof suggestionSchema>;
/**
 * Reply suggestions for a conversation (spec §4 AI suggestions), ranked on the server from the
 * team's canned replies and the workspace's own past answers to similar customer messages.
 */
export declare function suggestionRoutes(deps: GatewayDeps): RouteDefinition[];
