import type { Store } from '@reduxjs/toolkit';
import { Provider } from 'react-redux';
import { RouterProvider, createBrowserRouter, type RouteObject } from 'react-router';
import { AppErrorBoundary } from '../features/errors/AppErrorBoundary';
import { ThemeToggle } from '../features/theme/ThemeToggle';
import type { Navigate } from './store-factory';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The browser router of an entry, whose navigate the store's sagas use. `ownsPath`: the paths this
 * router has; any other is opened by `leave`, a full page load (the public entry hands /dashboard to the app's).
 */
export function createAppRouter(
  routes: RouteObject[],
  store: { setNavigate(navigate: Navigate): void },
  ownsPath: (pathname: string) => boolean = () => true,
  leave: (to: string) => void = (to) => window.location.assign(to),
): AppRouter {
  const router = createBrowserRouter(routes);
  store.setNavigate((to) =>
    ownsPath(new URL(to, window.location.origin).pathname) ? router.navigate(to) : leave(to),
  );
  return router;
}

export function App({ store, router }: { store: Store; router: AppRouter }) {
  return (
    <AppErrorBoundary>
      <Provider store={store}>
        <RouterProvider router={router} />
        <ThemeToggle />
      </Provider>
    </AppErrorBoundary>
  );
}
