import { z } from 'zod';
import { userAnswerSchema } from '@atende/api-contract';
import { DomainError, USER_NAME_MAX_LENGTH, WORKSPACE_NAME_MAX_LENGTH } from '@atende/events';
import { findUserByEmail, getUser } from '@atende/projector';
import { provisionWorkspace } from '../bootstrap/provision-workspace.js';
import { HttpError } from '../http/errors.js';
import type { GatewayDeps } from '../http/gateway-deps.js';
import { defineRoute, type RouteDefinition } from '../http/route.js';
import { startSession } from './auth-routes.js';
import { text } from './workspace/shared.js';
import { readModelsShowLog } from '../commands/execute.js';

export const SIGNUP_EMAIL_IN_USE = 'Este email já está em uso. Entre com a sua conta.';
export const SIGNUP_PASSWORD_TOO_SHORT = 'A senha deve ter pelo menos 8 caracteres';
export const PASSWORD_MIN_LENGTH = 8;

const signupBody = z.strictObject({
  companyName: text(WORKSPACE_NAME_MAX_LENGTH),
  name: text(USER_NAME_MAX_LENGTH),
  email: text(254),
  password: text(200),
});

/**
 * Self-service sign-up (ATENDE_SIGNUP=open; otherwise not mounted, so it answers 404): a new company
 * on the 7-day trial, its Owner's account, and a session in it.
 */
export function signupRoutes(deps: GatewayDeps): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/api/signup',
      summary: 'Creates a company (a workspace on the trial) and its Owner, and signs the Owner in',
      tag: 'auth',
      auth: 'public',
      body: signupBody,
      status: 201,
      response: userAnswerSchema,
      handler: async ({ body, req, res }) => {
        if (body.password.length < PASSWORD_MIN_LENGTH) {
          throw new HttpError(400, 'PASSWORD_TOO_SHORT', SIGNUP_PASSWORD_TOO_SHORT);
        }
        const email = body.email.trim().toLowerCase();
        if (!z.email().safeParse(email).success) throw new HttpError(400, 'INVALID_EMAIL', 'Email inválido');
        // One account per e-mail: an existing one signs in and is added to a company by its team.
        if (await findUserByEmail(deps.readModels.view('users'), email)) {
          throw new HttpError(409, 'EMAIL_IN_USE', SIGNUP_EMAIL_IN_USE);
        }
        let provisioned;
        try {
          provisioned = await provisionWorkspace(deps.store, {
            companyName: body.companyName,
            owner: { email, name: body.name.trim(), password: body.password },
            actorId: 'signup',
          });
        } catch (error) {
          // A second sign-up with the same e-mail racing this one met its account first.
          if (error instanceof DomainError && error.code === 'USER_EXISTS') {
            throw new HttpError(409, 'EMAIL_IN_USE', SIGNUP_EMAIL_IN_USE);
          }
          throw error;
        }
        await readModelsShowLog(deps, 5000);
        const user = await getUser(deps.readModels.view('users'), provisioned.ownerId);
        const me = user ? await startSession(deps, req, res, user, provisioned.workspaceId) : undefined;
        if (!me) throw new HttpError(503, 'NOT_READY', 'Conta criada. Entre em instantes com o seu email.');
        return { success: true, user: me };
      },
    }),
  ];
}
