import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Me } from '../../api/types';
import { createAppStore, type AppStore } from '../../app/store';
import { authActions, authReducer } from '../auth/authSlice';
import DashboardLayout from './DashboardLayout';
import { layoutActions } from './layoutSlice';
import { menuItemsFor } from './menu';
import { SIDEBAR_COLLAPSED_KEY } from './sidebarPreference';
import { makeMe } from '../../test/fixtures';

const me = (overrides: Partial<Me> = {}): Me => makeMe({ theme: 'light', ...overrides });

const server = setupServer(
  http.all('/api/*', () => HttpResponse.json({ success: false, error: 'não stub' }, { status: 404 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let stores: AppStore[] = [];
/** A real store, signed in as `user` from the start; the auth saga's GET /api/auth/me answers the same user. */
function storeFor(user: Me, { runSagas = true, logoutError = null as string | null } = {}): AppStore {
  server.use(http.get('/api/auth/me', () => HttpResponse.json({ success: true, user })));
  const auth = { ...authReducer(undefined, authActions.sessionChecked(user)), logoutError };
  const store = createAppStore({ preloadedState: { auth }, runSagas });
  stores.push(store);
  preloadedUsers.set(store, auth.user);
  return store;
}
const preloadedUsers = new WeakMap<AppStore, Me | null>();
/** Waits until the auth saga's own session check has answered (so no store update lands after the test). */
const sessionChecked = (store: AppStore) =>
  waitFor(() => expect(store.getState().auth.user).not.toBe(preloadedUsers.get(store)));
const statsLoaded = (store: AppStore) => waitFor(() => expect(store.getState().layout.stats).not.toBeNull());

function stats(unreadTotal: number) {
  const calls: number[] = [];
  server.use(
    http.get('/api/conversations/stats', () => {
      calls.push(Date.now());
      return HttpResponse.json({
        success: true,
        stats: { totalConversations: 200, activeConversations: 180, unreadTotal, channels: ['whatsapp'] },
      });
    }),
  );
  return calls;
}

function renderLayout(store: AppStore, path = '/dashboard') {
  const page = (title: string) => <h1>{title}</h1>;
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <DashboardLayout />,
        children: [
          { path: 'dashboard', element: page('Página Visão Geral') },
          { path: 'dashboard/team', element: page('Página Equipe') },
          { path: 'dashboard/analytics', element: page('Página Analytics') },
          { path: 'dashboard/integrations', element: page('Página Integrações') },
          { path: 'dashboard/settings', element: page('Página Configurações') },
          { path: 'billing', element: page('Página Assinatura') },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

const menu = () => within(screen.getByRole('navigation', { name: 'Menu principal' }));

beforeEach(() => localStorage.clear());
afterEach(() => {
  for (const store of stores) store.sagaTask?.cancel();
  stores = [];
  server.resetHandlers();
  jest.useRealTimers();
});

describe('DashboardLayout', () => {
  it('renders the page in the content area and the user block (initial, name, company)', () => {
    renderLayout(storeFor(me(), { runSagas: false }));
    expect(screen.getByRole('main')).toContainElement(
      screen.getByRole('heading', { name: 'Página Visão Geral' }),
    );
    expect(screen.getByText('Demo Silva')).toBeInTheDocument();
    expect(screen.getByText('Minha Empresa')).toBeInTheDocument();
    expect(screen.getByText('D')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Assinatura' })).toHaveAttribute('href', '/billing');
  });

  it("the user block opens the account's security (password, two-factor) in Configurações", async () => {
    const store = storeFor(me({ role: 'Agente' }), { runSagas: false });
    renderLayout(store);
    const link = screen.getByRole('link', { name: 'Senha e verificação em duas etapas' });
    expect(link).toHaveAttribute('href', '/dashboard/settings');
    await userEvent.setup().click(link);
    expect(await screen.findByRole('heading', { name: 'Página Configurações' })).toBeInTheDocument();
    expect(store.getState().settings.tab).toBe('security');
  });

  it('collapses and expands the sidebar and remembers the choice', async () => {
    const user = userEvent.setup();
    const store = storeFor(me(), { runSagas: false });
    const first = renderLayout(store);
    const collapse = screen.getByRole('button', { name: 'Recolher menu' });
    expect(collapse).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('complementary', { name: 'Menu lateral' })).toHaveAttribute(
      'data-collapsed',
      'false',
    );

    await user.click(collapse);
    const expand = screen.getByRole('button', { name: 'Expandir menu' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('complementary', { name: 'Menu lateral' })).toHaveAttribute(
      'data-collapsed',
      'true',
    );
    expect(localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe('true');
    // Icons only, but every item keeps its name.
    expect(menu().getByRole('link', { name: 'Equipe' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sair' })).toBeInTheDocument();

    first.unmount();
    renderLayout(store);
    await user.click(screen.getByRole('button', { name: 'Expandir menu' }));
    expect(screen.getByRole('button', { name: 'Recolher menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe('false');
  });

  it('shows the menu a role may open: an Agente sees Visão Geral and Configurações (their password)', () => {
    renderLayout(storeFor(me({ role: 'Agente' }), { runSagas: false }));
    expect(menu().getByRole('link', { name: /Visão Geral/ })).toBeInTheDocument();
    expect(menu().getByRole('link', { name: 'Configurações' })).toBeInTheDocument();
    for (const hidden of ['Equipe', 'Analytics', 'Integrações']) {
      expect(menu().queryByRole('link', { name: hidden })).not.toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Assinatura' })).toBeInTheDocument();
  });

  it('an Owner sees the whole menu; a Supervisor no integrations', () => {
    expect(menuItemsFor('Owner').map((item) => item.label)).toEqual([
      'Visão Geral',
      'Equipe',
      'Analytics',
      'Integrações',
      'Configurações',
    ]);
    expect(menuItemsFor('Admin')).toHaveLength(5);
    expect(menuItemsFor('Supervisor').map((item) => item.label)).toEqual([
      'Visão Geral',
      'Equipe',
      'Analytics',
      'Configurações',
    ]);
    expect(menuItemsFor('Agente').map((item) => item.label)).toEqual(['Visão Geral', 'Configurações']);

    renderLayout(storeFor(me({ role: 'Supervisor' }), { runSagas: false }));
    expect(
      menu()
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/dashboard', '/dashboard/team', '/dashboard/analytics', '/dashboard/settings']);
  });

  it('marks the current page; Visão Geral only on /dashboard itself', async () => {
    const user = userEvent.setup();
    renderLayout(storeFor(me(), { runSagas: false }), '/dashboard/team');
    expect(menu().getByRole('link', { name: 'Equipe' })).toHaveAttribute('aria-current', 'page');
    expect(menu().getByRole('link', { name: /Visão Geral/ })).not.toHaveAttribute('aria-current');
    await user.click(menu().getByRole('link', { name: 'Configurações' }));
    expect(await screen.findByRole('heading', { name: 'Página Configurações' })).toBeInTheDocument();
    expect(menu().getByRole('link', { name: 'Configurações' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the unread total from GET /api/conversations/stats on Visão Geral, capped at 99+', async () => {
    stats(150);
    const store = storeFor(me());
    renderLayout(store);
    await sessionChecked(store);
    await statsLoaded(store);
    const overview = menu().getByRole('link', { name: /Visão Geral/ });
    expect(within(overview).getByText('99+')).toBeInTheDocument();
    expect(overview).toHaveAccessibleName('Visão Geral 99+ não lidas');

    act(() => {
      store.dispatch(
        layoutActions.statsLoaded({
          totalConversations: 1,
          activeConversations: 1,
          unreadTotal: 7,
          channels: [],
        }),
      );
    });
    expect(within(overview).getByText('7')).toBeInTheDocument();
  });

  it('shows no badge for 0 unread, and a failing stats call changes nothing', async () => {
    stats(0);
    const first = storeFor(me());
    const view = renderLayout(first);
    await sessionChecked(first);
    await statsLoaded(first);
    expect(menu().getByRole('link', { name: 'Visão Geral' })).toBeInTheDocument();
    view.unmount();

    let failures = 0;
    server.use(
      http.get('/api/conversations/stats', () => {
        failures += 1;
        return HttpResponse.json({ success: false, error: 'Falhou' }, { status: 500 });
      }),
    );
    const store = storeFor(me());
    renderLayout(store);
    await sessionChecked(store);
    await waitFor(() => expect(failures).toBe(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(store.getState().layout.stats).toBeNull();
    expect(menu().getByRole('link', { name: 'Visão Geral' })).toBeInTheDocument();
  });

  it('polls the stats every 5 s while mounted and stops on unmount', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const calls = stats(3);
    const store = storeFor(me());
    const view = renderLayout(store);
    await sessionChecked(store);
    await statsLoaded(store);
    expect(calls).toHaveLength(1);
    await act(() => jest.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(calls).toHaveLength(2));
    await act(() => jest.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(calls).toHaveLength(3));

    view.unmount();
    await act(() => jest.advanceTimersByTimeAsync(20_000));
    expect(calls).toHaveLength(3);
  });

  it('stops polling on logout', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const calls = stats(3);
    const store = storeFor(me());
    renderLayout(store);
    await sessionChecked(store);
    await statsLoaded(store);
    expect(calls).toHaveLength(1);
    act(() => {
      store.dispatch(authActions.loggedOut());
    });
    await act(() => jest.advanceTimersByTimeAsync(20_000));
    expect(calls).toHaveLength(1);
    expect(store.getState().layout.stats).toBeNull();
  });

  it("'Sair' dispatches logoutRequested", async () => {
    const user = userEvent.setup();
    server.use(http.post('/api/auth/logout', () => HttpResponse.json({ success: true })));
    const store = storeFor(me(), { runSagas: false });
    const dispatch = jest.spyOn(store, 'dispatch');
    renderLayout(store);
    await user.click(screen.getByRole('button', { name: 'Sair' }));
    expect(dispatch).toHaveBeenCalledWith(authActions.logoutRequested());
  });

  it('shows the logout error', () => {
    renderLayout(storeFor(me(), { runSagas: false, logoutError: 'Erro ao fazer logout' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Erro ao fazer logout');
  });

  it('opens the drawer from the menu button on small screens and closes it with Escape', async () => {
    const user = userEvent.setup();
    renderLayout(storeFor(me(), { runSagas: false }));
    const open = screen.getByRole('button', { name: 'Abrir menu' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Fechar menu' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(open).toHaveAttribute('aria-expanded', 'false');
    expect(open).toHaveFocus();

    // Following a link closes it too.
    await user.click(open);
    await user.click(menu().getByRole('link', { name: 'Equipe' }));
    expect(open).toHaveAttribute('aria-expanded', 'false');
  });
});
