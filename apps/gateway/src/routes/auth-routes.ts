import { z } from 'zod';
import {
  authConfigAnswerSchema,
  emptyAnswerSchema,
  themeAnswerSchema,
  userAnswerSchema,
} from '@atende/api-contract';
import { atendeRegistry, handleCommand, streams, userDecider, userThemes } from '@atende/events';
import {
  findUserByEmail,
  findUserByFirebaseUid,
  getMember,
  getUser,
  getWorkspace,
  type UserDoc,
} from '@atende/projector';
import type { Request, Response } from 'express';
import { accountWorkspaces, chooseWorkspace } from '../auth/account-workspaces.js';
import { currentPasswordHash } from '../auth/current-password-hash.js';
import { describeMe } from '../auth/me.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { proveSecondFactor } from '../auth/second-factor.js';
import {
  DEFAULT_PASSWORD_EXPIRY_DAYS,
  passwordChangeError,
  passwordChangeReason,
  requireNewPassword,
} from '../auth/password-policy.js';
import { sessionMinutes } from '../auth/authenticate.js';
import { clearSessionCookie, readSessionToken, setSessionCookie } from '../auth/session-cookie.js';
import { hashToken } from '../auth/session-store.js';
import { execute, readModelsShowLog } from '../commands/execute.js';
import { HttpError } from '../http/errors.js';
import type { GatewayDeps } from '../http/gateway-deps.js';
import { defineRoute, type RouteDefinition } from '../http/route.js';

export const INVALID_EMAIL = 'Email inválido';
/** Unknown e-mail and wrong password answer the same (no account enumeration). */
export const INVALID_CREDENTIALS = 'Usuário não encontrado ou senha incorreta';
/** Login while the read models are still catching up with the log (e.g. a projector restarting). */
export const LOGIN_NOT_READY = 'O serviço está sendo atualizado. Tente entrar novamente em instantes.';

// Compared against when the e-mail is unknown, so both failures take the same time.
const DUMMY_HASH = 'scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA$Tr4kn8pQ0jH0S7lM3J1VbJm0qv6Zk8m5dqL2ZJt0F1A';

const loginBody = z.strictObject({
  email: z.string().max(254),
  password: z.string().min(1).max(200),
  /** When the answer was PASSWORD_CHANGE_REQUIRED / PASSWORD_EXPIRED: the new password. */
  newPassword: z.string().min(1).max(200).optional(),
  /** When the answer was TOTP_REQUIRED: the authenticator app's code, or a recovery code. */
  totp: z.string().min(1).max(12).optional(),
  recoveryCode: z.string().min(1).max(40).optional(),
});

/**
 * Opens a session for an account that proved who it is, in one of its workspaces (`requested`, else
 * the last one used, else the first): the membership there must be active. Sets the cookie and
 * answers the user; undefined when the account may not sign in (there).
 */
export async function startSession(
  deps: GatewayDeps,
  req: Request,
  res: Response,
  user: UserDoc,
  requested?: string,
) {
  if (user.deactivatedAt !== undefined) return undefined; // 'Desativar conta permanentemente'
  const workspace = chooseWorkspace(
    await accountWorkspaces(deps, user.userId),
    user.lastWorkspaceId,
    requested,
  );
  const member = workspace
    ? await getMember(deps.readModels.view('members'), workspace.id, user.userId)
    : undefined;
  if (!workspace || !member || member.status !== 'active') return undefined;
  const minutes = await sessionMinutes(deps, workspace.id);
  const now = Date.now();
  const token = await deps.sessions.create({
    userId: user.userId,
    workspaceId: workspace.id,
    createdAt: now,
    expiresAt: now + minutes * 60_000,
  });
  setSessionCookie(req, res, token, minutes * 60);
  return describeMe(deps, {
    userId: user.userId,
    workspaceId: workspace.id,
    role: member.role,
    name: member.name,
    email: member.email,
    sessionTokenHash: hashToken(token),
    requestId: String(req.id ?? ''),
  });
}

/**
 * The account as it signs in: when its password is a one-time one, or expired for the workspace the
 * sign-in opens, the new password must come along (403 PASSWORD_CHANGE_REQUIRED / PASSWORD_EXPIRED
 * otherwise; not the current one, `currentHash`), and is set before the session opens. Undefined
 * when the account may not sign in.
 */
async function withPasswordDue(
  deps: GatewayDeps,
  user: UserDoc,
  currentHash: string,
  proof: { newPassword?: string; totp?: string; recoveryCode?: string },
): Promise<UserDoc | undefined> {
  if (user.deactivatedAt !== undefined) return undefined;
  const workspace = chooseWorkspace(await accountWorkspaces(deps, user.userId), user.lastWorkspaceId);
  if (!workspace) return undefined;
  const newPassword = proof.newPassword;
  const settings = (await getWorkspace(deps.readModels.view('workspaces'), workspace.id))?.settings;
  const reason = passwordChangeReason(
    user,
    settings?.security.passwordExpiry ?? DEFAULT_PASSWORD_EXPIRY_DAYS,
  );
  // A refused new password is refused before anything is used up.
  if (reason && newPassword !== undefined) await requireNewPassword(newPassword, currentHash);
  // The second factor before anything changes (a password alone never changes anything, not even
  // itself); a recovery code is used up only by the request that completes the sign-in.
  const completes = !reason || newPassword !== undefined;
  const onlyRecoveryCode = proof.recoveryCode !== undefined && proof.totp === undefined;
  if (completes || !onlyRecoveryCode) await proveSecondFactor(deps, user, workspace.id, proof);
  if (!reason) return user;
  if (newPassword === undefined) throw passwordChangeError(reason);
  const result = await handleCommand(
    { store: deps.store, registry: atendeRegistry },
    userDecider,
    streams.user(user.userId),
    { type: 'ChangePassword', data: { passwordHash: await hashPassword(newPassword) } },
    { workspaceId: workspace.id, actorId: user.userId },
  );
  await deps.progress.waitForPosition(Math.max(0, ...result.globalPositions), 2000);
  return (await getUser(deps.readModels.view('users'), user.userId)) ?? user;
}

export const GOOGLE_LOGIN_ERROR = 'Erro ao fazer login com Google';
export const WORKSPACE_UNAVAILABLE = 'Você não faz parte desta empresa';
export const USER_NOT_FOUND = 'Usuário não encontrado';

export function authRoutes(deps: GatewayDeps): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/auth/config',
      summary: 'How to sign in: local accounts, or Firebase (with the web SDK settings)',
      tag: 'auth',
      auth: 'public',
      response: authConfigAnswerSchema,
      handler: async () => ({
        success: true,
        mode: deps.firebase ? 'firebase' : 'local',
        signup: deps.signupOpen === true && !deps.firebase,
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
      response: userAnswerSchema,
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
      response: userAnswerSchema,
      handler: async ({ body, req, res }) => {
        const email = body.email.trim().toLowerCase();
        if (!z.email().safeParse(email).success) throw new HttpError(400, 'INVALID_EMAIL', INVALID_EMAIL);
        let found = await findUserByEmail(deps.readModels.view('users'), email);
        if (!found) {
          // An account made a moment ago by another process (the workspace CLI, another gateway)
          // may not be in the read models yet: once they have caught up with the log, look again.
          const caughtUp = await readModelsShowLog(deps);
          found = await findUserByEmail(deps.readModels.view('users'), email);
          // Still behind (a projector restarting): "wrong password" could be untrue, so ask for a retry.
          if (!found && !caughtUp) throw new HttpError(503, 'NOT_READY', LOGIN_NOT_READY);
        }
        // The hash is read from the account's stream (read models carry none); an unknown e-mail, or
        // an account without a password, is checked against the dummy one all the same.
        const hash = found ? await currentPasswordHash(deps, found.userId) : null;
        const passwordOk = await verifyPassword(body.password, hash ?? DUMMY_HASH);
        // Only once the password is right (and the account may sign in): a new one may be due first.
        const user =
          found && hash !== null && passwordOk ? await withPasswordDue(deps, found, hash, body) : undefined;
        const me = user ? await startSession(deps, req, res, user) : undefined;
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
      response: emptyAnswerSchema,
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
      response: userAnswerSchema,
      handler: async (_input, ctx) => ({ success: true, user: await describeMe(deps, ctx!) }),
    }),
    defineRoute({
      method: 'post',
      path: '/api/auth/workspace',
      summary:
        "Switches the session to another of the account's workspaces (a new session; the old one ends)",
      tag: 'auth',
      auth: 'session',
      body: z.strictObject({ workspaceId: z.string().min(1).max(200) }),
      response: userAnswerSchema,
      handler: async ({ body, req, res }, rawCtx) => {
        const ctx = rawCtx!;
        const user = await getUser(deps.readModels.view('users'), ctx.userId);
        if (!user) throw new HttpError(401, 'UNAUTHENTICATED', 'Sessão expirada. Entre novamente.');
        // Checked against the memberships now: another company's id, or a team that removed the account, is refused.
        const me = await startSession(deps, req, res, user, body.workspaceId);
        if (!me) throw new HttpError(403, 'WORKSPACE_FORBIDDEN', WORKSPACE_UNAVAILABLE);
        await deps.sessions.delete(ctx.sessionTokenHash);
        await execute(deps, { ...ctx, workspaceId: me.workspaceId }, userDecider, streams.user(ctx.userId), {
          type: 'SelectWorkspace',
          data: { workspaceId: me.workspaceId },
        });
        return { success: true, user: me };
      },
    }),
    defineRoute({
      method: 'put',
      path: '/api/auth/me/theme',
      summary: "The signed-in user's theme (light or dark-blue), remembered per user",
      tag: 'auth',
      auth: 'session',
      body: z.strictObject({ theme: z.enum(userThemes) }),
      response: themeAnswerSchema,
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
