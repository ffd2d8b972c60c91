import { isApiError } from '../../api/api-error';

/** The sign-in texts of the spec's error catalogue (§8), plus the server's combined credentials text. */
export const AUTH_ERRORS = {
  userNotFound: 'Usuário não encontrado',
  wrongPassword: 'Senha incorreta',
  invalidEmail: 'Email inválido',
  tooManyAttempts: 'Muitas tentativas. Tente novamente mais tarde',
  invalidCredentials: 'Usuário não encontrado ou senha incorreta',
  login: 'Erro ao fazer login',
  cancelled: 'Login cancelado',
  popupBlocked: 'Popup bloqueado pelo navegador',
  google: 'Erro ao fazer login com Google',
  logout: 'Erro ao fazer logout',
} as const;

/** Which sign-in failed: e-mail and password, or the Google popup (they have different default texts). */
export type LoginMethod = 'password' | 'google';

/** Server codes (ApiError.code) and Firebase client codes ('auth/…') with a text of their own. */
const BY_CODE: Record<string, string> = {
  // Atende gateway
  INVALID_EMAIL: AUTH_ERRORS.invalidEmail,
  TOO_MANY_ATTEMPTS: AUTH_ERRORS.tooManyAttempts,
  USER_NOT_FOUND: AUTH_ERRORS.userNotFound,
  WRONG_PASSWORD: AUTH_ERRORS.wrongPassword,
  // Firebase web SDK
  'auth/popup-closed-by-user': AUTH_ERRORS.cancelled,
  'auth/cancelled-popup-request': AUTH_ERRORS.cancelled,
  'auth/user-cancelled': AUTH_ERRORS.cancelled,
  'auth/popup-blocked': AUTH_ERRORS.popupBlocked,
  'auth/user-not-found': AUTH_ERRORS.userNotFound,
  'auth/wrong-password': AUTH_ERRORS.wrongPassword,
  'auth/invalid-email': AUTH_ERRORS.invalidEmail,
  'auth/too-many-requests': AUTH_ERRORS.tooManyAttempts,
  'auth/invalid-credential': AUTH_ERRORS.invalidCredentials,
  'auth/invalid-login-credentials': AUTH_ERRORS.invalidCredentials,
};

/** Server codes whose own text is shown: the catalogue has none that says the same. */
const SERVER_TEXT_CODES = new Set(['INVALID_CREDENTIALS', 'NOT_READY']);

const codeOf = (error: unknown): string | undefined => {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
};

/**
 * The text the login page shows for a failed sign-in. Known server and Firebase codes get their
 * catalogue text; INVALID_CREDENTIALS (it deliberately does not say whether the e-mail or the
 * password was wrong) and NOT_READY (try again in a moment) show the server's own text; everything else (network, timeout, unexpected
 * answers) gets the default of the method.
 */
export function loginErrorMessage(error: unknown, method: LoginMethod = 'password'): string {
  const code = codeOf(error);
  if (code && SERVER_TEXT_CODES.has(code))
    return isApiError(error) && error.message ? error.message : AUTH_ERRORS.invalidCredentials;
  if (code && Object.hasOwn(BY_CODE, code)) return BY_CODE[code]!;
  return method === 'google' ? AUTH_ERRORS.google : AUTH_ERRORS.login;
}
