import { parse, serialize } from 'cookie';
import type { Request, Response } from 'express';

export const SESSION_COOKIE = 'atende_session';

export function readSessionToken(req: Request): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  const token = parse(header)[SESSION_COOKIE];
  return token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : undefined;
}

/** httpOnly, SameSite=Lax; Secure when the request came over https (directly or via a trusted proxy). */
export function setSessionCookie(req: Request, res: Response, token: string, maxAgeSeconds: number): void {
  res.append(
    'Set-Cookie',
    serialize(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: req.secure,
      path: '/',
      maxAge: maxAgeSeconds,
    }),
  );
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.append(
    'Set-Cookie',
    serialize(SESSION_COOKIE, '', {
      httpOnly: true,
      sameSite: 'lax',
      secure: req.secure,
      path: '/',
      maxAge: 0,
    }),
  );
}
