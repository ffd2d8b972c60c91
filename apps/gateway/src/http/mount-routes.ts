import type { Express, Request, Response } from 'express';
import { atendeRegistry, newId, streams } from '@atende/events';
import { authenticate } from '../auth/authenticate.js';
import { can } from '../auth/permissions.js';
import type { RequestContext } from '../auth/request-context.js';
import { forbidden, unauthenticated } from './errors.js';
import type { GatewayDeps } from './gateway-deps.js';
import type { RouteDefinition } from './route.js';

/** Records a refused command (who, what, when) in the workspace's audit stream. */
async function recordDenied(
  deps: GatewayDeps,
  ctx: RequestContext,
  permission: string,
  req: Request,
): Promise<void> {
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
}

/**
 * Registers routes: validate params, query and body (unknown fields refused), resolve the member
 * from the session, check the permission, run the handler, answer JSON. Errors go to the error handler.
 */
export function mountRoutes(app: Express, routes: readonly RouteDefinition[], deps: GatewayDeps): void {
  for (const route of routes) {
    app[route.method](route.path, async (req: Request, res: Response) => {
      // Who first (401/403), then what (400): an anonymous caller learns nothing about the input rules.
      const ctx = await authenticate(deps, req, res);
      if (route.auth !== 'public') {
        if (!ctx) throw unauthenticated();
        if (route.auth !== 'session' && !can(ctx.role, route.auth)) {
          await recordDenied(deps, ctx, route.auth, req);
          throw forbidden();
        }
      }
      const params = route.params ? route.params.parse(req.params) : undefined;
      const query = route.query ? route.query.parse(req.query) : undefined;
      const body = route.body ? route.body.parse(req.body ?? {}) : undefined;
      const result = await route.handler({ params, query, body, req, res } as never, ctx);
      if (!res.headersSent) res.status(route.status ?? 200).json(result);
    });
  }
}
