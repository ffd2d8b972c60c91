import { STORED_USER_KEY } from './stored-user';

/** The pages a signed-out visitor opens (spec §2); every other page is behind RequireAuth. */
const PUBLIC_PATHS = new Set(['/', '/login', '/signup']);

/**
 * Whether start-up should ask GET /api/auth/me on this page. The session cookie is httpOnly, so
 * the stored user record (kept while signed in, spec §3) is the only sign of a session a script
 * can read. A public page without it takes the visitor as signed out without asking: the browser
 * itself logs the 401 a signed-out visitor would get as a console error. Protected pages always ask.
 */
export function sessionWorthAsking(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!PUBLIC_PATHS.has(path)) return true;
  try {
    return window.localStorage.getItem(STORED_USER_KEY) !== null;
  } catch {
    // Storage cannot be read: no sign either way, so ask.
    return true;
  }
}
