import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Provider } from 'react-redux';
import type { Me } from '../../api/types';
import { createAppStore } from '../../app/store';
import { authActions, authReducer } from '../auth/authSlice';
import BillingPage from './BillingPage';
import { selectBillingQuery } from './billing-endpoints';
import { trialView } from './trial';
import { makeMe } from '../../test/fixtures';
import { billingStore, makeBilling, serveBilling } from './test/billing-fixtures';

/** Anyone but the Owner sees the trial of the user record (GET /api/billing is the Owner's). */
const me = (overrides: Partial<Me> = {}): Me =>
  makeMe({ name: 'Demo', theme: 'light', role: 'Admin', ...overrides });

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
});
afterAll(() => server.close());

function renderBilling(user: Me) {
  const auth = authReducer(undefined, authActions.sessionChecked(user));
  const store = createAppStore({ preloadedState: { auth }, runSagas: false });
  return render(
    <Provider store={store}>
      <BillingPage />
    </Provider>,
  );
}

/** The page with the billing saga running (GET /api/billing for an Owner). */
function renderWithBilling(user: Me) {
  const store = billingStore(user);
  render(
    <Provider store={store}>
      <BillingPage />
    </Provider>,
  );
  return store;
}

const owner = () => makeMe({ name: 'Dona', theme: 'light', role: 'Owner' });

describe('BillingPage (Owner)', () => {
  it("shows the plan and this month's usage against each limit, with the conversations over it", async () => {
    serveBilling(
      server,
      makeBilling({
        plan: 'starter',
        limitsOf: 'starter',
        limitsLabel: 'Starter',
        status: 'subscribed',
        limits: { members: 3, conversationsPerMonth: 1000 },
        usage: {
          month: '2026-03',
          activeMembers: 2,
          conversationsStarted: 1234,
          overLimitConversations: 234,
        },
      }),
    );
    renderWithBilling(owner());
    expect(await screen.findByRole('heading', { name: 'Plano Starter' })).toBeInTheDocument();
    const usage = screen.getByRole('region', { name: 'Uso deste mês' });
    expect(usage).toHaveTextContent('março de 2026');

    expect(within(usage).getByText('Membros ativos: 2 de 3')).toBeInTheDocument();
    const members = within(usage).getByRole('progressbar', { name: 'Membros ativos' });
    expect(members).toHaveAttribute('aria-valuenow', '2');
    expect(members).toHaveAttribute('aria-valuemin', '0');
    expect(members).toHaveAttribute('aria-valuemax', '3');
    expect(members).toHaveAttribute('aria-valuetext', '2 de 3');

    expect(within(usage).getByText('Conversas este mês: 1.234 de 1.000')).toBeInTheDocument();
    const conversations = within(usage).getByRole('progressbar', { name: 'Conversas este mês' });
    expect(conversations).toHaveAttribute('aria-valuenow', '1000');
    expect(conversations).toHaveAttribute('aria-valuemax', '1000');
    expect(conversations).toHaveAttribute('aria-valuetext', '1.234 de 1.000');
    expect(conversations.firstElementChild).toHaveStyle({ width: '100%' });
    expect(within(usage).getByText('234 conversas acima do limite')).toBeInTheDocument();

    // The plan is marked in the grid; the plans stay.
    expect(
      within(screen.getByRole('article', { name: 'Starter' })).getByText('Seu plano'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Disponível em Breve' })).toHaveLength(3);
  });

  it('says Ilimitado for unlimited limits, without a bar', async () => {
    serveBilling(
      server,
      makeBilling({
        plan: 'enterprise',
        limitsOf: 'enterprise',
        limitsLabel: 'Enterprise',
        status: 'subscribed',
        limits: { members: null, conversationsPerMonth: null },
        usage: { month: '2026-03', activeMembers: 42, conversationsStarted: 9876, overLimitConversations: 0 },
      }),
    );
    renderWithBilling(owner());
    expect(await screen.findByRole('heading', { name: 'Plano Enterprise' })).toBeInTheDocument();
    expect(screen.getByText('Membros ativos: 42 (Ilimitado)')).toBeInTheDocument();
    expect(screen.getByText('Conversas este mês: 9.876 (Ilimitado)')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByText(/acima do limite/)).not.toBeInTheDocument();
  });

  it("shows the trial's days left from GET /api/billing and the limits it runs on", async () => {
    serveBilling(server, makeBilling({ trialDaysLeft: 4 }));
    renderWithBilling(owner());
    expect(
      await screen.findByRole('heading', { name: 'Período de teste: 4 dias restantes' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Durante o teste valem os limites do plano Professional.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Dias restantes do período de teste' })).toHaveAttribute(
      'aria-valuenow',
      '4',
    );
    expect(screen.getByText('Membros ativos: 3 de 10')).toBeInTheDocument();
    expect(screen.getByText('Conversas este mês: 120 de 5.000')).toBeInTheDocument();
    expect(screen.queryByText('1 conversa acima do limite')).not.toBeInTheDocument();
  });

  it('says sending is blocked until a plan is chosen once the trial ended, and who sets the plan', async () => {
    serveBilling(
      server,
      makeBilling({
        status: 'trial-ended',
        trialDaysLeft: 0,
        usage: { month: '2026-03', activeMembers: 3, conversationsStarted: 120, overLimitConversations: 1 },
      }),
    );
    renderWithBilling(owner());
    expect(await screen.findByRole('heading', { name: 'Período de teste encerrado' })).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Período de teste encerrado' });
    expect(card).toHaveTextContent(/terminou em 17 de março de 2026/);
    expect(card).toHaveTextContent(/O envio de mensagens está bloqueado até a escolha de um plano/);
    expect(card).toHaveTextContent(/O plano é definido pelo suporte do Atende/);
    expect(screen.getByRole('progressbar', { name: 'Dias restantes do período de teste' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    expect(screen.getByText('1 conversa acima do limite')).toBeInTheDocument();
  });

  it('says when the figures cannot be read, shows the trial of the user record, and retries', async () => {
    const calls = serveBilling(server, (call) =>
      call === 1
        ? HttpResponse.json({ success: false, error: 'Erro interno', code: 'INTERNAL' }, { status: 500 })
        : HttpResponse.json({ success: true, billing: makeBilling({ trialDaysLeft: 2 }) }),
    );
    const user = userEvent.setup();
    renderWithBilling(owner());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível carregar o uso do plano: Erro interno',
    );
    expect(screen.getByRole('heading', { name: 'Período de teste: 5 dias restantes' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(
      await screen.findByRole('heading', { name: 'Período de teste: 2 dias restantes' }),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('BillingPage (other roles)', () => {
  it.each(['Admin', 'Supervisor', 'Agente'] as const)(
    'shows the trial of the user record to an %s without asking GET /api/billing',
    async (role) => {
      const calls = serveBilling(server, makeBilling());
      const store = renderWithBilling(me({ role }));
      expect(screen.getByRole('heading', { name: 'Período de teste: 5 dias restantes' })).toBeInTheDocument();
      expect(screen.getAllByRole('button', { name: 'Disponível em Breve' })).toHaveLength(3);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(calls).toHaveLength(0);
      expect(selectBillingQuery(store.getState()).status).toBe('uninitialized');
      expect(screen.queryByRole('region', { name: 'Uso deste mês' })).not.toBeInTheDocument();
    },
  );
});

describe('BillingPage', () => {
  it('shows the days left of the trial with a progress bar and the pt-BR start date', () => {
    renderBilling(me());
    expect(screen.getByRole('heading', { level: 1, name: 'Assinatura' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Período de teste: 5 dias restantes' })).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Dias restantes do período de teste' });
    expect(bar).toHaveAttribute('aria-valuenow', '5');
    expect(bar).toHaveAttribute('aria-valuemax', '7');
    expect(bar.firstElementChild).toHaveStyle({ width: '71%' });
    expect(screen.getByText('Início: 10 de março de 2025')).toBeInTheDocument();
    expect(screen.getByText(/vai até 17 de março de 2025/)).toBeInTheDocument();
  });

  it('says so when the trial has ended', () => {
    renderBilling(me({ trialDaysLeft: 0 }));
    expect(screen.getByRole('heading', { name: 'Período de teste encerrado' })).toBeInTheDocument();
    expect(
      screen.getByText(/Seu período de teste de 7 dias terminou em 17 de março de 2025/),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  });

  it('says "1 dia restante" on the last day', () => {
    renderBilling(me({ trialDaysLeft: 1 }));
    expect(screen.getByRole('heading', { name: 'Período de teste: 1 dia restante' })).toBeInTheDocument();
  });

  it('lists the three plans with prices, periods, features and disabled buttons', () => {
    renderBilling(me());
    const starter = screen.getByRole('article', { name: 'Starter' });
    const professional = screen.getByRole('article', { name: 'Professional' });
    const enterprise = screen.getByRole('article', { name: 'Enterprise' });
    expect(within(starter).getByText('R$ 89,90')).toBeInTheDocument();
    expect(within(starter).getByText('/mês')).toBeInTheDocument();
    expect(within(starter).getByText('Até 3 agentes')).toBeInTheDocument();
    expect(within(professional).getByText('R$ 209,90')).toBeInTheDocument();
    expect(within(professional).getByText('/trimestre')).toBeInTheDocument();
    expect(within(professional).getByText('Mais Popular')).toBeInTheDocument();
    expect(within(enterprise).getByText('R$ 699,90')).toBeInTheDocument();
    expect(within(enterprise).getByText('/ano')).toBeInTheDocument();
    expect(within(starter).queryByText('Mais Popular')).not.toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'Disponível em Breve' });
    expect(buttons).toHaveLength(3);
    for (const button of buttons) expect(button).toBeDisabled();
  });
});

describe('trialView', () => {
  it('keeps the numbers in range and tolerates a bad date', () => {
    expect(trialView({ trialStarted: 'x', trialDays: 7, trialDaysLeft: 9 })).toMatchObject({
      daysLeft: 7,
      percentLeft: 100,
      ended: false,
      startedAt: null,
      endsAt: null,
    });
    expect(trialView({ trialStarted: '2025-01-01', trialDays: 0, trialDaysLeft: -2 })).toMatchObject({
      daysLeft: 0,
      percentLeft: 0,
      ended: true,
    });
  });
});
