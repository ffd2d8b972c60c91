import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/App';
import { openInApp, openInAppLoader } from './app/open-in-app';
import { createPublicStore } from './app/public-store';
import { isPublicPath, publicPages } from './app/public-routes';
import { rootRoute } from './app/root-route';
import { sessionWorthAsking } from './features/auth/session-hint';
import { matchesPrerenderedState } from './prerender/prerendered-state';
import './styles.css';

/*
 * The public pages' own entry (landing, login, sign-up): React, the router and the session's store,
 * without the inbox, the socket or the windows. The server sends it for /, /login and /signup; the
 * landing page comes with its HTML rendered at build (build/prerender.mjs), so it paints before any
 * script runs.
 */
const store = createPublicStore({ askSession: sessionWorthAsking(window.location.pathname) });
const router = createAppRouter(
  rootRoute([...publicPages, { path: '*', loader: openInAppLoader }]),
  store,
  isPublicPath,
  openInApp,
);

const container = document.getElementById('root')!;
/** Whether #root holds a page rendered at build (public.html holds only a comment). */
const prerendered = container.firstElementChild !== null;
const app = (
  <StrictMode>
    <App store={store} router={router} />
  </StrictMode>
);

function start(): void {
  if (!prerendered || !matchesPrerenderedState(store.getState())) {
    createRoot(container).render(app);
  } else hydrateRoot(container, app);
  document.documentElement.dataset.started = '';
}

// Rendered ahead of time: taken over once the page's own chunk is in, so the visitor never sees the
// loading screen over a page already painted (the router renders it until then).
if (prerendered && !router.state.initialized) {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    start();
  });
} else start();
