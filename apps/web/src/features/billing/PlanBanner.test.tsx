import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Me } from '../../api/types';
import { makeMe } from '../../test/fixtures';
import DashboardLayout from '../layout/DashboardLayout';
import { BILLING_POLL_INTERVAL_MS, selectBillingQuery } from './billing-endpoints';
import { billingStore, makeBilling, serveBilling } from './test/billing-fixtures';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  jest.useRealTimers();
});
afterAll(() => server.close());

/** The dashboard frame with only the billing saga running (nothing else asks the server). */
function renderDashboard(user: Me) {
  const store = billingStore(user);
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <DashboardLayout />,
        children: [
          { path: 'dashboard', element: <h1>Visão Geral</h1> },
          { path: 'billing', element: <h1>Página Assinatura</h1> },
        ],
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, view, user: userEvent.setup(), router };
}

const content = () => within(screen.getByRole('main'));
const owner = (overrides: Partial<Me> = {}) => makeMe({ role: 'Owner', ...overrides });

describe('PlanBanner', () => {
  it('tells the Owner that the trial ended and sending is blocked, with a link to /billing', async () => {
    serveBilling(server, makeBilling({ status: 'trial-ended', trialDaysLeft: 0 }));
    const { user, router } = renderDashboard(owner());
    const banner = await content().findByRole('alert');
    expect(banner).toHaveTextContent(
      'Seu período de teste terminou. O envio de mensagens está bloqueado até a escolha de um plano.',
    );
    // At the top of the content area, before the page.
    expect(screen.getByRole('main').firstElementChild).toContainElement(banner);
    await user.click(within(banner).getByRole('link', { name: 'Ver assinatura' }));
    expect(router.state.location.pathname).toBe('/billing');
  });

  it('tells the Owner how many conversations of the month went over the plan limit', async () => {
    serveBilling(
      server,
      makeBilling({
        plan: 'starter',
        limitsOf: 'starter',
        limitsLabel: 'Starter',
        status: 'subscribed',
        limits: { members: 3, conversationsPerMonth: 1000 },
        usage: { month: '2026-03', activeMembers: 3, conversationsStarted: 1012, overLimitConversations: 12 },
      }),
    );
    renderDashboard(owner());
    const banner = await content().findByRole('status');
    expect(banner).toHaveTextContent(
      '12 conversas deste mês passaram do limite do plano Starter. Elas foram recebidas, mas só poderão ser respondidas após o upgrade.',
    );
    expect(within(banner).getByRole('link', { name: 'Ver assinatura' })).toHaveAttribute('href', '/billing');
    expect(content().queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says it in the singular for one conversation', async () => {
    serveBilling(
      server,
      makeBilling({
        usage: { month: '2026-03', activeMembers: 3, conversationsStarted: 5001, overLimitConversations: 1 },
      }),
    );
    renderDashboard(owner());
    expect(await content().findByRole('status')).toHaveTextContent(
      '1 conversa deste mês passou do limite do plano Professional. Ela foi recebida, mas só poderá ser respondida após o upgrade.',
    );
  });

  it('shows nothing when all is well', async () => {
    const calls = serveBilling(server, makeBilling());
    const { store } = renderDashboard(owner());
    await waitFor(() => expect(selectBillingQuery(store.getState()).status).toBe('fulfilled'));
    expect(calls).toHaveLength(1);
    expect(content().queryByRole('alert')).not.toBeInTheDocument();
    expect(content().queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText(/Ver assinatura/)).not.toBeInTheDocument();
  });

  it.each(['Admin', 'Supervisor', 'Agente'] as const)(
    'never asks GET /api/billing for an %s',
    async (role) => {
      const calls = serveBilling(server, makeBilling({ status: 'trial-ended' }));
      renderDashboard(makeMe({ role }));
      expect(screen.getByRole('heading', { name: 'Visão Geral' })).toBeInTheDocument();
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(calls).toHaveLength(0);
      expect(screen.queryByText(/período de teste terminou/)).not.toBeInTheDocument();
    },
  );

  it('refreshes every minute while the dashboard is open, and stops when it closes', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    let overLimit = 0;
    const calls = serveBilling(server, () =>
      Response.json({
        success: true,
        billing: makeBilling({
          usage: {
            month: '2026-03',
            activeMembers: 3,
            conversationsStarted: 5000 + overLimit,
            overLimitConversations: overLimit,
          },
        }),
      }),
    );
    const { store, view } = renderDashboard(owner());
    await waitFor(() => expect(selectBillingQuery(store.getState()).status).toBe('fulfilled'));
    expect(calls).toHaveLength(1);
    expect(content().queryByRole('status')).not.toBeInTheDocument();

    overLimit = 2;
    await act(() => jest.advanceTimersByTimeAsync(BILLING_POLL_INTERVAL_MS));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(await content().findByRole('status')).toHaveTextContent(/^2 conversas deste mês/);

    view.unmount();
    await act(() => jest.advanceTimersByTimeAsync(3 * BILLING_POLL_INTERVAL_MS));
    expect(calls).toHaveLength(2);
  });
});
