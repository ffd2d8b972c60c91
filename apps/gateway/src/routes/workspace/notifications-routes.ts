import type { GatewayDeps } from '../../http/gateway-deps.js';
import type { RouteDefinition } from '../../http/route.js';

/** In-app notifications of the signed-in user (note reminders that are due). */
export function notificationsRoutes(_deps: GatewayDeps): RouteDefinition[] {
  return [];
}
