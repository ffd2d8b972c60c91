import type { Request } from 'express';
import type { Permission } from '../auth/permissions.js';
import type { RequestContext } from '../auth/request-context.js';
import type { GatewayDeps } from './gateway-deps.js';
/**
 * Refuses a request: records who asked for what, and when, in the workspace's audit stream
 * (AccessDenied), then answers 403. Used by the route table and by finer rules inside handlers.
 */
export declare function denyAccess(deps: GatewayDeps, ctx: RequestContext, permission: Permission, req: Request): Promise<never>;
