import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import type { ComponentType } from 'react';
import { createPublicStore } from '../app/public-store';
import { authActions } from '../features/auth/authSlice';
import LandingPage from '../features/landing/LandingPage';
import { ThemeToggle } from '../features/theme/ThemeToggle';
import { FullScreenLoader } from '../ui/FullScreenLoader';
import { matchesPrerenderedState } from './prerendered-state';

/**
 * The pages rendered at build (build/prerender.mjs). Only the landing page: a form rendered ahead
 * (login) would let a visitor type before the script takes it over.
 */
export const PRERENDERED: Record<string, ComponentType> = { '/': LandingPage };

/** A public page's HTML as the public entry first renders it for a signed-out visitor, for #root. */
export function renderPage(path: string): string {
  const Page = PRERENDERED[path];
  if (!Page) throw new Error(`no pre-rendered page for ${path}`);
  const store = createPublicStore({ runSagas: false });
  store.dispatch(authActions.sessionChecked(null));
  if (!matchesPrerenderedState(store.getState()))
    throw new Error('the build state is not the one the client hydrates');
  return renderToString(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Page />
      </MemoryRouter>
      <ThemeToggle />
    </Provider>,
  );
}

/**
 * What the whole app renders first on every route (the router's and RequireAuth's loading screen),
 * put in its pages at build so they paint it before the ≈190 KB of script has arrived.
 */
export function renderAppShell(): string {
  return renderToString(<FullScreenLoader />);
}
