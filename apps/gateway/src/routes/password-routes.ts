import { z } from 'zod';
import { passwordChangedAnswerSchema, passwordResetAnswerSchema } from '@atende/api-contract';
import { streams, userDecider } from '@atende/events';
import { getMember, workspacesOf } from '@atende/projector';
import { currentPasswordHash } from '../auth/current-password-hash.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { requireNewPassword } from '../auth/password-policy.js';
import { can } from '../auth/permissions.js';
import { setSessionCookie } from '../auth/session-cookie.js';
import { sessionMinutes } from '../auth/authenticate.js';
import { oneTimePassword } from '../bootstrap/provision-workspace.js';
import { execute } from '../commands/execute.js';
import { denyAccess } from '../http/deny-access.js';
import { HttpError } from '../http/errors.js';
import type { GatewayDeps } from '../http/gateway-deps.js';
import { defineRoute, type RouteDefinition } from '../http/route.js';
import { idSchema, noBody, notFoundError, requireCtx, text } from './workspace/shared.js';

export const PASSWORD_CHANGED_MESSAGE = 'Senha alterada com sucesso!';
export const PASSWORD_RESET_MESSAGE = 'Senha redefinida: entregue a senha provisória à pessoa';
export const WRONG_CURRENT_PASSWORD = 'Senha atual incorreta';
export const ACCOUNT_SHARED_MESSAGE =
  'Esta conta também é de outra empresa: só a própria pessoa pode trocar a senha';

/** The signed-in account's own password, and a member's reset by the team (one-time password). */
export function passwordRoutes(deps: GatewayDeps): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/api/auth/password',
      summary: "Changes the signed-in account's password; every other session of it ends",
      tag: 'auth',
      auth: 'session',
      body: z.strictObject({ currentPassword: text(200), newPassword: text(200) }),
      response: passwordChangedAnswerSchema,
      handler: async ({ body, req, res }, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        // From the account's stream: read models carry no password hash.
        const currentHash = await currentPasswordHash(deps, ctx.userId);
        if (!currentHash) throw new HttpError(400, 'PASSWORD_NOT_LOCAL', 'Esta conta não tem senha aqui');
        if (!(await verifyPassword(body.currentPassword, currentHash))) {
          throw new HttpError(400, 'WRONG_PASSWORD', WRONG_CURRENT_PASSWORD);
        }
        await requireNewPassword(body.newPassword, currentHash);
        await execute(deps, ctx, userDecider, streams.user(ctx.userId), {
          type: 'ChangePassword',
          data: { passwordHash: await hashPassword(body.newPassword) },
        });
        // Every session of the account ends (its sockets close); this browser gets a fresh one.
        await deps.sessions.deleteAllOfUser(ctx.userId);
        const minutes = await sessionMinutes(deps, ctx.workspaceId);
        const now = Date.now();
        const token = await deps.sessions.create({
          userId: ctx.userId,
          workspaceId: ctx.workspaceId,
          createdAt: now,
          expiresAt: now + minutes * 60_000,
        });
        setSessionCookie(req, res, token, minutes * 60);
        return { success: true, message: PASSWORD_CHANGED_MESSAGE };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/team/:userId/password-reset',
      summary:
        "Resets a member's password to a one-time one (shown once; changed at their next sign-in); their sessions end",
      tag: 'team',
      auth: 'team:manage',
      params: z.strictObject({ userId: idSchema }),
      body: noBody,
      response: passwordResetAnswerSchema,
      handler: async ({ params, req }, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        const member = await getMember(deps.readModels.view('members'), ctx.workspaceId, params.userId);
        if (!member) throw notFoundError('Membro não encontrado');
        if (member.role === 'Owner' && !can(ctx.role, 'owners:manage')) {
          await denyAccess(deps, ctx, 'owners:manage', req);
        }
        if (member.userId === ctx.userId) {
          throw new HttpError(400, 'RESET_OWN_PASSWORD', 'Para a sua própria senha, use Alterar senha');
        }
        // An account of another company too is the person's: no team may take it over.
        const companies = await workspacesOf(deps.readModels.view('members'), member.userId);
        if (companies.some((w) => w !== ctx.workspaceId)) {
          throw new HttpError(409, 'ACCOUNT_SHARED', ACCOUNT_SHARED_MESSAGE);
        }
        const password = oneTimePassword();
        await execute(deps, ctx, userDecider, streams.user(member.userId), {
          type: 'ChangePassword',
          data: { passwordHash: await hashPassword(password), temporary: true },
        });
        await deps.sessions.deleteAllOfUser(member.userId);
        return { success: true, oneTimePassword: password, message: PASSWORD_RESET_MESSAGE };
      },
    }),
  ];
}
