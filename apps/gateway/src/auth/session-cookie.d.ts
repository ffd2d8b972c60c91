import type { Request, Response } from 'express';
export declare const SESSION_COOKIE = "atende_session";
export declare function readSessionToken(req: Request): string | undefined;
/** httpOnly, SameSite=Lax; Secure when the request came over https (directly or via a trusted proxy). */
export declare function setSessionCookie(req: Request, res: Response, token: string, maxAgeSeconds: number): void;
export declare function clearSessionCookie(req: Request, res: Response): void;
