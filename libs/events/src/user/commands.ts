import type { UserAuthProvider, UserTheme } from './events.js';

export type UserCommand =
  | {
      type: 'RegisterUser';
      data: {
        userId: string;
        email: string;
        name: string;
        authProvider: UserAuthProvider;
        /** Required for 'local' (already hashed; the decider never sees a password); ignored for 'firebase'. */
        passwordHash?: string | null;
        /** Required for 'firebase'; ignored for 'local'. */
        firebaseUid?: string | null;
        /** The password is a one-time password someone else was shown. */
        temporaryPassword?: boolean;
      };
    }
  /** `temporary`: a reset by the team (a one-time password); the person's own change is not. */
  | { type: 'ChangePassword'; data: { passwordHash: string; temporary?: boolean } }
  | { type: 'ChangeTheme'; data: { theme: UserTheme } }
  /** 2FA enrolment: the secret the app gets (made by the caller, newTotpSecret); replaces an unfinished one. */
  | { type: 'StartTwoFactorSetup'; data: { secret: string } }
  /** 2FA on: the app's `code` at `at` must match the pending secret; the recovery codes' hashes are kept. */
  | { type: 'EnableTwoFactor'; data: { code: string; at: string; recoveryCodeHashes: string[] } }
  /** 2FA off: the app's code at `at`, or an unused recovery code (its hash), proves it is the owner. */
  | { type: 'DisableTwoFactor'; data: { code: string; at: string; recoveryCodeHash?: string } }
  /** A sign-in's second factor: the app's code at `at`, or an unused recovery code's hash. */
  | { type: 'ProveSecondFactor'; data: { code: string; at: string; recoveryCodeHash?: string } }
  /** The account opens another of its workspaces (membership is checked by the caller). */
  | { type: 'SelectWorkspace'; data: { workspaceId: string } }
  /** 'Desativar conta permanentemente': `confirmation` is what the user typed (DEACTIVATE_ACCOUNT_CONFIRMATION). */
  | { type: 'DeactivateUser'; data: { byUserId: string; confirmation: string } };
