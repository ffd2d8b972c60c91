import { useId } from 'react';

/** The login page's second-factor texts (pt-BR). */
export const SECOND_FACTOR_TEXTS = {
  appCode: 'Código de verificação',
  appCodeHint: 'Os 6 dígitos que o aplicativo autenticador mostra agora',
  recoveryCode: 'Código de recuperação',
  recoveryCodeHint: 'Um dos códigos que você guardou ao ativar a verificação (cada um entra uma vez)',
  useRecoveryCode: 'Usar um código de recuperação',
  useAppCode: 'Usar o código do aplicativo',
  appCodeMissing: 'Digite os 6 dígitos do código',
  recoveryCodeMissing: 'Digite o código de recuperação',
  submit: 'Verificar e entrar',
} as const;

const t = SECOND_FACTOR_TEXTS;

/** Which second factor the visitor types: the authenticator app's code or a recovery code. */
export type SecondFactorKind = 'app' | 'recovery';

/** The app's code as typed or pasted ("123 456"): its digits only, 6 at most. */
export const normalAppCode = (code: string): string => code.replace(/\D/g, '').slice(0, 6);

/** What is wrong with the typed second factor, or null. */
export function secondFactorProblem(kind: SecondFactorKind, code: string): string | null {
  if (kind === 'app') return /^\d{6}$/.test(normalAppCode(code)) ? null : t.appCodeMissing;
  return code.trim() ? null : t.recoveryCodeMissing;
}

/** The login request's proof: `totp` (6 digits) or `recoveryCode`. */
export const secondFactorProof = (kind: SecondFactorKind, code: string) =>
  kind === 'app' ? { totp: normalAppCode(code) } : { recoveryCode: code.trim() };

const linkButton =
  'text-sm font-medium text-blue-600 hover:text-blue-700 hover:underline dark:text-blue-400 dark:hover:text-blue-300';

/**
 * The sign-in's second step for an account with two-factor sign-in on: "Código de verificação" (the
 * authenticator app's 6 digits, which the browser may fill from an SMS-style one-time code), or
 * "Código de recuperação" instead; a link switches between them. Focused when it appears.
 */
export function SecondFactorFields(props: {
  kind: SecondFactorKind;
  code: string;
  onKind(kind: SecondFactorKind): void;
  onCode(code: string): void;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const app = props.kind === 'app';
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200">
        {app ? t.appCode : t.recoveryCode}
      </label>
      {app ? (
        <input
          key="app"
          id={id}
          name="totp"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          autoFocus
          placeholder="000000"
          className="input tracking-[0.3em] tabular-nums"
          aria-describedby={hintId}
          value={props.code}
          onChange={(event) => props.onCode(normalAppCode(event.target.value))}
        />
      ) : (
        <input
          key="recovery"
          id={id}
          name="recovery-code"
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
          required
          autoFocus
          placeholder="xxxx-xxxx-xxxx"
          className="input font-mono"
          aria-describedby={hintId}
          value={props.code}
          onChange={(event) => props.onCode(event.target.value)}
        />
      )}
      <p id={hintId} className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
        {app ? t.appCodeHint : t.recoveryCodeHint}
      </p>
      <button
        type="button"
        className={`mt-2 ${linkButton}`}
        onClick={() => {
          props.onCode('');
          props.onKind(app ? 'recovery' : 'app');
        }}
      >
        {app ? t.useRecoveryCode : t.useAppCode}
      </button>
    </div>
  );
}
