import { z } from 'zod';
import type { GatewayDeps } from '../http/gateway-deps.js';
import type { RequestContext } from './request-context.js';
export declare const meSchema: z.ZodObject<{
    id: z.ZodString;
    name: z.ZodString;
    email: z.ZodString;
    company: z.ZodString;
    role: z.ZodEnum<{
        Owner: "Owner";
        Admin: "Admin";
        Supervisor: "Supervisor";
        Agente: "Agente";
    }>;
    workspaceId: z.ZodString;
    trialStarted: z.ZodString;
    trialDays: z.ZodNumber;
    trialDaysLeft: z.ZodNumber;
    theme: z.ZodNullable<z.ZodEnum<{
        light: "light";
        dark: "dark";
    }>>;
}, z.core.$strip>;
export type Me = z.infer<typeof meSchema>;
/** The signed-in user as the client shows it (spec §3's stored user record, plus role and trial). */
export declare function describeMe(deps: GatewayDeps, ctx: RequestContext, now?: number): Promise<Me>;
