import { useEffect, useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { AlertCircle, Loader2 } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { FullScreenLoader } from '../../ui/FullScreenLoader';
import { AuthShell } from '../auth/AuthShell';
import { authActions } from '../auth/authSlice';
import { DEFAULT_AFTER_LOGIN } from '../auth/redirect';
import { selectAuthConfigStatus, selectAuthStatus, selectSignupOpen } from '../auth/selectors';
import { PASSWORD_MIN_LENGTH, SIGNUP_ERRORS } from './signup-errors';
import { selectSignup, signupActions } from './signupSlice';

const labelClass = 'mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200';

/** One labelled input of the form; the form's error describes every field. */
function TextField({
  label,
  errorId,
  hintId,
  hint,
  ...input
}: {
  label: string;
  errorId?: string;
  hintId?: string;
  hint?: string;
} & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const describedBy = [errorId, hint ? hintId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        required
        className="input"
        aria-invalid={errorId ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * /signup (public, only while the server opens sign-up): a new company on the trial and its Owner's
 * account; once created the Owner is signed in and lands on /dashboard. With sign-up closed the
 * visitor is sent to /login, which says so.
 */
export default function SignupPage() {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectAuthStatus);
  const configStatus = useAppSelector(selectAuthConfigStatus);
  const open = useAppSelector(selectSignupOpen);
  const { pending, error } = useAppSelector(selectSignup);
  const [companyName, setCompanyName] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const titleId = useId();
  const errorId = useId();
  const hintId = useId();

  useEffect(() => {
    dispatch(authActions.configNeeded());
    dispatch(signupActions.signupPageOpened());
  }, [dispatch]);

  if (status === 'authenticated') return <Navigate to={DEFAULT_AFTER_LOGIN} replace />;
  if (status === 'unknown' || configStatus === 'idle' || configStatus === 'loading')
    return <FullScreenLoader />;
  if (!open) return <Navigate to="/login" replace />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const form = {
      companyName: companyName.trim(),
      name: name.trim(),
      email: email.trim(),
      password,
    };
    if (!form.companyName || !form.name || !form.email || !form.password) return;
    if (form.password.length < PASSWORD_MIN_LENGTH) {
      dispatch(signupActions.signupFailed(SIGNUP_ERRORS.passwordTooShort));
      return;
    }
    dispatch(signupActions.signupRequested(form));
  };

  const fieldError = error ? errorId : undefined;

  return (
    <AuthShell>
      <section className="card p-6 sm:p-8" aria-labelledby={titleId}>
        <h1 id={titleId} className="text-2xl font-bold text-slate-900 dark:text-white">
          Criar conta
        </h1>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
          Cadastre sua empresa e comece o período de teste grátis.
        </p>

        {error ? (
          <div
            role="alert"
            id={errorId}
            className="mt-6 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-700 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-300"
          >
            <AlertCircle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
            <span>{error}</span>
          </div>
        ) : null}

        <form className="mt-6 space-y-4" onSubmit={onSubmit}>
          <TextField
            label="Nome da empresa"
            name="companyName"
            autoComplete="organization"
            maxLength={200}
            value={companyName}
            onChange={(event) => setCompanyName(event.target.value)}
            errorId={fieldError}
          />
          <TextField
            label="Seu nome"
            name="name"
            autoComplete="name"
            maxLength={200}
            value={name}
            onChange={(event) => setName(event.target.value)}
            errorId={fieldError}
          />
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            placeholder="voce@empresa.com.br"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            errorId={fieldError}
          />
          <TextField
            label="Senha"
            name="password"
            type="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            errorId={fieldError}
            hintId={hintId}
            hint={`Mínimo de ${PASSWORD_MIN_LENGTH} caracteres`}
          />
          <button type="submit" className="btn-primary w-full" disabled={pending}>
            {pending ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : null}
            {pending ? 'Criando...' : 'Criar conta'}
          </button>
        </form>

        <p className="mt-6 text-center text-sm">
          <Link
            to="/login"
            className="font-medium text-blue-600 hover:text-blue-700 hover:underline dark:text-blue-400 dark:hover:text-blue-300"
          >
            Já tem conta? Entrar
          </Link>
        </p>
      </section>
    </AuthShell>
  );
}
