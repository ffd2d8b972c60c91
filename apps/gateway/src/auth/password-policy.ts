import type { UserDoc } from '@atende/projector';
import { HttpError } from '../http/errors.js';
import { verifyPassword } from './password.js';

export const PASSWORD_MIN_LENGTH = 8;
/** Spec §9's default of Configurações → Segurança → expiração da senha. */
export const DEFAULT_PASSWORD_EXPIRY_DAYS = 90;
export const PASSWORD_CHANGE_REQUIRED_MESSAGE =
  'Defina uma nova senha para continuar (a senha atual é provisória)';
export const PASSWORD_EXPIRED_MESSAGE = 'Sua senha expirou: defina uma nova senha para continuar';

const DAY_MS = 86_400_000;

/**
 * Why the account must set a new password before a session opens: its password is a one-time one
 * (a new account, a reset by the team), or older than the workspace's `passwordExpiry` days.
 */
export function passwordChangeReason(
  user: UserDoc,
  passwordExpiryDays: number,
  now = Date.now(),
): 'PASSWORD_CHANGE_REQUIRED' | 'PASSWORD_EXPIRED' | undefined {
  if (user.authProvider !== 'local') return undefined;
  if (user.passwordTemporary) return 'PASSWORD_CHANGE_REQUIRED';
  if (passwordExpiryDays <= 0) return undefined; // 0: passwords never expire
  const since = Date.parse(user.passwordChangedAt ?? user.createdAt);
  return now - since > passwordExpiryDays * DAY_MS ? 'PASSWORD_EXPIRED' : undefined;
}

export function passwordChangeError(reason: 'PASSWORD_CHANGE_REQUIRED' | 'PASSWORD_EXPIRED'): HttpError {
  return new HttpError(
    403,
    reason,
    reason === 'PASSWORD_EXPIRED' ? PASSWORD_EXPIRED_MESSAGE : PASSWORD_CHANGE_REQUIRED_MESSAGE,
  );
}

/** A new password: at least 8 characters, and not the one it replaces. */
export async function requireNewPassword(newPassword: string, currentHash: string | null): Promise<void> {
  if (newPassword.length < PASSWORD_MIN_LENGTH) {
    throw new HttpError(
      400,
      'PASSWORD_TOO_SHORT',
      `A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres`,
    );
  }
  if (currentHash && (await verifyPassword(newPassword, currentHash))) {
    throw new HttpError(400, 'PASSWORD_UNCHANGED', 'A nova senha deve ser diferente da atual');
  }
}
