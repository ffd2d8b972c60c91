import type { Me } from '../../api/types';

/** The local storage key of the signed-in user's record (spec §3). */
export const STORED_USER_KEY = 'user';

/** Spec §3's locally stored user record, plus the role, the current workspace and the account's others. */
export interface StoredUser {
  id: string;
  name: string;
  email: string;
  /** The current workspace's company name, as the server gave it. */
  company: string;
  role: Me['role'];
  workspaceId: string;
  workspaces: Me['workspaces'];
  trialStarted: string;
  trialDays: number;
}

export const storedUserRecord = (user: Me): StoredUser => ({
  id: user.id,
  name: user.name,
  email: user.email,
  company: user.company,
  role: user.role,
  workspaceId: user.workspaceId,
  workspaces: (user.workspaces ?? []).map(({ id, name, role }) => ({ id, name, role })),
  trialStarted: user.trialStarted,
  trialDays: user.trialDays,
});

/** Keeps the record of a signed-in user; storage failures (private mode, quota) are not fatal. */
export function saveStoredUser(user: Me): void {
  try {
    window.localStorage.setItem(STORED_USER_KEY, JSON.stringify(storedUserRecord(user)));
  } catch (error) {
    console.warn('Could not store the signed-in user', error);
  }
}

/** Forgets the record: every signed-out state ends here. */
export function clearStoredUser(): void {
  try {
    window.localStorage.removeItem(STORED_USER_KEY);
  } catch (error) {
    console.warn('Could not remove the stored user', error);
  }
}

/** The stored record, or null when there is none (or it cannot be read). */
export function readStoredUser(): StoredUser | null {
  try {
    const text = window.localStorage.getItem(STORED_USER_KEY);
    return text ? (JSON.parse(text) as StoredUser) : null;
  } catch {
    return null;
  }
}
