import type { UserAuthProvider, UserTheme } from '@atende/events';

export const USERS_PROJECTION = 'users';

/** Collections of the users projection. */
export const userCollections = {
  user: 'user',
  byEmail: 'user-by-email',
  byFirebase: 'user-by-firebase',
} as const;

/** 'user' id userId. Never the password hash: it stays in the account's stream (`streams.user`). */
export interface UserDoc {
  userId: string;
  /** Normalised (trimmed, lower-case). */
  email: string;
  name: string;
  authProvider: UserAuthProvider;
  firebaseUid: string | null;
  /** Null until the user picks one. */
  theme: UserTheme | null;
  /** ISO instant of registration. */
  createdAt: string;
  /**
   * The workspace the account was registered in (a team member's account belongs to that team):
   * deleting that workspace's data deletes the account. Absent in documents projected before it existed.
   */
  workspaceId?: string;
  /** The password is a one-time one (a new account, a reset): it is changed at the next sign-in. */
  passwordTemporary?: boolean;
  /** Two-factor sign-in is on (its secret stays in the log, never in a read model). */
  twoFactorEnabled?: boolean;
  /** When the password was last set (registration or change): the expiry counts from it. */
  passwordChangedAt?: string;
  /** The workspace the account last switched to (sign-in opens it); absent until it switches. */
  lastWorkspaceId?: string;
  /** ISO instant the account was deactivated ('Desativar conta permanentemente'); it cannot sign in. */
  deactivatedAt?: string;
}

/** 'user-by-email' id email, 'user-by-firebase' id firebase uid. */
export interface UserRefDoc {
  userId: string;
}
