import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { screen, waitFor } from '@testing-library/react';
import { STORED_USER_KEY } from './stored-user';
import { ana, failure, localMode, signedIn, signedOut, signupOpen, storedAna } from './test/auth-fixtures';
import { renderLoginPage, stopStores } from './test/render-login';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  window.localStorage.clear();
  server.use(signedOut(), localMode());
});
afterEach(() => {
  stopStores();
  jest.restoreAllMocks();
  server.resetHandlers();
});
afterAll(() => server.close());

async function submit(user: ReturnType<typeof renderLoginPage>['user'], email: string, password: string) {
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Senha', { exact: true }), password);
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('LoginPage', () => {
  it('shows the form: back link, labelled fields, forgot-password link, buttons and the sign-up note', async () => {
    renderLoginPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar na sua conta' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Voltar ao site' })).toHaveAttribute('href', '/');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(email).toHaveAttribute('autocomplete', 'email');
    const password = screen.getByLabelText('Senha');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toBeRequired();
    expect(screen.getByRole('link', { name: 'Esqueceu a senha?' })).toHaveAttribute('href', '#');
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Entrar com Google' })).toBeInTheDocument();
    expect(screen.getByText('Cadastro disponível em breve')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers a Criar conta link to /signup instead of the note when sign-up is open', async () => {
    server.use(signupOpen());
    const { user, router } = renderLoginPage();
    const link = await screen.findByRole('link', { name: 'Criar conta' });
    expect(link).toHaveAttribute('href', '/signup');
    expect(screen.queryByText('Cadastro disponível em breve')).not.toBeInTheDocument();
    await user.click(link);
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('keeps the sign-up note and no link when sign-up is closed', async () => {
    const { store } = renderLoginPage();
    await waitFor(() => expect(store.getState().auth.configStatus).toBe('ready'));
    expect(screen.getByText('Cadastro disponível em breve')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Criar conta' })).not.toBeInTheDocument();
  });

  it('the forgot-password link goes nowhere', async () => {
    const { user, router } = renderLoginPage();
    await user.click(await screen.findByRole('link', { name: 'Esqueceu a senha?' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(window.location.hash).toBe('');
  });

  it('disables the Google button in local mode and says why', async () => {
    renderLoginPage();
    const google = await screen.findByRole('button', { name: 'Entrar com Google' });
    await waitFor(() =>
      expect(google).toHaveAttribute('title', 'O login com Google não está disponível neste servidor'),
    );
    expect(google).toBeDisabled();
  });

  it('keeps the Google button disabled when the configuration cannot be read', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(http.get('/api/auth/config', () => HttpResponse.error()));
    const { store } = renderLoginPage();
    await waitFor(() => expect(store.getState().auth.configStatus).toBe('failed'));
    expect(screen.getByRole('button', { name: 'Entrar com Google' })).toBeDisabled();
  });

  it("shows 'Entrando...' on a disabled button while signing in, then stores the user and opens /dashboard", async () => {
    let body: unknown;
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post('/api/auth/login', async ({ request }) => {
        body = await request.json();
        await answered;
        return HttpResponse.json({ success: true, user: ana });
      }),
    );
    const { user, navigate, store } = renderLoginPage();
    await submit(user, '  ana@empresa.com.br ', 'segredo123');

    const busy = await screen.findByRole('button', { name: 'Entrando...' });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Entrar com Google' })).toBeDisabled();
    expect(navigate).not.toHaveBeenCalled();

    answer();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/dashboard'));
    expect(body).toEqual({ email: 'ana@empresa.com.br', password: 'segredo123' });
    expect(JSON.parse(window.localStorage.getItem(STORED_USER_KEY)!)).toEqual(storedAna);
    expect(store.getState().auth).toMatchObject({ status: 'authenticated', user: ana });
  });

  it('asks for a new password when the server says the password is a one-time or expired one', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/auth/login', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (body.newPassword === undefined) {
          return HttpResponse.json(
            {
              success: false,
              error: 'Defina uma nova senha para continuar (a senha atual é provisória)',
              code: 'PASSWORD_CHANGE_REQUIRED',
            },
            { status: 403 },
          );
        }
        return HttpResponse.json({ success: true, user: ana });
      }),
    );
    const { user, navigate } = renderLoginPage();
    await submit(user, 'ana@empresa.com.br', 'provisoria-123');
    expect(await screen.findByRole('status')).toHaveTextContent('a senha atual é provisória');
    const submitNew = screen.getByRole('button', { name: 'Definir nova senha e entrar' });
    await user.type(screen.getByLabelText('Nova senha', { exact: true }), 'minha-senha');
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'outra-senha');
    await user.click(submitNew);
    expect(await screen.findByRole('alert')).toHaveTextContent('As senhas não conferem');
    expect(bodies).toHaveLength(1);
    await user.clear(screen.getByLabelText('Confirmar nova senha'));
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'minha-senha');
    await user.click(submitNew);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/dashboard'));
    expect(bodies[1]).toEqual({
      email: 'ana@empresa.com.br',
      password: 'provisoria-123',
      newPassword: 'minha-senha',
    });
  });

  it('goes back to the protected page the visitor was sent away from', async () => {
    server.use(http.post('/api/auth/login', () => HttpResponse.json({ success: true, user: ana })));
    const { user, navigate } = renderLoginPage({ from: '/dashboard/team' });
    await submit(user, 'ana@empresa.com.br', 'segredo123');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/dashboard/team'));
  });

  it.each([
    [400, 'INVALID_EMAIL', 'Email inválido', 'Email inválido'],
    [
      401,
      'INVALID_CREDENTIALS',
      'Usuário não encontrado ou senha incorreta',
      'Usuário não encontrado ou senha incorreta',
    ],
    [
      429,
      'TOO_MANY_ATTEMPTS',
      'Muitas tentativas. Tente novamente mais tarde',
      'Muitas tentativas. Tente novamente mais tarde',
    ],
    [401, 'USER_NOT_FOUND', 'Usuário não encontrado', 'Usuário não encontrado'],
    [400, 'VALIDATION_ERROR', 'Dados inválidos', 'Erro ao fazer login'],
    [500, 'INTERNAL', 'Erro interno', 'Erro ao fazer login'],
  ])('answers %i %s with %p in the alert', async (status, code, serverText, shown) => {
    server.use(http.post('/api/auth/login', () => failure(status, code, serverText)));
    const { user, navigate } = renderLoginPage();
    await submit(user, 'ana@empresa.com.br', 'errada');
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled();
    expect(navigate).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(STORED_USER_KEY)).toBeNull();
  });

  it('answers a network failure with Erro ao fazer login', async () => {
    server.use(http.post('/api/auth/login', () => HttpResponse.error()));
    const { user } = renderLoginPage();
    await submit(user, 'ana@empresa.com.br', 'segredo123');
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao fazer login');
  });

  it('clears the old error when trying again', async () => {
    let attempt = 0;
    server.use(
      http.post('/api/auth/login', async () => {
        attempt += 1;
        if (attempt === 1) return failure(400, 'INVALID_EMAIL', 'Email inválido');
        await delay(100);
        return HttpResponse.json({ success: true, user: ana });
      }),
    );
    const { user, navigate } = renderLoginPage();
    await submit(user, 'ana@empresa.com.br', 'segredo123');
    expect(await screen.findByRole('alert')).toHaveTextContent('Email inválido');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/dashboard'));
  });

  it('does not send an empty form', async () => {
    const { user, store } = renderLoginPage();
    await user.click(await screen.findByRole('button', { name: 'Entrar' }));
    expect(store.getState().auth.loginPending).toBe(false);
  });

  it('sends a visitor who is already signed in to /dashboard', async () => {
    server.use(signedIn());
    const { router } = renderLoginPage();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByText('Outra página')).toBeInTheDocument();
  });
});
