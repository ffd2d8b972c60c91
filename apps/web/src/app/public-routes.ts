import type { RouteObject } from 'react-router';
import { screen } from './lazy-screen';

/** The pages a signed-out visitor opens (spec §2): the whole app has them, and so does the public entry. */
export const PUBLIC_PATHS: readonly string[] = ['/', '/login', '/signup'];

/** Whether a path (trailing slashes aside) is one of the public pages. */
export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
}

/** The public pages as children of the root route. */
export const publicPages: RouteObject[] = [
  { index: true, lazy: screen(() => import('../features/landing/LandingPage')) },
  { path: 'login', lazy: screen(() => import('../features/auth/LoginPage')) },
  { path: 'signup', lazy: screen(() => import('../features/signup/SignupPage')) },
];
