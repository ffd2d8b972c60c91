import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { ComponentType } from 'react';
import { createPublicStore } from '../app/public-store';
import { createAppStore } from '../app/store';
import { OverviewHeader } from '../features/dashboard/OverviewPage';
import DashboardLayout from '../features/layout/DashboardLayout';
import { authActions } from '../features/auth/authSlice';
import LandingPage from '../features/landing/LandingPage';
import { ThemeToggle } from '../features/theme/ThemeToggle';
import { FullScreenLoader } from '../ui/FullScreenLoader';
import { STARTUP_FRAME_ATTRIBUTE } from '../ui/startup-frame';
import { matchesPrerenderedState } from './prerendered-state';

/** The public pages rendered at build. Only the landing page: a form rendered ahead (login) would let a visitor type before the script takes it over. */
const PUBLIC_PAGES: Record<string, ComponentType> = { '/': LandingPage };

/** A public page's HTML as the public entry first renders it for a signed-out visitor, for #root. */
export function renderPage(path: string): string {
  const Page = PUBLIC_PAGES[path];
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

/**
 * The dashboard's first paint, in its page (dist/dashboard.html) so it shows before the script has
 * arrived: the real frame and greeting as they render before the session is known (no user, no
 * data: the same HTML for everyone). The app shows it again while it starts (ui/startup-frame.ts).
 */
export function renderDashboardFrame(): string {
  const store = createAppStore({ runSagas: false });
  const frame = renderToString(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route element={<DashboardLayout />}>
            <Route path="dashboard" element={<OverviewHeader />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return `<div ${STARTUP_FRAME_ATTRIBUTE}="" class="contents">${frame}</div>`;
}

/** The pages rendered at build (build/prerender.mjs), by path: each one's HTML for its #root. */
export const PRERENDERED: Record<string, () => string> = {
  '/': () => renderPage('/'),
  '/dashboard': renderDashboardFrame,
};
