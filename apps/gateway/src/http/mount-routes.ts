import type { Express, Request, Response } from 'express';
import { z } from 'zod';
import { authenticate } from '../auth/authenticate.js';
import { can } from '../auth/permissions.js';
import { TWO_FACTOR_ENROLMENT_MESSAGE, enrolmentPending } from '../auth/second-factor.js';
import { checkAnswer } from './answer-check.js';
import { HttpError, unauthenticated } from './errors.js';
import { denyAccess } from './deny-access.js';
import { memberLimiter } from './member-rate-limit.js';
import type { GatewayDeps } from './gateway-deps.js';
import type { RouteDefinition } from './route.js';

/** The query of a route that takes none: any parameter is refused (400), as unknown fields are. */
const NO_QUERY = z.strictObject({});

/**
 * Registers routes: validate params, query and body (unknown fields refused), resolve the member
 * from the session, check the permission, run the handler, answer JSON (checked against the route's
 * contract schema when `validateAnswers`). Errors go to the error handler.
 */
export function mountRoutes(app: Express, routes: readonly RouteDefinition[], deps: GatewayDeps): void {
  for (const route of routes) {
    const limiter = route.rateLimit
      ? memberLimiter(`${route.method}:${route.path}`, route.rateLimit, deps.rateLimitStore)
      : undefined;
    app[route.method](route.path, async (req: Request, res: Response) => {
      // Who first (401/403), then what (400): an anonymous caller learns nothing about the input rules.
      const ctx = await authenticate(deps, req, res);
      if (route.auth !== 'public') {
        if (!ctx) throw unauthenticated();
        // The workspace requires two-factor sign-in: until the account enrols, only /api/auth/* serves it.
        if (
          !route.path.startsWith('/api/auth/') &&
          (await enrolmentPending(deps, ctx.workspaceId, ctx.userId))
        ) {
          throw new HttpError(403, 'TWO_FACTOR_ENROLMENT_REQUIRED', TWO_FACTOR_ENROLMENT_MESSAGE);
        }
        if (route.auth !== 'session' && !can(ctx.role, route.auth)) {
          await denyAccess(deps, ctx, route.auth, req);
        }
      }
      if (limiter && ctx) await limiter(req, res, ctx);
      const params = route.params ? route.params.parse(req.params) : undefined;
      const query = (route.query ?? NO_QUERY).parse(req.query);
      const body = route.body ? route.body.parse(req.body ?? {}) : undefined;
      const result = await route.handler({ params, query, body, req, res } as never, ctx);
      // A handler that wrote the answer itself (a file, a stream, a cached list) checks its own.
      if (res.headersSent) return;
      checkAnswer(deps, route.response, result, `${route.method} ${route.path}`);
      res.status(route.status ?? 200).json(result);
    });
  }
}
