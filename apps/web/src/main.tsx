import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/App';
import { routes } from './app/routes';
import { createAppStore } from './app/store';
import { sessionWorthAsking } from './features/auth/session-hint';
import './styles.css';

// A signed-out visitor of a public page is not asked about a session it cannot have (no 401 logged).
const store = createAppStore({ askSession: sessionWorthAsking(window.location.pathname) });
const router = createAppRouter(routes, store);

// As a transition, the first render of the dashboard yields to the browser between components
// instead of one long task (Lighthouse's total blocking time on /dashboard).
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App store={store} router={router} />
    </StrictMode>,
  );
});
