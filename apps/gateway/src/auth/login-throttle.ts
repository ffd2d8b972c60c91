import type { RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';

export const TOO_MANY_ATTEMPTS = 'Muitas tentativas. Tente novamente mais tarde';

const body = { success: false, error: TOO_MANY_ATTEMPTS, code: 'TOO_MANY_ATTEMPTS' };

/** Companies created per address: 10 an hour (every attempt counts, failed or not). */
export function signupThrottle(perHour = 10): RequestHandler {
  return rateLimit({
    windowMs: 60 * 60_000,
    limit: perHour,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? ''),
    handler: (_req, res) => void res.status(429).json(body),
  });
}

/**
 * Failed sign-ins are limited per account (e-mail) and per address; successes do not count.
 * Defaults: 5 failures per account and 20 per address in 15 minutes.
 */
export function loginThrottle(
  options: { perAccount?: number; perAddress?: number; windowMs?: number } = {},
): RequestHandler[] {
  const windowMs = options.windowMs ?? 15 * 60_000;
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
      limit: options.perAddress ?? 20,
      keyGenerator: (req) => ipKeyGenerator(req.ip ?? ''),
    }),
    rateLimit({
      ...common,
      limit: options.perAccount ?? 5,
      keyGenerator: (req) => {
        const email = (req.body as { email?: unknown } | undefined)?.email;
        return typeof email === 'string'
          ? `account:${email.trim().toLowerCase()}`
          : `address:${ipKeyGenerator(req.ip ?? '')}`;
      },
    }),
  ];
}
