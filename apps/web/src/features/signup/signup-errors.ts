import { isApiError } from '../../api/api-error';

/** The server's minimum (apps/gateway signup-routes), checked here only to answer sooner. */
export const PASSWORD_MIN_LENGTH = 8;

export const SIGNUP_ERRORS = {
  passwordTooShort: 'A senha deve ter pelo menos 8 caracteres',
  closed: 'O cadastro não está aberto neste servidor.',
  unexpected: 'Erro ao criar conta',
} as const;

/**
 * The text the sign-up form shows for a failed POST /api/signup: the server's own text (EMAIL_IN_USE,
 * PASSWORD_TOO_SHORT, INVALID_EMAIL, TOO_MANY_ATTEMPTS…), the connection or timeout text when it
 * never answered, the closed text for 404 (sign-up is not mounted), and a default for answers that
 * are not the gateway's JSON.
 */
export function signupErrorText(error: unknown): string {
  if (!isApiError(error)) return SIGNUP_ERRORS.unexpected;
  if (error.status === 404) return SIGNUP_ERRORS.closed;
  if (error.code === 'INVALID_RESPONSE' || !error.message) return SIGNUP_ERRORS.unexpected;
  return error.message;
}
