import { ApiError } from '../../api/api-error';
import { loginErrorMessage } from './auth-errors';

const firebaseError = (code: string) => Object.assign(new Error(`Firebase: (${code}).`), { code });

describe('loginErrorMessage', () => {
  it.each([
    ['INVALID_EMAIL', 400, 'Email inválido'],
    ['TOO_MANY_ATTEMPTS', 429, 'Muitas tentativas. Tente novamente mais tarde'],
    ['USER_NOT_FOUND', 401, 'Usuário não encontrado'],
    ['WRONG_PASSWORD', 401, 'Senha incorreta'],
  ])('maps the server code %s to its catalogue text', (code, status, text) => {
    expect(loginErrorMessage(new ApiError('texto do servidor', status, code))).toBe(text);
  });

  it("shows the server's own text for INVALID_CREDENTIALS", () => {
    const error = new ApiError('Usuário não encontrado ou senha incorreta', 401, 'INVALID_CREDENTIALS');
    expect(loginErrorMessage(error)).toBe('Usuário não encontrado ou senha incorreta');
  });

  it("shows the server's own text for NOT_READY (sign in again in a moment)", () => {
    const text = 'O serviço está sendo atualizado. Tente entrar novamente em instantes.';
    expect(loginErrorMessage(new ApiError(text, 503, 'NOT_READY'))).toBe(text);
  });

  it.each([
    new ApiError('Erro de conexão', 0, 'NETWORK_ERROR'),
    new ApiError('demorou', 0, 'TIMEOUT'),
    new ApiError('HTTP 502: <html>', 502, 'INVALID_RESPONSE'),
    new ApiError('Dados inválidos', 400, 'VALIDATION_ERROR'),
    new TypeError('boom'),
    'a string',
    null,
  ])('answers Erro ao fazer login for anything else (%p)', (error) => {
    expect(loginErrorMessage(error)).toBe('Erro ao fazer login');
  });

  it.each([
    ['auth/popup-closed-by-user', 'Login cancelado'],
    ['auth/cancelled-popup-request', 'Login cancelado'],
    ['auth/popup-blocked', 'Popup bloqueado pelo navegador'],
    ['auth/network-request-failed', 'Erro ao fazer login com Google'],
    ['auth/internal-error', 'Erro ao fazer login com Google'],
  ])('maps the Google failure %s', (code, text) => {
    expect(loginErrorMessage(firebaseError(code), 'google')).toBe(text);
  });

  it('answers Erro ao fazer login com Google for other Google failures', () => {
    expect(loginErrorMessage(new ApiError('x', 401, 'INVALID_ID_TOKEN'), 'google')).toBe(
      'Erro ao fazer login com Google',
    );
    expect(loginErrorMessage(new Error('no code'), 'google')).toBe('Erro ao fazer login com Google');
  });

  it.each([
    ['auth/user-not-found', 'Usuário não encontrado'],
    ['auth/wrong-password', 'Senha incorreta'],
    ['auth/invalid-email', 'Email inválido'],
    ['auth/too-many-requests', 'Muitas tentativas. Tente novamente mais tarde'],
    ['auth/invalid-credential', 'Usuário não encontrado ou senha incorreta'],
    ['auth/network-request-failed', 'Erro ao fazer login'],
  ])('maps the Firebase e-mail/password failure %s', (code, text) => {
    expect(loginErrorMessage(firebaseError(code), 'password')).toBe(text);
  });

  it('does not take inherited properties for codes', () => {
    expect(loginErrorMessage({ code: 'toString' })).toBe('Erro ao fazer login');
  });
});
