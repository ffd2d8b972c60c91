import { z } from 'zod';
import { defineEvent } from '../core/define-event.js';
import type { SealedFieldsSpec } from '../core/sealed-fields.js';

/** An account's credentials: sealed with the account's key and never put on the bus. */
export const accountSecret = (fields: string[]): SealedFieldsSpec => ({
  subject: 'account',
  fields,
  secret: true,
});

/** How many single-use recovery codes an enrolment gives. */
export const RECOVERY_CODE_COUNT = 10;

const userId = z.string().min(1);
/** A base32 TOTP secret (RFC 6238; 160 bits). */
const secret = z.string().regex(/^[A-Z2-7]{16,64}$/);
/** SHA-256 (base64url) of a recovery code. */
const codeHash = z.string().regex(/^[\w-]{43}$/);

/** Enrolment started: the secret the authenticator app is given; 2FA is on only once a code proves it. */
export const UserTwoFactorSetupStarted = defineEvent(
  'UserTwoFactorSetupStarted',
  z.object({ userId, secret }),
  { sealed: accountSecret(['secret']) },
);
/** Two-factor sign-in is on, with the app's secret and the recovery codes' hashes. */
export const UserTwoFactorEnabled = defineEvent(
  'UserTwoFactorEnabled',
  z.object({ userId, secret, recoveryCodeHashes: z.array(codeHash).length(RECOVERY_CODE_COUNT) }),
  { sealed: accountSecret(['secret', 'recoveryCodeHashes']) },
);
export const UserTwoFactorDisabled = defineEvent('UserTwoFactorDisabled', z.object({ userId }));
/** A recovery code stood in for the app's code: it cannot be used again. */
export const UserRecoveryCodeUsed = defineEvent('UserRecoveryCodeUsed', z.object({ userId, codeHash }), {
  sealed: accountSecret(['codeHash']),
});

export const twoFactorEventDefinitions = [
  UserTwoFactorSetupStarted,
  UserTwoFactorEnabled,
  UserTwoFactorDisabled,
  UserRecoveryCodeUsed,
] as const;
