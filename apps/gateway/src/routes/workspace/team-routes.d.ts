import { z } from 'zod';
import type { GatewayDeps } from '../../http/gateway-deps.js';
import { type RouteDefinition } from '../../http/route.js';
export declare const INVALID_MEMBER_EMAIL = "Email inv\u00E1lido";
export declare const MEMBER_EXISTS_MESSAGE = "Membro j\u00E1 faz parte da equipe";
export declare const EMAIL_IN_USE_MESSAGE = "Este email j\u00E1 est\u00E1 em uso";
export declare const CANNOT_CHANGE_OWN_ROLE = "Voc\u00EA n\u00E3o pode alterar a sua pr\u00F3pria fun\u00E7\u00E3o";
export declare const CANNOT_DEACTIVATE_SELF = "Voc\u00EA n\u00E3o pode desativar a sua pr\u00F3pria conta";
export declare const CANNOT_REMOVE_SELF = "Voc\u00EA n\u00E3o pode remover a si mesmo da equipe";
export declare const MEMBER_ADDED_MESSAGE = "Membro adicionado com sucesso!";
export declare const MEMBER_UPDATED_MESSAGE = "Membro atualizado com sucesso!";
export declare const MEMBER_REMOVED_MESSAGE = "Membro removido com sucesso!";
export declare const teamMemberSchema: z.ZodObject<{
    id: z.ZodString;
    name: z.ZodString;
    email: z.ZodString;
    role: z.ZodEnum<{
        Owner: "Owner";
        Admin: "Admin";
        Supervisor: "Supervisor";
        Agente: "Agente";
    }>;
    status: z.ZodEnum<{
        active: "active";
        inactive: "inactive";
    }>;
    lastActive: z.ZodNullable<z.ZodString>;
    joinedAt: z.ZodString;
}, z.core.$strip>;
export type TeamMember = z.infer<typeof teamMemberSchema>;
/** Equipe: members of the workspace (spec §2 Team, §3 Team member, §6). */
export declare function teamRoutes(deps: GatewayDeps): RouteDefinition[];
