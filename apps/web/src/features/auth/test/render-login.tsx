import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { createAppStore, type AppStore } from '../../../app/store';
import LoginPage from '../LoginPage';

const stores: AppStore[] = [];

/** Stops the sagas of the stores the tests made (call in afterEach). */
export function stopStores() {
  for (const store of stores.splice(0)) store.sagaTask?.cancel();
}

/** The login page alone, with a real store whose sagas navigate through a jest.fn(). */
export function renderLoginPage({ from }: { from?: string } = {}) {
  const navigate = jest.fn();
  const store = createAppStore({ navigate });
  stores.push(store);
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <p>Outra página</p> },
    ],
    { initialEntries: [{ pathname: '/login', state: from ? { from } : null }] },
  );
  const user = userEvent.setup();
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, navigate, router, user };
}
