import { LogOut, MessagesSquare, ShieldAlert } from 'lucide-react';
import { useId } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { authActions } from '../auth/authSlice';
import { selectLogoutError, selectUser } from '../auth/selectors';
import { TWO_FACTOR_TEXTS } from './texts';
import TwoFactorEnrolment from './TwoFactorEnrolment';

const t = TWO_FACTOR_TEXTS;

/**
 * What the dashboard shows while the workspace requires two-factor sign-in and this account has not
 * enrolled (the server refuses everything else meanwhile): the enrolment, full width, and 'Sair'.
 * Once 'Concluir' refreshed the user, the dashboard comes back by itself. Its own chunk.
 */
export default function TwoFactorRequiredScreen() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const logoutError = useAppSelector(selectLogoutError);
  const headingId = useId();

  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-950">
      <header className="flex h-16 items-center gap-3 border-b border-slate-200 bg-white px-4 sm:px-6 dark:border-blue-900/60 dark:bg-slate-900">
        <span className="flex items-center gap-2.5">
          <span
            aria-hidden
            className="flex h-9 w-9 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-blue-600 to-indigo-600 text-white shadow-md shadow-blue-600/25"
          >
            <MessagesSquare className="h-5 w-5" />
          </span>
          <span className="text-lg font-bold tracking-tight text-slate-900 dark:text-white">Atende</span>
        </span>
        <div className="ml-auto flex min-w-0 items-center gap-3">
          {user ? (
            <p className="hidden truncate text-right text-sm leading-tight sm:block">
              <span className="block font-semibold text-slate-900 dark:text-white">{user.name}</span>
              <span className="block text-xs text-slate-500 dark:text-slate-400">{user.company}</span>
            </p>
          ) : null}
          <button
            type="button"
            onClick={() => dispatch(authActions.logoutRequested())}
            className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 transition hover:bg-red-50 hover:text-red-700 dark:text-slate-300 dark:hover:bg-red-500/10 dark:hover:text-red-300"
          >
            <LogOut aria-hidden className="h-5 w-5" />
            {t.signOut}
          </button>
        </div>
      </header>
      {logoutError ? (
        <p
          role="alert"
          className="mx-4 mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 sm:mx-6 dark:bg-red-500/15 dark:text-red-200"
        >
          {logoutError}
        </p>
      ) : null}
      <main id="conteudo-principal" className="px-4 py-8 sm:px-6 lg:px-10">
        <section aria-labelledby={headingId} className="card w-full p-6 sm:p-8">
          <div className="flex items-start gap-4">
            <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-amber-50 text-amber-600 dark:bg-amber-500/15 dark:text-amber-300">
              <ShieldAlert aria-hidden className="h-5 w-5" />
            </span>
            <div className="min-w-0">
              <h1 id={headingId} className="text-xl font-bold text-slate-900 sm:text-2xl dark:text-white">
                {t.requiredTitle}
              </h1>
              <p className="mt-1 max-w-prose text-sm text-slate-600 dark:text-slate-300">{t.requiredIntro}</p>
            </div>
          </div>
          <div className="mt-6 max-w-2xl">
            <TwoFactorEnrolment />
          </div>
        </section>
      </main>
    </div>
  );
}
