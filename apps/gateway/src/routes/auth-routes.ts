import { z } from 'zod';
import { findUserByEmail, getMember, workspacesOf } from '@atende/projector';
import { describeMe, meSchema } from '../auth/me.js';
import { verifyPassword } from '../auth/password.js';
import { sessionMinutes } from '../auth/authenticate.js';
import { clearSessionCookie, readSessionToken, setSessionCookie } from '../auth/session-cookie.js';
import { hashToken } from '../auth/session-store.js';
import { HttpError } from '../http/errors.js';
import type { GatewayDeps } from '../http/gateway-deps.js';
import { defineRoute, ok, type RouteDefinition } from '../http/route.js';

export const INVALID_EMAIL = 'Email inválido';
/** Unknown e-mail and wrong password answer the same (no account enumeration). */
export const INVALID_CREDENTIALS = 'Usuário não encontrado ou senha incorreta';

// Compared against when the e-mail is unknown, so both failures take the same time.
const DUMMY_HASH = 'scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA$Tr4kn8pQ0jH0S7lM3J1VbJm0qv6Zk8m5dqL2ZJt0F1A';

const loginBody = z.strictObject({
  email: z.string().max(254),
  password: z.string().min(1).max(200),
});

export function authRoutes(deps: GatewayDeps): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/api/auth/login',
      summary: 'Sign in with e-mail and password; sets the session cookie',
      tag: 'auth',
      auth: 'public',
      body: loginBody,
      response: ok({ user: meSchema }),
      handler: async ({ body, req, res }) => {
        const email = body.email.trim().toLowerCase();
        if (!z.email().safeParse(email).success) throw new HttpError(400, 'INVALID_EMAIL', INVALID_EMAIL);
        const user = await findUserByEmail(deps.readModels.view('users'), email);
        const passwordOk = await verifyPassword(body.password, user?.passwordHash ?? DUMMY_HASH);
        const workspaceId = user
          ? (await workspacesOf(deps.readModels.view('members'), user.userId))[0]
          : undefined;
        const member =
          user && workspaceId
            ? await getMember(deps.readModels.view('members'), workspaceId, user.userId)
            : undefined;
        if (!user || !passwordOk || !workspaceId || !member || member.status !== 'active') {
          throw new HttpError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
        }
        const minutes = await sessionMinutes(deps, workspaceId);
        const now = Date.now();
        const token = await deps.sessions.create({
          userId: user.userId,
          workspaceId,
          createdAt: now,
          expiresAt: now + minutes * 60_000,
        });
        setSessionCookie(req, res, token, minutes * 60);
        const me = await describeMe(deps, {
          userId: user.userId,
          workspaceId,
          role: member.role,
          name: member.name,
          email: member.email,
          sessionTokenHash: hashToken(token),
          requestId: String(req.id ?? ''),
        });
        return { success: true, user: me };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/auth/logout',
      summary: 'Sign out: the session ends on the server',
      tag: 'auth',
      auth: 'public',
      response: ok({}),
      handler: async ({ req, res }) => {
        const token = readSessionToken(req);
        if (token) await deps.sessions.delete(hashToken(token));
        clearSessionCookie(req, res);
        return { success: true };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/auth/me',
      summary: 'The signed-in user: name, e-mail, company, role, trial',
      tag: 'auth',
      auth: 'session',
      response: ok({ user: meSchema }),
      handler: async (_input, ctx) => ({ success: true, user: await describeMe(deps, ctx!) }),
    }),
  ];
}
