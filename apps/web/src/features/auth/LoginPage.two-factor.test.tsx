import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act, screen, waitFor } from '@testing-library/react';
import { ana, failure, localMode, signedOut } from './test/auth-fixtures';
import { renderLoginPage, stopStores } from './test/render-login';

const TOTP_REQUIRED = 'Digite o código do aplicativo autenticador';
const TOTP_INVALID = 'Código de verificação inválido';
const PASSWORD_CHANGE = 'Defina uma nova senha para continuar (a senha atual é provisória)';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  window.localStorage.clear();
  server.use(signedOut(), localMode());
});
afterEach(() => {
  stopStores();
  server.resetHandlers();
});
afterAll(() => server.close());

type Body = Record<string, unknown>;

/**
 * POST /api/auth/login for an account with two-factor sign-in on: TOTP_REQUIRED without a code,
 * TOTP_INVALID unless the app's code is `appCode()` (the current one) or the recovery code is
 * `recoveryCode`; with `passwordDue`, then PASSWORD_CHANGE_REQUIRED until a new password comes along.
 */
function serveTwoFactorLogin({
  appCode = (): string => '123456',
  recoveryCode = 'k3f9-x2mq-7h4d',
  passwordDue = false,
} = {}) {
  const bodies: Body[] = [];
  server.use(
    http.post('/api/auth/login', async ({ request }) => {
      const body = (await request.json()) as Body;
      bodies.push(body);
      if (body.totp === undefined && body.recoveryCode === undefined) {
        return failure(401, 'TOTP_REQUIRED', TOTP_REQUIRED);
      }
      if (body.totp !== appCode() && body.recoveryCode !== recoveryCode) {
        return failure(401, 'TOTP_INVALID', TOTP_INVALID);
      }
      if (passwordDue && body.newPassword === undefined) {
        return failure(403, 'PASSWORD_CHANGE_REQUIRED', PASSWORD_CHANGE);
      }
      return HttpResponse.json({ success: true, user: ana });
    }),
  );
  return bodies;
}

/** Signs in with e-mail and password, and waits for the code to be asked. */
async function signInUntilAsked(view: ReturnType<typeof renderLoginPage>) {
  const { user } = view;
  await user.type(await screen.findByLabelText('Email'), 'ana@empresa.com.br');
  await user.type(screen.getByLabelText('Senha', { exact: true }), 'segredo123');
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
  expect(await screen.findByRole('status')).toHaveTextContent(TOTP_REQUIRED);
}

const verify = () => screen.getByRole('button', { name: 'Verificar e entrar' });

describe('LoginPage: two-factor sign-in', () => {
  it("asks for the app's code (numeric, one-time-code) and resends with totp", async () => {
    const bodies = serveTwoFactorLogin();
    const view = renderLoginPage();
    await signInUntilAsked(view);

    const code = screen.getByLabelText('Código de verificação');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // Spaces and letters are not digits: "123 456" is typed as 123456.
    await view.user.type(code, '123 45');
    await view.user.click(verify());
    expect(screen.getByRole('alert')).toHaveTextContent('Digite os 6 dígitos do código');
    expect(bodies).toHaveLength(1);

    await view.user.type(code, '6');
    expect(code).toHaveValue('123456');
    await view.user.click(verify());
    await waitFor(() => expect(view.navigate).toHaveBeenCalledWith('/dashboard'));
    expect(bodies).toEqual([
      { email: 'ana@empresa.com.br', password: 'segredo123' },
      { email: 'ana@empresa.com.br', password: 'segredo123', totp: '123456' },
    ]);
    expect(view.store.getState().auth).toMatchObject({ status: 'authenticated', secondFactor: null });
  });

  it("shows the server's text for a wrong code and takes another one", async () => {
    const bodies = serveTwoFactorLogin();
    const view = renderLoginPage();
    await signInUntilAsked(view);
    const code = screen.getByLabelText('Código de verificação');
    await view.user.type(code, '000000');
    await view.user.click(verify());
    expect(await screen.findByRole('alert')).toHaveTextContent(TOTP_INVALID);
    expect(verify()).toBeEnabled();
    expect(view.navigate).not.toHaveBeenCalled();

    await view.user.clear(code);
    await view.user.type(code, '123456');
    await view.user.click(verify());
    await waitFor(() => expect(view.navigate).toHaveBeenCalledWith('/dashboard'));
    expect(bodies.map((body) => body.totp)).toEqual([undefined, '000000', '123456']);
  });

  it('switches to a recovery code (and back) and resends with recoveryCode', async () => {
    const bodies = serveTwoFactorLogin();
    const view = renderLoginPage();
    await signInUntilAsked(view);
    await view.user.type(screen.getByLabelText('Código de verificação'), '12');

    await view.user.click(screen.getByRole('button', { name: 'Usar um código de recuperação' }));
    expect(screen.queryByLabelText('Código de verificação')).not.toBeInTheDocument();
    const recovery = screen.getByLabelText('Código de recuperação');
    expect(recovery).toHaveValue('');
    expect(recovery).toHaveFocus();

    await view.user.click(screen.getByRole('button', { name: 'Usar o código do aplicativo' }));
    expect(screen.getByLabelText('Código de verificação')).toHaveValue('');
    await view.user.click(screen.getByRole('button', { name: 'Usar um código de recuperação' }));

    await view.user.type(screen.getByLabelText('Código de recuperação'), 'errado-0000');
    await view.user.click(verify());
    expect(await screen.findByRole('alert')).toHaveTextContent(TOTP_INVALID);

    await view.user.clear(screen.getByLabelText('Código de recuperação'));
    await view.user.type(screen.getByLabelText('Código de recuperação'), ' k3f9-x2mq-7h4d ');
    await view.user.click(verify());
    await waitFor(() => expect(view.navigate).toHaveBeenCalledWith('/dashboard'));
    expect(bodies.at(-1)).toEqual({
      email: 'ana@empresa.com.br',
      password: 'segredo123',
      recoveryCode: 'k3f9-x2mq-7h4d',
    });
  });

  it('asks for a new password after the code, and sends the code and the new password together', async () => {
    const bodies = serveTwoFactorLogin({ passwordDue: true });
    const view = renderLoginPage();
    await signInUntilAsked(view);
    await view.user.type(screen.getByLabelText('Código de verificação'), '123456');
    await view.user.click(verify());

    expect(await screen.findByRole('status')).toHaveTextContent(PASSWORD_CHANGE);
    // The code stays (a fresh one may be typed if it expired meanwhile).
    expect(screen.getByLabelText('Código de verificação')).toHaveValue('123456');
    await view.user.type(screen.getByLabelText('Nova senha', { exact: true }), 'minha-senha');
    await view.user.type(screen.getByLabelText('Confirmar nova senha'), 'minha-senha');
    await view.user.click(screen.getByRole('button', { name: 'Definir nova senha e entrar' }));

    await waitFor(() => expect(view.navigate).toHaveBeenCalledWith('/dashboard'));
    expect(bodies).toEqual([
      { email: 'ana@empresa.com.br', password: 'segredo123' },
      { email: 'ana@empresa.com.br', password: 'segredo123', totp: '123456' },
      { email: 'ana@empresa.com.br', password: 'segredo123', totp: '123456', newPassword: 'minha-senha' },
    ]);
  });

  it('shows TOTP_INVALID when the code expired during the password change, and goes on with a fresh one', async () => {
    let current = '123456';
    const bodies = serveTwoFactorLogin({ passwordDue: true, appCode: () => current });
    const view = renderLoginPage();
    await signInUntilAsked(view);
    const code = screen.getByLabelText('Código de verificação');
    await view.user.type(code, '123456');
    await view.user.click(verify());
    expect(await screen.findByRole('status')).toHaveTextContent(PASSWORD_CHANGE);

    current = '654321'; // 30 s later
    await view.user.type(screen.getByLabelText('Nova senha', { exact: true }), 'minha-senha');
    await view.user.type(screen.getByLabelText('Confirmar nova senha'), 'minha-senha');
    const submit = screen.getByRole('button', { name: 'Definir nova senha e entrar' });
    await view.user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(TOTP_INVALID);

    await view.user.clear(code);
    await view.user.type(code, '654321');
    await view.user.click(submit);
    await waitFor(() => expect(view.navigate).toHaveBeenCalledWith('/dashboard'));
    expect(bodies.at(-1)).toEqual({
      email: 'ana@empresa.com.br',
      password: 'segredo123',
      totp: '654321',
      newPassword: 'minha-senha',
    });
  });

  it('forgets the code step when the login page is opened again', async () => {
    serveTwoFactorLogin();
    const view = renderLoginPage();
    await signInUntilAsked(view);
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
    await act(() => view.router.navigate('/outra'));
    await act(() => view.router.navigate('/login'));
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Código de verificação')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
