import type { GatewayDeps } from '../http/gateway-deps.js';
import type { RouteDefinition } from '../http/route.js';
import { authRoutes } from './auth-routes.js';

/** Every API call of the gateway, in documentation order. */
export function apiRoutes(deps: GatewayDeps): RouteDefinition[] {
  return [...authRoutes(deps)];
}
