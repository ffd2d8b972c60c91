import type { Express } from 'express';
import type { GatewayDeps } from './gateway-deps.js';
import type { RouteDefinition } from './route.js';
/**
 * Registers routes: validate params, query and body (unknown fields refused), resolve the member
 * from the session, check the permission, run the handler, answer JSON. Errors go to the error handler.
 */
export declare function mountRoutes(app: Express, routes: readonly RouteDefinition[], deps: GatewayDeps): void;
