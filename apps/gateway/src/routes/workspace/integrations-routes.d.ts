import { z } from 'zod';
import type { GatewayDeps } from '../../http/gateway-deps.js';
import { type RouteDefinition } from '../../http/route.js';
export declare const INTEGRATION_NOT_FOUND_MESSAGE = "Integra\u00E7\u00E3o n\u00E3o encontrada";
export declare const INTEGRATION_SAVED_MESSAGE = "Configura\u00E7\u00E3o salva com sucesso!";
export declare const INTEGRATION_DISCONNECTED_MESSAGE = "Integra\u00E7\u00E3o desconectada";
/** What a secret shows instead of its value. */
export declare const SECRET_MASK = "\u2022\u2022\u2022\u2022";
/** '••••' plus the last 4 characters (only for secrets long enough that 4 characters reveal little). */
export declare function maskSecret(value: string): string;
export declare const integrationCardSchema: z.ZodObject<{
    type: z.ZodEnum<{
        email: "email";
        whatsapp: "whatsapp";
        website: "website";
        telegram: "telegram";
        messenger: "messenger";
        instagram: "instagram";
    }>;
    name: z.ZodString;
    status: z.ZodEnum<{
        connected: "connected";
        disconnected: "disconnected";
    }>;
    configFields: z.ZodArray<z.ZodString>;
    config: z.ZodRecord<z.ZodString, z.ZodString>;
    secretFields: z.ZodArray<z.ZodString>;
    connectedAt: z.ZodNullable<z.ZodString>;
    lastSync: z.ZodNullable<z.ZodString>;
}, z.core.$strip>;
export type IntegrationCard = z.infer<typeof integrationCardSchema>;
/** Integrações: the six channel cards (spec §2 Integrations, §3 Integration card). */
export declare function integrationsRoutes(deps: GatewayDeps): RouteDefinition[];
