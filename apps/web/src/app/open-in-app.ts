import type { LoaderFunctionArgs } from 'react-router';

let leavingFor: string | null = null;

/**
 * Opens a page only the whole app has with a full page load, once: after sign-in the saga's navigate
 * and the login page's redirect both ask for /dashboard, and a second load would abort the first.
 */
export function openInApp(to: string): void {
  if (leavingFor === to) return;
  leavingFor = to;
  window.location.assign(to);
}

/**
 * The public entry's route for every other path: its loader hands the page to the browser and never
 * resolves, so the router does not put that path in the history before the page is left.
 */
export function openInAppLoader({ request }: LoaderFunctionArgs): Promise<never> {
  const url = new URL(request.url);
  openInApp(url.pathname + url.search);
  return new Promise<never>(() => undefined);
}
