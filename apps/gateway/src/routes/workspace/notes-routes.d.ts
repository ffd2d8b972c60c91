import { z } from 'zod';
import type { GatewayDeps } from '../../http/gateway-deps.js';
import { type RouteDefinition } from '../../http/route.js';
export declare const NOTE_SAVED_MESSAGE = "Anota\u00E7\u00E3o salva com sucesso!";
export declare const NOTE_UPDATED_MESSAGE = "Anota\u00E7\u00E3o atualizada com sucesso!";
export declare const REMINDER_SET_MESSAGE = "Lembrete definido com sucesso!";
export declare const REMINDER_CLEARED_MESSAGE = "Lembrete removido com sucesso!";
export declare const TAGS_UPDATED_MESSAGE = "Tags atualizadas com sucesso!";
export declare const NOTE_DELETED_MESSAGE = "Anota\u00E7\u00E3o exclu\u00EDda com sucesso!";
export declare const noteSchema: z.ZodObject<{
    id: z.ZodString;
    authorId: z.ZodString;
    title: z.ZodString;
    content: z.ZodString;
    createdAt: z.ZodString;
    updatedAt: z.ZodString;
    reminder: z.ZodNullable<z.ZodString>;
    isPinned: z.ZodBoolean;
    tags: z.ZodArray<z.ZodString>;
}, z.core.$strip>;
export type NoteView = z.infer<typeof noteSchema>;
/** Anotações: the workspace's notes (spec §2 Note modals, §3 Note, §4, §5). */
export declare function notesRoutes(deps: GatewayDeps): RouteDefinition[];
