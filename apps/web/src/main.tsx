import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/App';
import { routes } from './app/routes';
import { createAppStore } from './app/store';
import { sessionWorthAsking } from './features/auth/session-hint';
import './styles.css';

// A signed-out visitor of a public page is not asked about a session it cannot have (no 401 logged).
const store = createAppStore({ askSession: sessionWorthAsking(window.location.pathname) });
const router = createAppRouter(routes, store);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={store} router={router} />
  </StrictMode>,
);
