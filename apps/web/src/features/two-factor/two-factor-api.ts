import type { TwoFactorDisabled, TwoFactorEnabled, TwoFactorSetup } from '@atende/api-contract';
import { apiRequest } from '../../api/client';

// The answers are the contract shared with the gateway (types only: no zod in the bundle).
export type { TwoFactorEnabled, TwoFactorSetup };

/** Starts (or starts over) the enrolment: a fresh secret. 400 TWO_FACTOR_ALREADY_ON when it is on. */
export const startTwoFactorSetup = (): Promise<TwoFactorSetup> =>
  apiRequest<TwoFactorSetup>('/api/auth/2fa/setup', { method: 'POST' });

/** Turns it on with the app's first code (400 TOTP_INVALID, TWO_FACTOR_NOT_STARTED). */
export const enableTwoFactor = (code: string): Promise<TwoFactorEnabled> =>
  apiRequest<TwoFactorEnabled>('/api/auth/2fa/enable', { method: 'POST', body: { code } });

/**
 * Turns it off with the app's code or a recovery code (400 TOTP_INVALID, TWO_FACTOR_OFF; 409
 * TWO_FACTOR_REQUIRED_BY_WORKSPACE when the workspace requires it).
 */
export const disableTwoFactor = (code: string): Promise<TwoFactorDisabled> =>
  apiRequest<TwoFactorDisabled>('/api/auth/2fa/disable', { method: 'POST', body: { code } });
