import { createHash, randomBytes } from 'node:crypto';
import {
  DomainError,
  RECOVERY_CODE_COUNT,
  atendeRegistry,
  handleCommand,
  streams,
  userDecider,
} from '@atende/events';
import { getUser, getWorkspace, type UserDoc } from '@atende/projector';
import { HttpError } from '../http/errors.js';
import type { GatewayDeps } from '../http/gateway-deps.js';

export const TOTP_REQUIRED_MESSAGE = 'Digite o código do aplicativo autenticador';
export const TWO_FACTOR_ENROLMENT_MESSAGE =
  'A empresa exige a verificação em duas etapas: ative-a para continuar';

/** Ten recovery codes like `k3f9-x2mq-7h4d` (60 bits each), shown once; only their hashes are kept. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    (
      randomBytes(8).toString('base64url').toLowerCase().replace(/[-_]/g, 'x').slice(0, 12).match(/.{4}/g) ??
      []
    ).join('-'),
  );
}

/** How a recovery code is kept (and looked up): typed with or without dashes, any case. */
export function recoveryCodeHash(code: string): string {
  const normal = code
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  return createHash('sha256')
    .update(normal.match(/.{1,4}/g)?.join('-') ?? '')
    .digest('base64url');
}

/**
 * A sign-in's second factor for an account with 2FA on: the app's code (`totp`) or a recovery code.
 * 401 TOTP_REQUIRED without one, TOTP_INVALID for a wrong one; a recovery code is used up.
 */
export async function proveSecondFactor(
  deps: GatewayDeps,
  user: UserDoc,
  workspaceId: string,
  proof: { totp?: string; recoveryCode?: string },
): Promise<void> {
  if (!user.twoFactorEnabled) return;
  if (!proof.totp && !proof.recoveryCode) throw new HttpError(401, 'TOTP_REQUIRED', TOTP_REQUIRED_MESSAGE);
  try {
    await handleCommand(
      { store: deps.store, registry: atendeRegistry },
      userDecider,
      streams.user(user.userId),
      {
        type: 'ProveSecondFactor',
        data: {
          code: proof.totp ?? '',
          at: new Date().toISOString(),
          ...(proof.recoveryCode ? { recoveryCodeHash: recoveryCodeHash(proof.recoveryCode) } : {}),
        },
      },
      { workspaceId, actorId: user.userId },
    );
  } catch (error) {
    if (error instanceof DomainError && error.code === 'TOTP_INVALID') {
      throw new HttpError(401, 'TOTP_INVALID', error.message);
    }
    throw error;
  }
}

/** Whether the account still has to enrol before it may use the workspace (its twoFactor setting). */
export async function enrolmentPending(
  deps: Pick<GatewayDeps, 'readModels'>,
  workspaceId: string,
  userId: string,
): Promise<boolean> {
  const workspace = await getWorkspace(deps.readModels.view('workspaces'), workspaceId);
  if (!workspace?.settings.security.twoFactor) return false;
  const user = await getUser(deps.readModels.view('users'), userId);
  return user?.authProvider === 'local' && user.twoFactorEnabled !== true;
}
