import type { Me } from '../../api/types';

/**
 * Whether the workspace requires two-factor sign-in and this account has not enrolled yet: the
 * server then refuses everything but /api/auth/* (403 TWO_FACTOR_ENROLMENT_REQUIRED) and the socket.
 */
export function twoFactorEnrolmentPending(user: Me | null | undefined): boolean {
  return user?.twoFactor.required === true && !user.twoFactor.enabled;
}

/** Whether this account signs in with a second factor (false when signed out). */
export const twoFactorEnabled = (user: Me | null | undefined): boolean => user?.twoFactor.enabled === true;
