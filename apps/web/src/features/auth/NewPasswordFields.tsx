import { useId } from 'react';

export const NEW_PASSWORD_MIN_LENGTH = 8;
export const PASSWORDS_DIFFER = 'As senhas não conferem';
export const NEW_PASSWORD_TOO_SHORT = `A nova senha deve ter pelo menos ${NEW_PASSWORD_MIN_LENGTH} caracteres`;

/** What is wrong with a new password and its confirmation, or null. */
export function newPasswordProblem(password: string, confirmation: string): string | null {
  if (password.length < NEW_PASSWORD_MIN_LENGTH) return NEW_PASSWORD_TOO_SHORT;
  if (password !== confirmation) return PASSWORDS_DIFFER;
  return null;
}

/** "Nova senha" and "Confirmar nova senha" (a one-time or expired password being replaced). */
export function NewPasswordFields(props: {
  password: string;
  confirmation: string;
  onPassword(value: string): void;
  onConfirmation(value: string): void;
}) {
  const passwordId = useId();
  const confirmationId = useId();
  return (
    <>
      <div>
        <label
          htmlFor={passwordId}
          className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200"
        >
          Nova senha
        </label>
        <input
          id={passwordId}
          name="new-password"
          type="password"
          required
          minLength={NEW_PASSWORD_MIN_LENGTH}
          autoComplete="new-password"
          className="input"
          value={props.password}
          onChange={(event) => props.onPassword(event.target.value)}
        />
      </div>
      <div>
        <label
          htmlFor={confirmationId}
          className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200"
        >
          Confirmar nova senha
        </label>
        <input
          id={confirmationId}
          name="confirm-password"
          type="password"
          required
          autoComplete="new-password"
          className="input"
          value={props.confirmation}
          onChange={(event) => props.onConfirmation(event.target.value)}
        />
      </div>
    </>
  );
}
