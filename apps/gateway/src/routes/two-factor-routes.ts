import QRCode from 'qrcode';
import { z } from 'zod';
import { twoFactorDisabledSchema, twoFactorEnabledSchema, twoFactorSetupSchema } from '@atende/api-contract';
import { DomainError, newTotpSecret, streams, totpUrl, userDecider } from '@atende/events';
import { getWorkspace } from '@atende/projector';
import { newRecoveryCodes, recoveryCodeHash } from '../auth/second-factor.js';
import { execute } from '../commands/execute.js';
import { HttpError } from '../http/errors.js';
import type { GatewayDeps } from '../http/gateway-deps.js';
import { defineRoute, type RouteDefinition } from '../http/route.js';
import { noBody, requireCtx } from './workspace/shared.js';

export const TWO_FACTOR_ENABLED_MESSAGE = 'Verificação em duas etapas ativada';
export const TWO_FACTOR_DISABLED_MESSAGE = 'Verificação em duas etapas desativada';
export const TWO_FACTOR_REQUIRED_BY_WORKSPACE =
  'A empresa exige a verificação em duas etapas: ela não pode ser desativada';

const code = z.string().trim().min(1).max(12);

/** The domain's refusals of a code as HTTP answers (400: a code typed wrong is bad input here). */
async function asHttp<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DomainError && error.code === 'TOTP_INVALID') {
      throw new HttpError(400, 'TOTP_INVALID', error.message);
    }
    throw error;
  }
}

/** Two-factor sign-in (TOTP, RFC 6238) of the signed-in account: enrol with a QR code, turn off. */
export function twoFactorRoutes(deps: GatewayDeps): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/api/auth/2fa/setup',
      summary: 'Starts enrolment: a new secret for the authenticator app, as a QR code and an otpauth URL',
      tag: 'auth',
      auth: 'session',
      body: noBody,
      response: twoFactorSetupSchema,
      handler: async (_input, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        const secret = newTotpSecret();
        await execute(deps, ctx, userDecider, streams.user(ctx.userId), {
          type: 'StartTwoFactorSetup',
          data: { secret },
        });
        const otpauthUrl = totpUrl(secret, 'Atende', ctx.email);
        return { success: true, secret, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl) };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/auth/2fa/enable',
      summary: "Turns two-factor sign-in on with the app's first code; answers the 10 recovery codes (once)",
      tag: 'auth',
      auth: 'session',
      body: z.strictObject({ code }),
      response: twoFactorEnabledSchema,
      handler: async ({ body }, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        const recoveryCodes = newRecoveryCodes();
        await asHttp(() =>
          execute(deps, ctx, userDecider, streams.user(ctx.userId), {
            type: 'EnableTwoFactor',
            data: {
              code: body.code,
              at: new Date().toISOString(),
              recoveryCodeHashes: recoveryCodes.map(recoveryCodeHash),
            },
          }),
        );
        return { success: true, recoveryCodes, message: TWO_FACTOR_ENABLED_MESSAGE };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/auth/2fa/disable',
      summary: "Turns two-factor sign-in off with the app's code (or a recovery code)",
      tag: 'auth',
      auth: 'session',
      body: z.strictObject({ code }),
      response: twoFactorDisabledSchema,
      handler: async ({ body }, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        const workspace = await getWorkspace(deps.readModels.view('workspaces'), ctx.workspaceId);
        if (workspace?.settings.security.twoFactor) {
          throw new HttpError(409, 'TWO_FACTOR_REQUIRED_BY_WORKSPACE', TWO_FACTOR_REQUIRED_BY_WORKSPACE);
        }
        const isRecovery = !/^\d{6}$/.test(body.code);
        await asHttp(() =>
          execute(deps, ctx, userDecider, streams.user(ctx.userId), {
            type: 'DisableTwoFactor',
            data: {
              code: isRecovery ? '' : body.code,
              at: new Date().toISOString(),
              ...(isRecovery ? { recoveryCodeHash: recoveryCodeHash(body.code) } : {}),
            },
          }),
        );
        return { success: true, message: TWO_FACTOR_DISABLED_MESSAGE };
      },
    }),
  ];
}
