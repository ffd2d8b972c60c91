import { z } from 'zod';
import type { GatewayDeps } from '../../http/gateway-deps.js';
import { type RouteDefinition } from '../../http/route.js';
export declare const EMAIL_SENT_MESSAGE = "Email enviado com sucesso!";
export declare const EMAIL_DELETED_MESSAGE = "Email exclu\u00EDdo com sucesso!";
export declare const emailSchema: z.ZodObject<{
    id: z.ZodString;
    direction: z.ZodEnum<{
        sent: "sent";
        received: "received";
    }>;
    sender: z.ZodString;
    senderName: z.ZodString;
    authorId: z.ZodNullable<z.ZodString>;
    to: z.ZodArray<z.ZodString>;
    cc: z.ZodArray<z.ZodString>;
    subject: z.ZodString;
    preview: z.ZodString;
    content: z.ZodString;
    timestamp: z.ZodString;
    isUnread: z.ZodBoolean;
    hasAttachments: z.ZodBoolean;
    priority: z.ZodEnum<{
        high: "high";
        medium: "medium";
        low: "low";
    }>;
    kind: z.ZodEnum<{
        new: "new";
        reply: "reply";
        reply_all: "reply_all";
        forward: "forward";
    }>;
    inReplyTo: z.ZodNullable<z.ZodString>;
}, z.core.$strip>;
export type EmailView = z.infer<typeof emailSchema>;
/** Emails: the workspace's mailbox (spec §2 Email modals, §3 Email, §5). */
export declare function emailsRoutes(deps: GatewayDeps): RouteDefinition[];
