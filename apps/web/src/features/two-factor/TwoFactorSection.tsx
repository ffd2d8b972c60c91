import { ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Dialog } from '../../ui/Dialog';
import { SectionHeading } from '../../ui/SectionHeading';
import { authActions } from '../auth/authSlice';
import { selectUser } from '../auth/selectors';
import { twoFactorEnabled } from '../auth/two-factor-status';
import { DisableTwoFactorDialog } from './DisableTwoFactorDialog';
import { TWO_FACTOR_TEXTS } from './texts';

const t = TWO_FACTOR_TEXTS;

/** The enrolment (QR code, first code, recovery codes): its own chunk, loaded when 'Ativar' is pressed. */
const TwoFactorEnrolment = lazy(() => import('./TwoFactorEnrolment'));

type Open = 'none' | 'enrol' | 'disable';

/**
 * Segurança > Verificação em duas etapas, for every role: whether the signed-in account has it on;
 * 'Ativar' opens the enrolment, 'Desativar' asks for a code. The server decides (a workspace that
 * requires it refuses 'Desativar' with its own text); the user is asked for again afterwards.
 */
export function TwoFactorSection() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const enabled = twoFactorEnabled(user);
  const required = user?.twoFactor?.required === true;
  const [open, setOpen] = useState<Open>('none');
  const [notice, setNotice] = useState<string | null>(null);
  // Turned on inside the dialog, whose 'Concluir' was not pressed (yet).
  const [enabledMessage, setEnabledMessage] = useState<string | null>(null);
  const headingId = useId();

  const closeEnrolment = () => {
    setOpen('none');
    if (enabledMessage) {
      // Closed before 'Concluir': it is on all the same, so the user is asked for again.
      dispatch(authActions.userRefreshRequested());
      setNotice(enabledMessage);
      setEnabledMessage(null);
    }
  };

  return (
    <section
      aria-labelledby={headingId}
      className="mt-8 rounded-xl border border-slate-200 p-5 dark:border-blue-900/60"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <SectionHeading id={headingId} icon={ShieldCheck} heading={t.heading} intro={t.intro} />
        </div>
        <p className="text-sm">
          <span className="sr-only">{t.statusLabel}: </span>
          <span
            className={
              enabled
                ? 'rounded-full bg-emerald-50 px-2.5 py-1 font-semibold text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-200'
                : 'rounded-full bg-slate-100 px-2.5 py-1 font-semibold text-slate-600 dark:bg-white/10 dark:text-slate-300'
            }
          >
            {enabled ? t.on : t.off}
          </span>
        </p>
      </div>
      {required ? (
        <p className="mt-3 text-sm font-medium text-amber-700 dark:text-amber-300">{t.requiredNote}</p>
      ) : null}
      {notice ? (
        <p
          role="status"
          className="mt-4 rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-200"
        >
          {notice}
        </p>
      ) : null}
      <div className="mt-4">
        {enabled ? (
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              setNotice(null);
              setOpen('disable');
            }}
          >
            {t.disable}
          </button>
        ) : (
          <button
            type="button"
            className="btn-primary"
            onClick={() => {
              setNotice(null);
              setOpen('enrol');
            }}
          >
            {t.enable}
          </button>
        )}
      </div>

      {open === 'enrol' ? (
        <Dialog
          open
          onClose={closeEnrolment}
          title={t.enrolTitle}
          icon={<ShieldCheck aria-hidden className="h-5 w-5" />}
          closeOnBackdropClick={false}
        >
          <Suspense fallback={<p className="text-sm text-slate-500 dark:text-slate-400">{t.loading}</p>}>
            <TwoFactorEnrolment
              onEnabled={setEnabledMessage}
              onDone={() => {
                setOpen('none');
                setNotice(enabledMessage);
                setEnabledMessage(null);
              }}
            />
          </Suspense>
        </Dialog>
      ) : null}
      {open === 'disable' ? (
        <DisableTwoFactorDialog
          onClose={() => setOpen('none')}
          onDisabled={(message) => {
            setOpen('none');
            setNotice(message);
            dispatch(authActions.userRefreshRequested());
          }}
        />
      ) : null}
    </section>
  );
}
