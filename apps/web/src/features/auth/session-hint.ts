import { isPublicPath } from '../../app/public-routes';
import { STORED_USER_KEY } from './stored-user';

/**
 * Whether start-up should ask GET /api/auth/me on this page. The session cookie is httpOnly, so
 * the stored user record (kept while signed in, spec §3) is the only sign of a session a script
 * can read. A public page without it takes the visitor as signed out without asking: the browser
 * itself logs the 401 a signed-out visitor would get as a console error. Protected pages always ask.
 */
export function sessionWorthAsking(pathname: string): boolean {
  if (!isPublicPath(pathname)) return true;
  try {
    return window.localStorage.getItem(STORED_USER_KEY) !== null;
  } catch {
    // Storage cannot be read: no sign either way, so ask.
    return true;
  }
}
