import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Provider } from 'react-redux';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { Me } from '../../api/types';
import { createAppStore, type AppStore } from '../../app/store';
import { STORED_USER_KEY } from '../auth/stored-user';
import { failure, localMode, signedIn, signedOut, signupOpen } from '../auth/test/auth-fixtures';
import { makeMe } from '../../test/fixtures';
import SignupPage from './SignupPage';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  window.localStorage.clear();
  server.use(signedOut(), signupOpen());
});
afterEach(() => {
  for (const store of stores.splice(0)) store.sagaTask?.cancel();
  server.resetHandlers();
  jest.restoreAllMocks();
});
afterAll(() => server.close());

const stores: AppStore[] = [];

/** The new company's Owner as the server answers the sign-up. */
const owner: Me = makeMe({
  id: 'u_ze',
  name: 'Seu Zé',
  email: 'ze@padaria.com.br',
  company: 'Padaria Pão Quente',
  workspaceId: 'w_padaria',
  workspaces: [{ id: 'w_padaria', name: 'Padaria Pão Quente', role: 'Owner' }],
  trialDaysLeft: 7,
});

function renderSignup() {
  const navigate = jest.fn();
  const store = createAppStore({ navigate });
  stores.push(store);
  const router = createMemoryRouter(
    [
      { path: '/signup', element: <SignupPage /> },
      { path: '/login', element: <h1>Página de login</h1> },
      { path: '*', element: <h1>Outra página</h1> },
    ],
    { initialEntries: ['/signup'] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, navigate, router, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>, password = 'segredo123') {
  await user.type(await screen.findByLabelText('Nome da empresa'), '  Padaria Pão Quente ');
  await user.type(screen.getByLabelText('Seu nome'), 'Seu Zé');
  await user.type(screen.getByLabelText('Email'), 'ze@padaria.com.br');
  await user.type(screen.getByLabelText('Senha'), password);
}

describe('SignupPage', () => {
  it('shows the form: four labelled fields, Criar conta and the way back to /login', async () => {
    const { user, router } = renderSignup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Criar conta' })).toBeVisible();
    expect(screen.getByLabelText('Nome da empresa')).toBeRequired();
    expect(screen.getByLabelText('Seu nome')).toBeRequired();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    const password = screen.getByLabelText('Senha');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('minlength', '8');
    expect(password).toHaveAccessibleDescription('Mínimo de 8 caracteres');
    expect(screen.getByRole('button', { name: 'Criar conta' })).toBeEnabled();
    await user.click(screen.getByRole('link', { name: 'Já tem conta? Entrar' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it("POSTs /api/signup, shows 'Criando...' meanwhile, then signs the Owner in and opens /dashboard", async () => {
    let body: unknown;
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post('/api/signup', async ({ request }) => {
        body = await request.json();
        await answered;
        return HttpResponse.json({ success: true, user: owner }, { status: 201 });
      }),
      // Signed in, the inbox starts: its list and socket are other tests' business.
      http.get('/api/whatsapp/conversations', () => HttpResponse.json({ success: true, conversations: [] })),
      http.all('/socket.io/*', () => new HttpResponse(null, { status: 404 })),
    );
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    const { user, navigate, store } = renderSignup();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));

    expect(await screen.findByRole('button', { name: 'Criando...' })).toBeDisabled();
    expect(navigate).not.toHaveBeenCalled();
    answer();

    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/dashboard'));
    expect(body).toEqual({
      companyName: 'Padaria Pão Quente',
      name: 'Seu Zé',
      email: 'ze@padaria.com.br',
      password: 'segredo123',
    });
    expect(store.getState().auth).toMatchObject({ status: 'authenticated', user: owner });
    expect(JSON.parse(window.localStorage.getItem(STORED_USER_KEY)!)).toMatchObject({
      id: 'u_ze',
      company: 'Padaria Pão Quente',
      role: 'Owner',
      workspaceId: 'w_padaria',
      workspaces: [{ id: 'w_padaria', name: 'Padaria Pão Quente', role: 'Owner' }],
    });
  });

  it.each([
    [409, 'EMAIL_IN_USE', 'Este email já está em uso. Entre com a sua conta.'],
    [400, 'INVALID_EMAIL', 'Email inválido'],
    [400, 'PASSWORD_TOO_SHORT', 'A senha deve ter pelo menos 8 caracteres'],
    [429, 'TOO_MANY_ATTEMPTS', 'Muitas tentativas. Tente novamente mais tarde'],
  ])('shows the server text of %i %s in the form', async (status, code, text) => {
    server.use(http.post('/api/signup', () => failure(status, code, text)));
    const { user, navigate } = renderSignup();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Criar conta' })).toBeEnabled();
    expect(navigate).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(STORED_USER_KEY)).toBeNull();
  });

  it('says so when the server never answers, and when sign-up closed meanwhile (404)', async () => {
    server.use(http.post('/api/signup', () => HttpResponse.error()));
    const { user } = renderSignup();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro de conexão');

    server.use(http.post('/api/signup', () => failure(404, 'NOT_FOUND', 'Not found')));
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('O cadastro não está aberto neste servidor.'),
    );
  });

  it('refuses a password shorter than 8 characters without asking the server', async () => {
    const posted = jest.fn();
    server.use(
      http.post('/api/signup', () => {
        posted();
        return HttpResponse.json({ success: true, user: owner }, { status: 201 });
      }),
    );
    const { user } = renderSignup();
    await fill(user, 'curta');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A senha deve ter pelo menos 8 caracteres');
    expect(posted).not.toHaveBeenCalled();
  });

  it('sends the visitor to /login when sign-up is closed', async () => {
    server.use(localMode());
    const { router } = renderSignup();
    expect(await screen.findByRole('heading', { name: 'Página de login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a signed-in visitor to /dashboard', async () => {
    server.use(signedIn());
    const { router } = renderSignup();
    expect(await screen.findByRole('heading', { name: 'Outra página' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
