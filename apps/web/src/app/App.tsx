import { useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { AppErrorBoundary } from '../features/errors/AppErrorBoundary';
import { ThemeToggle } from '../features/theme/ThemeToggle';
import type { AppStore } from './store';
import { routes } from './routes';

export function App({ store }: { store: AppStore }) {
  const [router] = useState(() => {
    const created = createBrowserRouter(routes);
    store.setNavigate((to) => created.navigate(to));
    return created;
  });
  return (
    <AppErrorBoundary>
      <Provider store={store}>
        <RouterProvider router={router} />
        <ThemeToggle />
      </Provider>
    </AppErrorBoundary>
  );
}
