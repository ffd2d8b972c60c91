import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { routes } from '../../app/routes';
import { createAppStore, type AppStore } from '../../app/store';
import { authActions } from './authSlice';
import { STORED_USER_KEY } from './stored-user';
import { ana, localMode, signedIn, signedOut, signupOpen, storedAna } from './test/auth-fixtures';

// Other screens may call APIs this file does not care about: answer them with a plain 404.
const server = setupServer(
  http.all('/api/*', () =>
    HttpResponse.json({ success: false, error: 'n/a', code: 'NOT_FOUND' }, { status: 404 }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
beforeEach(() => window.localStorage.clear());
afterEach(() => {
  for (const store of stores.splice(0)) store.sagaTask?.cancel();
  server.resetHandlers();
});
afterAll(() => server.close());

const stores: AppStore[] = [];

/** The app's real routes in memory; the sagas navigate through the router, as in App.tsx. */
function renderApp(path: string) {
  const store = createAppStore({ navigate: jest.fn() });
  stores.push(store);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  store.setNavigate((to) => router.navigate(to));
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router, user: userEvent.setup() };
}

const settled = (router: ReturnType<typeof renderApp>['router']) =>
  waitFor(() => expect(router.state.navigation.state).toBe('idle'));

describe('protected routes', () => {
  it('sends a signed-out visitor from /dashboard to the login page', async () => {
    server.use(signedOut(), localMode());
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Entrar na sua conta' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/dashboard' });
  });

  it('lets a signed-in user stay on /dashboard', async () => {
    server.use(signedIn());
    const { router, store } = renderApp('/dashboard');
    await waitFor(() => expect(store.getState().auth.status).toBe('authenticated'));
    await settled(router);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByRole('heading', { name: 'Entrar na sua conta' })).not.toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(STORED_USER_KEY)!)).toEqual(storedAna);
  });

  it('after signing in, opens the protected page the visitor first asked for', async () => {
    server.use(
      signedOut(),
      localMode(),
      http.post('/api/auth/login', () => HttpResponse.json({ success: true, user: ana })),
    );
    const { router, user } = renderApp('/dashboard/team');
    await user.type(await screen.findByLabelText('Email'), 'ana@empresa.com.br');
    await user.type(screen.getByLabelText('Senha'), 'segredo123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/team'));
    await settled(router);
    expect(router.state.location.pathname).toBe('/dashboard/team');
  });
});

describe('sign-up route', () => {
  it('opens the sign-up screen at /signup while sign-up is open', async () => {
    server.use(signedOut(), signupOpen());
    const { router } = renderApp('/signup');
    expect(await screen.findByRole('heading', { level: 1, name: 'Criar conta' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('sends /signup to the login page, which says sign-up is coming, while it is closed', async () => {
    server.use(signedOut(), localMode());
    const { router } = renderApp('/signup');
    expect(await screen.findByText('Cadastro disponível em breve')).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('logout through the app', () => {
  it('calls the server, clears the stored user and lands on / (not /login)', async () => {
    let logoutCalls = 0;
    server.use(
      signedIn(),
      http.post('/api/auth/logout', () => {
        logoutCalls += 1;
        return HttpResponse.json({ success: true });
      }),
    );
    const { router, store } = renderApp('/dashboard');
    await waitFor(() => expect(store.getState().auth.status).toBe('authenticated'));
    await settled(router);
    const visited: string[] = [];
    const unsubscribe = router.subscribe((state) => visited.push(state.location.pathname));

    act(() => {
      store.dispatch(authActions.logoutRequested());
    });
    await waitFor(() => expect(store.getState().auth.status).toBe('anonymous'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await settled(router);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    unsubscribe();

    expect(router.state.location.pathname).toBe('/');
    expect(visited).not.toContain('/login');
    expect(logoutCalls).toBe(1);
    expect(window.localStorage.getItem(STORED_USER_KEY)).toBeNull();
    expect(store.getState().auth.status).toBe('anonymous');
  });

  it('guards the dashboard again once signed out', async () => {
    server.use(
      signedIn(),
      localMode(),
      http.post('/api/auth/logout', () => HttpResponse.json({ success: true })),
    );
    const { router, store } = renderApp('/dashboard');
    await waitFor(() => expect(store.getState().auth.status).toBe('authenticated'));
    act(() => {
      store.dispatch(authActions.logoutRequested());
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await settled(router);
    await act(() => router.navigate('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Entrar na sua conta' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
  });
});
