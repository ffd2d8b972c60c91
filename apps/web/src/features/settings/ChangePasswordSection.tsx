import { KeyRound } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { FormAlert } from '../../ui/FormAlert';
import { SectionHeading } from '../../ui/SectionHeading';
import { authActions } from '../auth/authSlice';
import { NewPasswordFields, newPasswordProblem } from '../auth/NewPasswordFields';
import { selectOwnPassword } from '../auth/selectors';
import { SETTINGS_TEXTS } from './texts';

const t = SETTINGS_TEXTS.password;

/**
 * Segurança > Alterar senha: the signed-in person's own password, for every role (the rest of the
 * settings may be read-only for them). The form checks the new password's length and confirmation;
 * the server checks the current one and ends the account's other sessions.
 */
export function ChangePasswordSection() {
  const dispatch = useAppDispatch();
  const { changing, notice, error } = useAppSelector(selectOwnPassword);
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  // The passwords are cleared once, when the server said yes (each success is a new notice).
  const [clearedFor, setClearedFor] = useState<string | null>(null);
  const headingId = useId();
  const currentId = useId();

  if (notice && clearedFor !== notice) {
    setClearedFor(notice);
    setCurrent('');
    setPassword('');
    setConfirmation('');
  }

  // Leaving the tab forgets the last answer (a change still running goes on).
  useEffect(() => () => void dispatch(authActions.ownPasswordNoticeCleared()), [dispatch]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (changing) return;
    const problem = current ? newPasswordProblem(password, confirmation) : t.currentMissing;
    setLocalError(problem);
    setClearedFor(null);
    if (problem) {
      dispatch(authActions.ownPasswordNoticeCleared());
      return;
    }
    dispatch(authActions.ownPasswordChangeRequested({ currentPassword: current, newPassword: password }));
  };

  const shownError = localError ?? error;

  return (
    <section
      aria-labelledby={headingId}
      className="mt-8 rounded-xl border border-slate-200 p-5 dark:border-blue-900/60"
    >
      <SectionHeading id={headingId} icon={KeyRound} heading={t.heading} intro={t.intro} />
      <form noValidate className="mt-4 grid max-w-md gap-4" onSubmit={onSubmit}>
        <div>
          <label
            htmlFor={currentId}
            className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200"
          >
            {t.current}
          </label>
          <input
            id={currentId}
            name="current-password"
            type="password"
            required
            autoComplete="current-password"
            className="input"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
          />
        </div>
        <NewPasswordFields
          password={password}
          confirmation={confirmation}
          onPassword={setPassword}
          onConfirmation={setConfirmation}
        />
        <FormAlert message={shownError} />
        {notice && !shownError ? (
          <p
            role="status"
            className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-200"
          >
            {notice}
          </p>
        ) : null}
        <div>
          <button type="submit" className="btn-primary" disabled={changing} aria-busy={changing}>
            {changing ? t.submitting : t.submit}
          </button>
        </div>
      </form>
    </section>
  );
}
