import type { GatewayDeps } from '../http/gateway-deps.js';
import type { RouteDefinition } from '../http/route.js';
/** Every API call of the gateway, in documentation order. */
export declare function apiRoutes(deps: GatewayDeps): RouteDefinition[];
