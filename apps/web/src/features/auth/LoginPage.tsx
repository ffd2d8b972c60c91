import { useEffect, useId, useState, type FormEvent } from 'react';
import { AlertCircle, Loader2 } from 'lucide-react';
import { Link, Navigate, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { FullScreenLoader } from '../../ui/FullScreenLoader';
import { AuthShell } from './AuthShell';
import { authActions } from './authSlice';
import { afterLoginPath } from './redirect';
import {
  selectAuthConfigStatus,
  selectAuthStatus,
  selectGoogleLoginAvailable,
  selectLoginError,
  selectLoginPending,
  selectPasswordChange,
  selectSecondFactor,
  selectSignupOpen,
} from './selectors';
import { NewPasswordFields, newPasswordProblem } from './NewPasswordFields';
import {
  SECOND_FACTOR_TEXTS,
  SecondFactorFields,
  secondFactorProblem,
  secondFactorProof,
  type SecondFactorKind,
} from './SecondFactorFields';

/** What the login page says about sign-up while the server keeps it closed. */
export const SIGNUP_CLOSED_TEXT = 'Cadastro disponível em breve';

export const GOOGLE_UNAVAILABLE_TITLE = 'O login com Google não está disponível neste servidor';

function GoogleIcon() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5">
      <path
        fill="#4285F4"
        d="M23.5 12.27c0-.85-.08-1.66-.22-2.45H12v4.63h6.46a5.52 5.52 0 0 1-2.4 3.62v3h3.88c2.27-2.09 3.56-5.17 3.56-8.8Z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.24 0 5.96-1.07 7.94-2.91l-3.88-3.01c-1.07.72-2.45 1.15-4.06 1.15-3.13 0-5.77-2.11-6.72-4.95H1.27v3.11A12 12 0 0 0 12 24Z"
      />
      <path fill="#FBBC05" d="M5.28 14.28a7.2 7.2 0 0 1 0-4.56V6.61H1.27a12 12 0 0 0 0 10.78l4.01-3.11Z" />
      <path
        fill="#EA4335"
        d="M12 4.77c1.76 0 3.34.61 4.59 1.8l3.44-3.44A11.97 11.97 0 0 0 12 0 12 12 0 0 0 1.27 6.61l4.01 3.11C6.23 6.88 8.87 4.77 12 4.77Z"
      />
    </svg>
  );
}

/** Sign-in (spec §2 "Login", §5, §8). */
export default function LoginPage() {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const status = useAppSelector(selectAuthStatus);
  const pending = useAppSelector(selectLoginPending);
  const error = useAppSelector(selectLoginError);
  const configStatus = useAppSelector(selectAuthConfigStatus);
  const googleAvailable = useAppSelector(selectGoogleLoginAvailable);
  const signupOpen = useAppSelector(selectSignupOpen);
  const passwordChange = useAppSelector(selectPasswordChange);
  const secondFactor = useAppSelector(selectSecondFactor);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [factorKind, setFactorKind] = useState<SecondFactorKind>('app');
  const [factorCode, setFactorCode] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const emailId = useId();
  const passwordId = useId();
  const errorId = useId();
  const titleId = useId();

  const state: unknown = location.state;
  const from =
    typeof state === 'object' && state !== null && 'from' in state && typeof state.from === 'string'
      ? state.from
      : undefined;
  const redirectTo = afterLoginPath(from);

  useEffect(() => {
    dispatch(authActions.loginPageOpened());
  }, [dispatch]);

  if (status === 'authenticated') return <Navigate to={redirectTo} replace />;
  if (status === 'unknown') return <FullScreenLoader />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending || !email.trim() || !password) return;
    const problem =
      (secondFactor ? secondFactorProblem(factorKind, factorCode) : null) ??
      (passwordChange ? newPasswordProblem(newPassword, confirmation) : null);
    setLocalError(problem);
    if (problem) return;
    // Both steps may be asked (the code first, then a new password): the last request carries both.
    dispatch(
      authActions.loginRequested({
        email: email.trim(),
        password,
        redirectTo: from,
        ...(secondFactor ? secondFactorProof(factorKind, factorCode) : {}),
        ...(passwordChange ? { newPassword } : {}),
      }),
    );
  };
  const onFactorKind = (kind: SecondFactorKind) => {
    setFactorKind(kind);
    setLocalError(null);
  };
  const shownError = localError ?? error;

  const googleTitle =
    configStatus === 'loading' || configStatus === 'idle'
      ? 'Verificando as opções de login...'
      : googleAvailable
        ? undefined
        : GOOGLE_UNAVAILABLE_TITLE;

  return (
    <AuthShell>
      <section className="card p-6 sm:p-8" aria-labelledby={titleId}>
        <h1 id={titleId} className="text-2xl font-bold text-slate-900 dark:text-white">
          Entrar na sua conta
        </h1>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
          Acesse sua caixa de entrada de atendimento.
        </p>

        {/* What the server asked for last: a new password (after the code), or the code. */}
        {passwordChange || secondFactor ? (
          <p
            role="status"
            className="mt-6 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-800 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-200"
          >
            {passwordChange ?? secondFactor}
          </p>
        ) : null}

        {shownError ? (
          <div
            role="alert"
            id={errorId}
            className="mt-6 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-700 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-300"
          >
            <AlertCircle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
            <span>{shownError}</span>
          </div>
        ) : null}

        <form className="mt-6 space-y-4" onSubmit={onSubmit}>
          <div>
            <label
              htmlFor={emailId}
              className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200"
            >
              Email
            </label>
            <input
              id={emailId}
              name="email"
              type="email"
              required
              autoComplete="email"
              placeholder="voce@empresa.com.br"
              className="input"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
          </div>
          <div>
            <div className="mb-1.5 flex items-center justify-between gap-2">
              <label
                htmlFor={passwordId}
                className="block text-sm font-medium text-slate-700 dark:text-slate-200"
              >
                Senha
              </label>
              <a
                href="#"
                onClick={(event) => event.preventDefault()}
                className="text-sm font-medium text-blue-600 hover:text-blue-700 hover:underline dark:text-blue-400 dark:hover:text-blue-300"
              >
                Esqueceu a senha?
              </a>
            </div>
            <input
              id={passwordId}
              name="password"
              type="password"
              required
              autoComplete="current-password"
              placeholder="••••••••"
              className="input"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
          </div>
          {secondFactor ? (
            <SecondFactorFields
              kind={factorKind}
              code={factorCode}
              onKind={onFactorKind}
              onCode={setFactorCode}
            />
          ) : null}
          {passwordChange ? (
            <NewPasswordFields
              password={newPassword}
              confirmation={confirmation}
              onPassword={setNewPassword}
              onConfirmation={setConfirmation}
            />
          ) : null}
          <button type="submit" className="btn-primary w-full" disabled={pending}>
            {pending ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : null}
            {pending
              ? 'Entrando...'
              : passwordChange
                ? 'Definir nova senha e entrar'
                : secondFactor
                  ? SECOND_FACTOR_TEXTS.submit
                  : 'Entrar'}
          </button>
        </form>

        <div className="my-6 flex items-center gap-3 text-xs tracking-wide text-slate-500 uppercase dark:text-slate-400">
          <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
          ou
          <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        </div>

        <button
          type="button"
          className="btn-secondary w-full"
          disabled={!googleAvailable || pending}
          title={googleTitle}
          onClick={() => dispatch(authActions.googleLoginRequested({ redirectTo: from }))}
        >
          <GoogleIcon />
          Entrar com Google
        </button>

        {signupOpen ? (
          <p className="mt-6 text-center text-sm text-slate-500 dark:text-slate-400">
            Ainda não tem conta?{' '}
            <Link
              to="/signup"
              className="font-semibold text-blue-600 hover:text-blue-700 hover:underline dark:text-blue-400 dark:hover:text-blue-300"
            >
              Criar conta
            </Link>
          </p>
        ) : (
          <p className="mt-6 text-center text-sm text-slate-500 dark:text-slate-400">{SIGNUP_CLOSED_TEXT}</p>
        )}
      </section>
    </AuthShell>
  );
}
