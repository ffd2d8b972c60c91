import type { GatewayDeps } from '../../http/gateway-deps.js';
import { type RouteDefinition } from '../../http/route.js';
export declare const ASSIGNEE_INVALID_MESSAGE = "O respons\u00E1vel deve ser um membro ativo da equipe";
/** Conversation actions the spec kept local (read, pin, archive, assign, transfer, rate) and the stats. */
export declare function conversationRoutes(deps: GatewayDeps): RouteDefinition[];
