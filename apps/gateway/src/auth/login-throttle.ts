import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { slowDown } from 'express-slow-down';
import type { RateLimitStoreFactory } from '../http/member-rate-limit.js';

export const TOO_MANY_ATTEMPTS = 'Muitas tentativas. Tente novamente mais tarde';

const body = { success: false, error: TOO_MANY_ATTEMPTS, code: 'TOO_MANY_ATTEMPTS' };

export interface LoginLimits {
  /** Failed sign-ins of one account from one address per window; default 10. */
  perAccountAddress?: number;
  /** Failed sign-ins from one address per window, any account; default 50. */
  perAddress?: number;
  /** Failures of one account from one address answered at once; after them each waits longer. Default 3. */
  delayAfter?: number;
  /** First delay (doubles with each failure, at most 20 s); default 500 ms. */
  delayMs?: number;
  windowMs?: number;
}

const address = (req: Request) => ipKeyGenerator(req.ip ?? '');

/** (account, address): a stranger's failures elsewhere never lock the owner out of their own address. */
function accountAddress(req: Request): string {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  const account = typeof email === 'string' ? email.trim().toLowerCase() : '';
  return `${account}\u0000${address(req)}`;
}

/**
 * Sign-in throttle. Failures only count (a success does not): per (account, address) each failure
 * after the first `delayAfter` is answered more slowly (500 ms, 1 s, 2 s… up to 20 s), and blocked
 * (429) after `perAccountAddress`; per address, any account, blocked after `perAddress`. Unknown
 * e-mails and wrong passwords count alike. With `store` (Redis) every gateway shares the counters.
 */
export function loginThrottle(options: LoginLimits = {}, store?: RateLimitStoreFactory): RequestHandler[] {
  const windowMs = options.windowMs ?? 15 * 60_000;
  const delayAfter = options.delayAfter ?? 3;
  const firstDelay = options.delayMs ?? 500;
  const common = {
    windowMs,
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-7' as const,
    legacyHeaders: false,
    handler: (_req: unknown, res: { status(n: number): { json(b: unknown): void } }) =>
      res.status(429).json(body),
  };
  return [
    rateLimit({
      ...common,
      limit: options.perAddress ?? 50,
      keyGenerator: address,
      ...(store ? { store: store('login:address:') } : {}),
    }),
    rateLimit({
      ...common,
      limit: options.perAccountAddress ?? 10,
      keyGenerator: accountAddress,
      ...(store ? { store: store('login:account-address:') } : {}),
    }),
    slowDown({
      windowMs,
      skipSuccessfulRequests: true,
      delayAfter,
      delayMs: (used) => Math.min(20_000, firstDelay * 2 ** (used - delayAfter - 1)),
      maxDelayMs: 20_000,
      keyGenerator: accountAddress,
      ...(store ? { store: store('login:slow:') } : {}),
    }),
  ];
}

/** Companies created per address: 10 an hour (every attempt counts, failed or not). */
export function signupThrottle(perHour = 10, store?: RateLimitStoreFactory): RequestHandler {
  return rateLimit({
    windowMs: 60 * 60_000,
    limit: perHour,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    keyGenerator: address,
    ...(store ? { store: store('signup:') } : {}),
    handler: (_req, res) => void res.status(429).json(body),
  });
}
