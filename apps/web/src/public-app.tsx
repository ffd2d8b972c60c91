import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/App';
import { openInApp, openInAppLoader } from './app/open-in-app';
import { createPublicStore } from './app/public-store';
import { isPublicPath, publicPages } from './app/public-routes';
import { rootRoute } from './app/root-route';
import { sessionWorthAsking } from './features/auth/session-hint';
import { matchesPrerenderedState } from './prerender/prerendered-state';

/** Marks <html data-started> once the app has committed its first render (journeys wait for it). */
function MarkStarted() {
  useEffect(() => {
    document.documentElement.dataset.started = '';
  }, []);
  return null;
}

/*
 * The public pages' app (landing, login, sign-up): React, the router and the session's store, without
 * the inbox, the socket or the windows. Started by public-main.tsx (login, sign-up) or, after the
 * pre-rendered landing page has painted, by landing-main.ts.
 */
export function startPublicApp(): void {
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
      <MarkStarted />
    </StrictMode>
  );

  function start(): void {
    if (!prerendered || !matchesPrerenderedState(store.getState())) {
      createRoot(container).render(app);
    } else {
      // As a transition, hydration yields to the browser between components instead of one long task.
      startTransition(() => {
        hydrateRoot(container, app);
      });
    }
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
}
