import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createAppStore, type AppStore } from '../../app/store';
import { COMING_SOON, POPULAR_BADGE, SIGN_UP, plans } from '../../content/plans';
import { localMode, signedOut, signupOpen } from '../auth/test/auth-fixtures';
import LandingPage from './LandingPage';
import { CHANNELS, FAQ, FEATURES, PROBLEMS, PROBLEM_MODAL_BENEFITS } from './landing-content';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  for (const store of stores.splice(0)) store.sagaTask?.cancel();
  server.resetHandlers();
  jest.restoreAllMocks();
});
afterAll(() => server.close());

const stores: AppStore[] = [];

/**
 * The landing page with a store. Without `runSagas` nothing asks the server (the sign-up stays
 * closed, as before the configuration is known); with it, GET /api/auth/config decides.
 */
function renderPage({ runSagas = false } = {}) {
  const user = userEvent.setup();
  const store = createAppStore({ runSagas, navigate: jest.fn() });
  stores.push(store);
  const utils = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route path="/login" element={<h1>Página de login</h1>} />
          <Route path="/signup" element={<h1>Página de cadastro</h1>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return { user, store, ...utils };
}

const firstProblem = PROBLEMS[0]!;

describe('LandingPage', () => {
  it('has the header anchors, the section ids and the login link', async () => {
    const { container, user } = renderPage();
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Atende')).toBeInTheDocument();
    const nav = within(header).getByRole('navigation', { name: 'Navegação principal' });
    expect(within(nav).getByRole('link', { name: 'Problemas' })).toHaveAttribute('href', '#problems');
    expect(within(nav).getByRole('link', { name: 'Soluções' })).toHaveAttribute('href', '#features');
    expect(within(nav).getByRole('link', { name: 'Preços' })).toHaveAttribute('href', '#pricing');
    expect(within(header).getByRole('button', { name: COMING_SOON })).toBeDisabled();
    // The small-screen menu button exists and does nothing.
    await user.click(within(header).getByRole('button', { name: 'Abrir menu' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    for (const id of ['problems', 'features', 'pricing', 'faq']) {
      expect(container.querySelector(`section#${id}`)).toBeInTheDocument();
    }
    // The sections come in the order of the spec.
    const ids = Array.from(container.querySelectorAll('main > section')).map(
      (section) => section.id || section.getAttribute('aria-labelledby'),
    );
    expect(ids).toEqual([
      'hero-title',
      'problems',
      'channels',
      'features',
      'benefits',
      'pricing',
      'faq',
      'cta-title',
    ]);

    const login = within(header).getByRole('link', { name: 'Entrar' });
    expect(login).toHaveAttribute('href', '/login');
    await user.click(login);
    expect(screen.getByRole('heading', { name: 'Página de login' })).toBeInTheDocument();
  });

  it('shows the hero with the trial claim and an enabled Agendar Demo button', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/caixa de entrada/);
    expect(screen.getByRole('button', { name: 'Agendar Demo' })).toBeEnabled();
    const trial = screen.getByRole('list', { name: 'Teste grátis' });
    for (const claim of [
      '3 dias grátis',
      'Sem cartão de crédito',
      'Cancele quando quiser',
      'Ativação imediata',
    ]) {
      expect(within(trial).getByText(claim)).toBeInTheDocument();
    }
  });

  it('makes every Disponível em Breve button a disabled button', () => {
    renderPage();
    const buttons = screen.getAllByRole('button', { name: COMING_SOON });
    // Header, hero, three plans and the closing call to action.
    expect(buttons).toHaveLength(6);
    for (const button of buttons) {
      expect(button.tagName).toBe('BUTTON');
      expect(button).toBeDisabled();
    }
    expect(screen.getByRole('button', { name: 'Falar com Vendas' })).toBeEnabled();
  });

  it('keeps every Disponível em Breve button disabled when the server says sign-up is closed', async () => {
    server.use(signedOut(), localMode());
    const { store } = renderPage({ runSagas: true });
    await waitFor(() => expect(store.getState().auth.configStatus).toBe('ready'));
    expect(screen.getAllByRole('button', { name: COMING_SOON })).toHaveLength(6);
    expect(screen.queryByRole('link', { name: SIGN_UP })).not.toBeInTheDocument();
  });

  it('keeps them disabled when the configuration cannot be read', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(
      signedOut(),
      http.get('/api/auth/config', () => HttpResponse.error()),
    );
    const { store } = renderPage({ runSagas: true });
    await waitFor(() => expect(store.getState().auth.configStatus).toBe('failed'));
    expect(screen.getAllByRole('button', { name: COMING_SOON })).toHaveLength(6);
  });

  it('turns every sign-up button into a Criar conta link to /signup when sign-up is open', async () => {
    server.use(signedOut(), signupOpen());
    const { user } = renderPage({ runSagas: true });
    await waitFor(() => expect(screen.getAllByRole('link', { name: SIGN_UP })).toHaveLength(6));
    expect(screen.queryByRole('button', { name: COMING_SOON })).not.toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: SIGN_UP })) {
      expect(link).toHaveAttribute('href', '/signup');
    }
    // The problem modal's button too.
    await user.click(screen.getByRole('button', { name: PROBLEMS[0]!.title }));
    const dialog = screen.getByRole('dialog', { name: PROBLEMS[0]!.title });
    await user.click(within(dialog).getByRole('link', { name: SIGN_UP }));
    expect(screen.getByRole('heading', { name: 'Página de cadastro' })).toBeInTheDocument();
  });

  it('shows one card per problem with its figure', () => {
    renderPage();
    const section = document.getElementById('problems')!;
    for (const problem of PROBLEMS) {
      const card = within(section).getByRole('button', { name: problem.title });
      expect(card).toHaveAccessibleDescription(problem.description);
      // the figure is on the card, outside the button's name (which is the title it shows)
      expect(card).toHaveTextContent(problem.title);
      expect(card.parentElement).toHaveTextContent(problem.stat);
    }
    expect(section).toHaveTextContent('78%');
    expect(section).toHaveTextContent('40%');
    expect(section).toHaveTextContent('4-6h');
  });

  it('opens the problem modal from a card; Fechar closes it and returns the focus to the card', async () => {
    const { user } = renderPage();
    const card = screen.getByRole('button', { name: firstProblem.title });
    await user.click(card);

    const dialog = screen.getByRole('dialog', { name: firstProblem.title });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByText(firstProblem.description)).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Impacto' })).toBeInTheDocument();
    expect(within(dialog).getByText(firstProblem.impact)).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Solução' })).toBeInTheDocument();
    expect(within(dialog).getByText(firstProblem.solution)).toBeInTheDocument();
    for (const benefit of PROBLEM_MODAL_BENEFITS) {
      expect(within(dialog).getByText(benefit)).toBeInTheDocument();
    }
    expect(within(dialog).getByRole('button', { name: COMING_SOON })).toBeDisabled();
    const close = within(dialog).getByRole('button', { name: 'Fechar' });
    expect(close).toHaveFocus();

    await user.click(close);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(card).toHaveFocus();
  });

  it('closes the problem modal on Escape', async () => {
    const { user } = renderPage();
    const problem = PROBLEMS[2]!;
    await user.click(screen.getByRole('button', { name: problem.title }));
    expect(screen.getByRole('dialog', { name: problem.title })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the channel grid: WhatsApp and Telegram connected, the others not', () => {
    renderPage();
    const section = screen.getByRole('region', { name: 'Conecte Todos os Seus Canais' });
    expect(CHANNELS.map((channel) => channel.name)).toEqual([
      'WhatsApp',
      'Telegram',
      'Messenger',
      'Instagram',
      'Email',
    ]);
    for (const channel of CHANNELS) {
      const tile = section.querySelector(`[data-channel="${channel.id}"]`) as HTMLElement;
      expect(tile).toHaveTextContent(channel.name);
      expect(tile).toHaveTextContent(channel.connected ? 'Conectado' : 'Não conectado');
    }
    expect(CHANNELS.filter((channel) => channel.connected).map((channel) => channel.name)).toEqual([
      'WhatsApp',
      'Telegram',
    ]);
  });

  it('opens the email modal only from the Email tile', async () => {
    const { user } = renderPage();
    const section = screen.getByRole('region', { name: 'Conecte Todos os Seus Canais' });

    await user.click(within(section).getByText('WhatsApp'));
    await user.click(within(section).getByText('Telegram'));
    await user.click(within(section).getByText('Instagram'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'WhatsApp' })).not.toBeInTheDocument();

    const emailTile = within(section).getByRole('button', { name: 'Email' });
    await user.click(emailTile);
    const dialog = screen.getByRole('dialog', { name: /Email/ });
    expect(dialog).toHaveAccessibleName('Integração de Email');
    for (const text of [
      /Gmail/,
      /Outlook/,
      /Yahoo/,
      /OAuth 2\.0/,
      /nunca são armazenadas em texto simples/,
    ]) {
      expect(dialog).toHaveTextContent(text);
    }
    for (const benefit of [
      'Histórico completo de emails',
      'Respostas em tempo real',
      'Integração com os outros canais',
    ]) {
      expect(within(dialog).getByText(benefit)).toBeInTheDocument();
    }
    expect(within(dialog).getByRole('button', { name: COMING_SOON })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(emailTile).toHaveFocus();
  });

  it('shows the feature cards in #features', () => {
    renderPage();
    const section = document.getElementById('features')!;
    for (const feature of FEATURES) {
      expect(within(section).getByRole('heading', { name: feature.title })).toBeInTheDocument();
    }
  });

  it('shows the three plans with prices, periods and the popular badge once', () => {
    renderPage();
    const section = document.getElementById('pricing')!;
    expect(plans).toHaveLength(3);
    for (const plan of plans) {
      const card = within(section).getByRole('listitem', { name: plan.name });
      expect(card).toHaveTextContent(plan.price);
      expect(card).toHaveTextContent(`/${plan.period}`);
      expect(card).toHaveTextContent(plan.description);
      for (const feature of plan.features) expect(within(card).getByText(feature)).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: COMING_SOON })).toBeDisabled();
    }
    expect(section).toHaveTextContent('R$ 89,90');
    expect(section).toHaveTextContent('R$ 209,90');
    expect(section).toHaveTextContent('R$ 699,90');
    expect(screen.getAllByText(POPULAR_BADGE)).toHaveLength(1);
    expect(within(section).getByRole('listitem', { name: 'Professional' })).toHaveTextContent(POPULAR_BADGE);
  });

  it('expands and collapses the FAQ items', async () => {
    const { user } = renderPage();
    const section = document.getElementById('faq')!;
    const questions = within(section).getAllByRole('button');
    expect(questions).toHaveLength(FAQ.length);
    expect(FAQ.length).toBeGreaterThanOrEqual(5);

    const first = within(section).getByRole('button', { name: FAQ[0]!.question });
    const second = within(section).getByRole('button', { name: FAQ[1]!.question });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    const answer = document.getElementById(first.getAttribute('aria-controls')!)!;
    expect(answer).not.toBeVisible();

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(answer).toBeVisible();
    expect(answer).toHaveTextContent(FAQ[0]!.answer);
    expect(screen.getByRole('region', { name: FAQ[0]!.question })).toBe(answer);

    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'true');

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(answer).not.toBeVisible();
  });

  it('shows the closing call to action and the footer', () => {
    renderPage();
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('© 2025 Atende. Todos os direitos reservados.');
    const product = within(footer).getByRole('navigation', { name: 'Produto' });
    expect(within(product).getByRole('link', { name: 'Problemas' })).toHaveAttribute('href', '#problems');
    expect(within(product).getByRole('link', { name: 'Soluções' })).toHaveAttribute('href', '#features');
    expect(within(product).getByRole('link', { name: 'Preços' })).toHaveAttribute('href', '#pricing');
    for (const name of ['Empresa', 'Suporte']) {
      const links = within(within(footer).getByRole('navigation', { name })).getAllByRole('link');
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(link).toHaveAttribute('href', '#');
    }
  });

  it('logs uncaught errors and unhandled rejections while mounted, and stops on unmount', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { unmount } = renderPage();
      const error = new Error('boom');
      window.dispatchEvent(new ErrorEvent('error', { error, message: 'boom' }));
      expect(spy).toHaveBeenCalledWith(expect.any(String), error);

      const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
      rejection.reason = 'falhou';
      window.dispatchEvent(rejection);
      expect(spy).toHaveBeenCalledWith(expect.any(String), 'falhou');

      unmount();
      spy.mockClear();
      // Without `error`, so that jsdom does not report it as an uncaught exception once unlistened.
      window.dispatchEvent(new ErrorEvent('error', { message: 'boom' }));
      window.dispatchEvent(rejection);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});
