import type { WhatsAppSession } from './integrations-api';

/** Spec §3's client-stored values. */
export const SESSION_ID_KEY = 'wa:sessionId';
export const CONNECTED_KEY = 'wa:connected';
/** The per-user WhatsApp sessions list. */
export const sessionsKey = (userId: string) => `wa:sessions:${userId}`;

export interface StoredWhatsApp {
  sessionId: string | null;
  connected: boolean;
}

/** localStorage may be missing or refuse (private mode, quota): the screen works without it. */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readStoredWhatsApp(): StoredWhatsApp {
  const store = storage();
  try {
    const sessionId = store?.getItem(SESSION_ID_KEY) || null;
    return { sessionId, connected: sessionId !== null && store?.getItem(CONNECTED_KEY) === 'true' };
  } catch {
    return { sessionId: null, connected: false };
  }
}

export function writeStoredWhatsApp(value: StoredWhatsApp): void {
  const store = storage();
  try {
    if (value.sessionId) store?.setItem(SESSION_ID_KEY, value.sessionId);
    else store?.removeItem(SESSION_ID_KEY);
    store?.setItem(CONNECTED_KEY, value.connected ? 'true' : 'false');
  } catch {
    /* not stored: it is restored from the server next time */
  }
}

export function readStoredSessions(userId: string): WhatsAppSession[] {
  try {
    const raw = storage()?.getItem(sessionsKey(userId));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed)
      ? parsed.filter(
          (s): s is WhatsAppSession =>
            typeof s === 'object' && s !== null && typeof (s as WhatsAppSession).sessionId === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

export function writeStoredSessions(userId: string, sessions: WhatsAppSession[]): void {
  try {
    storage()?.setItem(sessionsKey(userId), JSON.stringify(sessions));
  } catch {
    /* not stored */
  }
}
