import type { RequestHandler } from 'express';
export declare const TOO_MANY_ATTEMPTS = "Muitas tentativas. Tente novamente mais tarde";
/**
 * Failed sign-ins are limited per account (e-mail) and per address; successes do not count.
 * Defaults: 5 failures per account and 20 per address in 15 minutes.
 */
export declare function loginThrottle(options?: {
    perAccount?: number;
    perAddress?: number;
    windowMs?: number;
}): RequestHandler[];
