import type { GatewayDeps } from '../http/gateway-deps.js';
import { type RouteDefinition } from '../http/route.js';
export declare const INVALID_EMAIL = "Email inv\u00E1lido";
/** Unknown e-mail and wrong password answer the same (no account enumeration). */
export declare const INVALID_CREDENTIALS = "Usu\u00E1rio n\u00E3o encontrado ou senha incorreta";
export declare const GOOGLE_LOGIN_ERROR = "Erro ao fazer login com Google";
export declare const USER_NOT_FOUND = "Usu\u00E1rio n\u00E3o encontrado";
export declare function authRoutes(deps: GatewayDeps): RouteDefinition[];
