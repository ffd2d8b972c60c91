import type { Request, RequestHandler, Response } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import type { RequestContext } from '../auth/request-context.js';
import { HttpError } from './errors.js';

export const TOO_MANY_REQUESTS_MESSAGE = 'Muitas requisições. Tente novamente em instantes.';

/** An expensive call's limit per member: at most `perMinute` in a minute; `applies` narrows it. */
export interface MemberRateLimit {
  perMinute: number;
  /** Only these requests count (e.g. message pages over 100); default all. */
  applies?: (req: Request) => boolean;
}

/** Where the counters live: memory (one process), or a shared store (Redis) across gateways. */
export type RateLimitStoreFactory = (prefix: string) => Store;

const MEMBER_KEY = 'atendeRateKey';

/**
 * The limiter of one route, keyed by the signed-in member (workspace and user), run by the route
 * table once the member is known; a refusal answers 429 with the error shape.
 */
export function memberLimiter(
  routeKey: string,
  limit: MemberRateLimit,
  storeFactory: RateLimitStoreFactory | undefined,
): (req: Request, res: Response, ctx: RequestContext) => Promise<void> {
  const middleware: RequestHandler = rateLimit({
    windowMs: 60_000,
    limit: limit.perMinute,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    ...(storeFactory ? { store: storeFactory(`rl:${routeKey}:`) } : {}),
    keyGenerator: (_req, res) => String(res.locals[MEMBER_KEY]),
    skip: (req) => (limit.applies ? !limit.applies(req) : false),
    handler: (_req, _res, next) => next(new HttpError(429, 'TOO_MANY_REQUESTS', TOO_MANY_REQUESTS_MESSAGE)),
    validate: { keyGeneratorIpFallback: false },
  });
  return (req, res, ctx) => {
    res.locals[MEMBER_KEY] = `${ctx.workspaceId}\u0000${ctx.userId}`;
    return new Promise<void>((resolve, reject) =>
      middleware(req, res, (error?: unknown) => (error ? reject(error) : resolve())),
    );
  };
}
