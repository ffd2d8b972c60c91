import type { Request } from 'express';
import { atendeRegistry, newId, streams } from '@atende/events';
import type { Permission } from '../auth/permissions.js';
import type { RequestContext } from '../auth/request-context.js';
import { forbidden } from './errors.js';
import type { GatewayDeps } from './gateway-deps.js';

/**
 * Refuses a request: records who asked for what, and when, in the workspace's audit stream
 * (AccessDenied), then answers 403. Used by the route table and by finer rules inside handlers.
 */
export async function denyAccess(
  deps: GatewayDeps,
  ctx: RequestContext,
  permission: Permission,
  req: Request,
): Promise<never> {
  const event = atendeRegistry.prepare(
    {
      type: 'AccessDenied',
      data: {
        userId: ctx.userId,
        role: ctx.role,
        permission,
        method: req.method,
        path: req.originalUrl.split('?')[0]!.slice(0, 500),
      },
    },
    { workspaceId: ctx.workspaceId, actorId: ctx.userId, correlationId: ctx.requestId || newId() },
  );
  await deps.store.appendToStream(streams.audit(ctx.workspaceId), [event]);
  throw forbidden();
}
