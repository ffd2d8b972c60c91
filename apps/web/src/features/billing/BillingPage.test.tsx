import { render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { Me } from '../../api/types';
import { createAppStore } from '../../app/store';
import { authActions, authReducer } from '../auth/authSlice';
import BillingPage from './BillingPage';
import { trialView } from './trial';
import { makeMe } from '../../test/fixtures';

const me = (overrides: Partial<Me> = {}): Me => makeMe({ name: 'Demo', theme: 'light', ...overrides });

function renderBilling(user: Me) {
  const auth = authReducer(undefined, authActions.sessionChecked(user));
  const store = createAppStore({ preloadedState: { auth }, runSagas: false });
  return render(
    <Provider store={store}>
      <BillingPage />
    </Provider>,
  );
}

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
