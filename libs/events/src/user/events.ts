import { z } from 'zod';
import { defineEvent, type EventOf } from '../core/define-event.js';
import { UserDeactivated } from './deactivation.js';
import { normalisedEmailSchema } from './email-address.js';
import type {
  UserRecoveryCodeUsed,
  UserTwoFactorDisabled,
  UserTwoFactorEnabled,
  UserTwoFactorSetupStarted,
} from './two-factor.js';
import { accountSecret, twoFactorEventDefinitions } from './two-factor.js';

export const userAuthProviders = ['local', 'firebase'] as const;
export type UserAuthProvider = (typeof userAuthProviders)[number];
/** The per-user theme toggle (spec §4: light or dark-blue). */
export const userThemes = ['light', 'dark'] as const;
export type UserTheme = (typeof userThemes)[number];

export const USER_NAME_MAX_LENGTH = 120;

export const UserRegistered = defineEvent(
  'UserRegistered',
  z
    .object({
      userId: z.string().min(1),
      email: normalisedEmailSchema,
      name: z.string().min(1).max(USER_NAME_MAX_LENGTH),
      authProvider: z.enum(userAuthProviders),
      passwordHash: z.string().min(1).nullable(),
      firebaseUid: z.string().min(1).nullable(),
      /** A one-time password (shown once to whoever made the account): changed at the first sign-in. */
      temporaryPassword: z.boolean().optional(),
    })
    .refine((d) => d.authProvider !== 'local' || d.passwordHash !== null, {
      message: 'a local user needs a password hash',
      path: ['passwordHash'],
    })
    .refine((d) => d.authProvider !== 'firebase' || d.firebaseUid !== null, {
      message: 'a firebase user needs a firebase uid',
      path: ['firebaseUid'],
    }),
  { sealed: accountSecret(['passwordHash']) },
);
export const UserPasswordChanged = defineEvent(
  'UserPasswordChanged',
  z.object({
    userId: z.string().min(1),
    passwordHash: z.string().min(1),
    /** A reset by the team's Owner or Admin: a one-time password, changed at the next sign-in. */
    temporary: z.boolean().optional(),
  }),
  { sealed: accountSecret(['passwordHash']) },
);
export const UserThemeChanged = defineEvent(
  'UserThemeChanged',
  z.object({ userId: z.string().min(1), theme: z.enum(userThemes) }),
);

/** The account switched to another of its workspaces: the next sign-in opens it (the last one used). */
export const UserWorkspaceSelected = defineEvent(
  'UserWorkspaceSelected',
  z.object({ userId: z.string().min(1), workspaceId: z.string().min(1) }),
);
export const userEventDefinitions = [
  UserRegistered,
  UserPasswordChanged,
  UserThemeChanged,
  UserWorkspaceSelected,
  ...twoFactorEventDefinitions,
  UserDeactivated,
] as const;

export type UserEvent =
  | EventOf<typeof UserRegistered>
  | EventOf<typeof UserPasswordChanged>
  | EventOf<typeof UserThemeChanged>
  | EventOf<typeof UserWorkspaceSelected>
  | EventOf<typeof UserTwoFactorSetupStarted>
  | EventOf<typeof UserTwoFactorEnabled>
  | EventOf<typeof UserTwoFactorDisabled>
  | EventOf<typeof UserRecoveryCodeUsed>
  | EventOf<typeof UserDeactivated>;
