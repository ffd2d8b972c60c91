import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Me } from '../../api/types';
import { createAppStore } from '../../app/store';
import { authActions, authReducer } from '../auth/authSlice';
import DashboardLayout from '../layout/DashboardLayout';
import { makeMe } from '../../test/fixtures';
import { fullPageLoad } from './full-page-load';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  jest.restoreAllMocks();
});
afterAll(() => server.close());

/** Ana is Owner of her bakery and Agente at a friend's shop. */
const ana = (overrides: Partial<Me> = {}): Me =>
  makeMe({
    name: 'Ana Souza',
    company: 'Padaria Pão Quente',
    workspaceId: 'w_padaria',
    workspaces: [
      { id: 'w_padaria', name: 'Padaria Pão Quente', role: 'Owner' },
      { id: 'w_loja', name: 'Loja da Esquina', role: 'Agente' },
    ],
    ...overrides,
  });

/** The dashboard frame signed in as `user` (no sagas: the switcher talks to the server itself). */
function renderLayout(user: Me) {
  const auth = authReducer(undefined, authActions.sessionChecked(user));
  const store = createAppStore({ preloadedState: { auth }, runSagas: false });
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <DashboardLayout />,
        children: [{ path: 'dashboard', element: <h1>Início</h1> }],
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return userEvent.setup();
}

const sidebar = () => within(screen.getByRole('complementary', { name: 'Menu lateral' }));

describe('WorkspaceSwitcher', () => {
  it("shows the server's company name and no switcher for an account in one company", () => {
    renderLayout(ana({ workspaces: [{ id: 'w_padaria', name: 'Padaria Pão Quente', role: 'Owner' }] }));
    expect(sidebar().getByText('Padaria Pão Quente')).toBeInTheDocument();
    expect(screen.queryByText('Minha Empresa')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Trocar de empresa' })).not.toBeInTheDocument();
  });

  it('lists every company with the current one checked; Escape closes and gives the focus back', async () => {
    const user = renderLayout(ana());
    const button = sidebar().getByRole('button', { name: 'Trocar de empresa' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: 'Empresas' });
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual([
      'Padaria Pão QuenteOwner (empresa atual)',
      'Loja da EsquinaAgente',
    ]);
    const current = within(menu).getByRole('menuitemradio', { name: /Padaria Pão Quente/ });
    expect(current).toHaveAttribute('aria-checked', 'true');
    expect(current).toHaveFocus();
    expect(within(menu).getByRole('menuitemradio', { name: /Loja da Esquina/ })).toHaveAttribute(
      'aria-checked',
      'false',
    );

    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitemradio', { name: /Loja da Esquina/ })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('choosing the current company changes nothing', async () => {
    const load = jest.spyOn(fullPageLoad, 'to').mockImplementation(() => {});
    const user = renderLayout(ana());
    await user.click(sidebar().getByRole('button', { name: 'Trocar de empresa' }));
    await user.click(screen.getByRole('menuitemradio', { name: /Padaria Pão Quente/ }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it('POSTs /api/auth/workspace with the chosen company, then loads /dashboard from scratch', async () => {
    const load = jest.spyOn(fullPageLoad, 'to').mockImplementation(() => {});
    let body: unknown;
    server.use(
      http.post('/api/auth/workspace', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          success: true,
          user: ana({ company: 'Loja da Esquina', workspaceId: 'w_loja', role: 'Agente' }),
        });
      }),
    );
    const user = renderLayout(ana());
    await user.click(sidebar().getByRole('button', { name: 'Trocar de empresa' }));
    await user.click(screen.getByRole('menuitemradio', { name: /Loja da Esquina/ }));
    await waitFor(() => expect(load).toHaveBeenCalledWith('/dashboard'));
    expect(body).toEqual({ workspaceId: 'w_loja' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the refusal (403 WORKSPACE_FORBIDDEN) and stays in the current company', async () => {
    const load = jest.spyOn(fullPageLoad, 'to').mockImplementation(() => {});
    server.use(
      http.post('/api/auth/workspace', () =>
        HttpResponse.json(
          { success: false, error: 'Você não faz parte desta empresa', code: 'WORKSPACE_FORBIDDEN' },
          { status: 403 },
        ),
      ),
    );
    const user = renderLayout(ana());
    const button = sidebar().getByRole('button', { name: 'Trocar de empresa' });
    await user.click(button);
    await user.click(screen.getByRole('menuitemradio', { name: /Loja da Esquina/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Você não faz parte desta empresa');
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toBeEnabled();
    expect(sidebar().getByText('Padaria Pão Quente')).toBeInTheDocument();
  });
});
