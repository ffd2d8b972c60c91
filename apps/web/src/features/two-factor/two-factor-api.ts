import { apiRequest } from '../../api/client';

/** A new secret for the authenticator app (POST /api/auth/2fa/setup); the QR code is a PNG data URL. */
export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
  qrCode: string;
}

/** Two-factor sign-in turned on: the 10 single-use recovery codes (shown this once) and the server's text. */
export interface TwoFactorEnabled {
  recoveryCodes: string[];
  message: string;
}

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
export const disableTwoFactor = (code: string): Promise<{ message: string }> =>
  apiRequest<{ message: string }>('/api/auth/2fa/disable', { method: 'POST', body: { code } });
