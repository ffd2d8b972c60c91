import type { Request } from 'express';
import type { Permission } from '../auth/permissions.js';
import type { RequestContext } from '../auth/request-context.js';
import { AuditBursts } from './audit-bursts.js';
import { forbidden } from './errors.js';
import type { GatewayDeps } from './gateway-deps.js';

/** One burst-keeper per gateway (per deps). */
const bursts = new WeakMap<GatewayDeps, AuditBursts>();
export function auditBurstsOf(deps: GatewayDeps): AuditBursts {
  let found = bursts.get(deps);
  if (!found) bursts.set(deps, (found = new AuditBursts(deps.store, deps.logger, deps.auditBurstWindowMs)));
  return found;
}

/**
 * Refuses a request: records who asked for what, and when, in the workspace's audit stream
 * (AccessDenied; a burst of refusals on one route is one record plus a count, see AuditBursts), then
 * answers 403. Used by the route table and by finer rules inside handlers.
 */
export async function denyAccess(
  deps: GatewayDeps,
  ctx: RequestContext,
  permission: Permission,
  req: Request,
): Promise<never> {
  const path = req.originalUrl.split('?')[0]!.slice(0, 500);
  await auditBurstsOf(deps).refused({
    workspaceId: ctx.workspaceId,
    userId: ctx.userId,
    role: ctx.role,
    permission,
    method: req.method,
    path,
    route: (req.route as { path?: string } | undefined)?.path ?? path,
    requestId: ctx.requestId,
  });
  throw forbidden();
}
