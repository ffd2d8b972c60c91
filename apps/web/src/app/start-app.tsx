import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { sessionWorthAsking } from '../features/auth/session-hint';
import { keepStartupFrame } from '../ui/startup-frame';
import { App, createAppRouter } from './App';
import { routes } from './routes';
import { createAppStore } from './store';

/** Lets the browser paint and handle input between start-up steps. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Starts the whole app in steps, each in a task of its own (the store, its sagas, the router, the
 * first render), rather than one long task during which a slow phone answers no tap (Lighthouse's
 * total blocking time). Splitting the evaluation of the code itself into more chunks cost more in
 * requests than it saved (measured with `npm run bench:web`).
 */
export async function startApp(): Promise<void> {
  const container = document.getElementById('root')!;
  keepStartupFrame(container);
  // A signed-out visitor of a public page is not asked about a session it cannot have (no 401 logged).
  const store = createAppStore({ askSession: sessionWorthAsking(window.location.pathname), runSagas: false });
  await nextTask();
  store.startSagas(); // asks GET /api/auth/me first thing
  await nextTask();
  const router = createAppRouter(routes, store);
  await nextTask();
  // As a transition, the first render yields to the browser between components.
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App store={store} router={router} />
      </StrictMode>,
    );
  });
}
