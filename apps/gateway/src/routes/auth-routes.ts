import { z } from 'zod';
import { streams, userDecider, userThemes } from '@atende/events';
import {
  findUserByEmail,
  findUserByFirebaseUid,
  getMember,
  workspacesOf,
  type UserDoc,
} from '@atende/projector';
import type { Request, Response } from 'express';
import { describeMe, meSchema } from '../auth/me.js';
import { verifyPassword } from '../auth/password.js';
import { sessionMinutes } from '../auth/authenticate.js';
import { clearSessionCookie, readSessionToken, setSessionCookie } from '../auth/session-cookie.js';
import { hashToken } from '../auth/session-store.js';
import { execute } from '../commands/execute.js';
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

/**
 * Opens a session for an account that proved who it is: the member of its workspace must be active.
 * Sets the cookie and answers the user; undefined when the account may not sign in.
 */
async function startSession(deps: GatewayDeps, req: Request, res: Response, user: UserDoc) {
  if (user.deactivatedAt !== undefined) return undefined; // 'Desativar conta permanentemente'
  const members = deps.readModels.view('members');
  const workspaceId = (await workspacesOf(members, user.userId))[0];
  const member = workspaceId ? await getMember(members, workspaceId, user.userId) : undefined;
  if (!workspaceId || !member || member.status !== 'active') return undefined;
  const minutes = await sessionMinutes(deps, workspaceId);
  const now = Date.now();
  const token = await deps.sessions.create({
    userId: user.userId,
    workspaceId,
    createdAt: now,
    expiresAt: now + minutes * 60_000,
  });
  setSessionCookie(req, res, token, minutes * 60);
  return describeMe(deps, {
    userId: user.userId,
    workspaceId,
    role: member.role,
    name: member.name,
    email: member.email,
    sessionTokenHash: hashToken(token),
    requestId: String(req.id ?? ''),
  });
}

export const GOOGLE_LOGIN_ERROR = 'Erro ao fazer login com Google';
export const USER_NOT_FOUND = 'Usuário não encontrado';

export function authRoutes(deps: GatewayDeps): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/auth/config',
      summary: 'How to sign in: local accounts, or Firebase (with the web SDK settings)',
      tag: 'auth',
      auth: 'public',
      response: ok({
        mode: z.enum(['local', 'firebase']),
        firebase: z
          .object({ projectId: z.string(), apiKey: z.string().optional(), authDomain: z.string().optional() })
          .nullable(),
      }),
      handler: async () => ({
        success: true,
        mode: deps.firebase ? 'firebase' : 'local',
        firebase: deps.firebase ? { projectId: deps.firebase.projectId, ...deps.firebaseWebConfig } : null,
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/api/auth/firebase',
      summary: 'Firebase mode: trade a Firebase ID token (e-mail/password or Google) for a session',
      tag: 'auth',
      auth: 'public',
      body: z.strictObject({ idToken: z.string().min(20).max(8192) }),
      response: ok({ user: meSchema }),
      handler: async ({ body, req, res }) => {
        if (!deps.firebase)
          throw new HttpError(400, 'FIREBASE_DISABLED', 'Login com Firebase não está ativado');
        let identity;
        try {
          identity = await deps.firebase.verify(body.idToken);
        } catch {
          throw new HttpError(401, 'INVALID_ID_TOKEN', GOOGLE_LOGIN_ERROR);
        }
        const users = deps.readModels.view('users');
        // A known Firebase account, or an Atende account whose e-mail Firebase has verified.
        const user =
          (await findUserByFirebaseUid(users, identity.uid)) ??
          (identity.email && identity.emailVerified
            ? await findUserByEmail(users, identity.email)
            : undefined);
        const me = user ? await startSession(deps, req, res, user) : undefined;
        if (!me) throw new HttpError(401, 'USER_NOT_FOUND', USER_NOT_FOUND);
        return { success: true, user: me };
      },
    }),
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
        const me = user && passwordOk ? await startSession(deps, req, res, user) : undefined;
        if (!me) throw new HttpError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
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
    defineRoute({
      method: 'put',
      path: '/api/auth/me/theme',
      summary: "The signed-in user's theme (light or dark-blue), remembered per user",
      tag: 'auth',
      auth: 'session',
      body: z.strictObject({ theme: z.enum(userThemes) }),
      response: ok({ theme: z.enum(userThemes) }),
      handler: async ({ body }, ctx) => {
        await execute(deps, ctx!, userDecider, streams.user(ctx!.userId), {
          type: 'ChangeTheme',
          data: { theme: body.theme },
        });
        return { success: true, theme: body.theme };
      },
    }),
  ];
}
