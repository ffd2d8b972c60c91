import type { GatewayDeps } from '../../http/gateway-deps.js';
import type { RouteDefinition } from '../../http/route.js';

/** The danger zone of the settings: export-then-delete the workspace's data, deactivate the account. */
export function accountRoutes(_deps: GatewayDeps): RouteDefinition[] {
  return [];
}
