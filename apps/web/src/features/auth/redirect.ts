/** Where the app goes after signing in when no protected page was asked for. */
export const DEFAULT_AFTER_LOGIN = '/dashboard';

/**
 * The page to open after signing in: the protected page the visitor was sent away from, if it is
 * a path of this site (not another origin, not the login page itself), otherwise /dashboard.
 */
export function afterLoginPath(requested: unknown): string {
  if (typeof requested !== 'string') return DEFAULT_AFTER_LOGIN;
  if (!requested.startsWith('/') || requested.startsWith('//') || requested.startsWith('/\\'))
    return DEFAULT_AFTER_LOGIN;
  const path = requested.split(/[?#]/, 1)[0];
  if (path === '/' || path === '/login' || path === '/login/') return DEFAULT_AFTER_LOGIN;
  return requested;
}
