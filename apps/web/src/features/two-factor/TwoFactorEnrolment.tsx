import { Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { isApiError } from '../../api/api-error';
import { errorText } from '../../api/client';
import { useAppDispatch } from '../../app/hooks';
import { FormAlert } from '../../ui/FormAlert';
import { authActions } from '../auth/authSlice';
import { AuthenticatorStep } from './AuthenticatorStep';
import { RecoveryCodesStep } from './RecoveryCodesStep';
import { startTwoFactorSetup, type TwoFactorEnabled, type TwoFactorSetup } from './two-factor-api';
import { TWO_FACTOR_TEXTS } from './texts';

const t = TWO_FACTOR_TEXTS;

export interface TwoFactorEnrolmentProps {
  /** Two-factor sign-in is on now (the recovery codes are on screen); the server's text. */
  onEnabled?: (message: string) => void;
  /** 'Concluir' was pressed: the codes were seen, the signed-in user is being asked for again. */
  onDone?: () => void;
}

type Step =
  | { kind: 'preparing' }
  | { kind: 'failed'; error: string }
  | { kind: 'authenticator'; setup: TwoFactorSetup }
  | { kind: 'codes'; enabled: TwoFactorEnabled };

/**
 * Enrolment in two-factor sign-in (TOTP), in three steps: a fresh secret from the server shown as
 * a QR code and as text to type; the app's first code turns it on; the 10 recovery codes are shown
 * once. 'Concluir' refreshes the signed-in user (GET /api/auth/me), whose `twoFactor.enabled` is
 * then true. Its own chunk: the settings and the dashboard load it only when it is needed.
 */
export default function TwoFactorEnrolment({ onEnabled, onDone }: TwoFactorEnrolmentProps) {
  const dispatch = useAppDispatch();
  const [step, setStep] = useState<Step>({ kind: 'preparing' });
  const [attempt, setAttempt] = useState(0);

  // Each attempt asks for a new secret (a secret asked for earlier but never confirmed is replaced).
  useEffect(() => {
    let current = true;
    startTwoFactorSetup().then(
      (setup) => {
        if (current) setStep({ kind: 'authenticator', setup });
      },
      (error: unknown) => {
        if (!current) return;
        // Turned on meanwhile (another tab): what this page knows of the user is out of date.
        if (isApiError(error) && error.code === 'TWO_FACTOR_ALREADY_ON') {
          dispatch(authActions.userRefreshRequested());
        }
        setStep({ kind: 'failed', error: errorText(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [attempt, dispatch]);

  switch (step.kind) {
    case 'preparing':
      return (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
          <Loader2 aria-hidden className="h-4 w-4 animate-spin" />
          {t.preparing}
        </p>
      );
    case 'failed':
      return (
        <div className="grid justify-items-start gap-3">
          <FormAlert message={step.error} />
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              setStep({ kind: 'preparing' });
              setAttempt((n) => n + 1);
            }}
          >
            {t.retry}
          </button>
        </div>
      );
    case 'authenticator':
      return (
        <AuthenticatorStep
          setup={step.setup}
          onEnabled={(enabled) => {
            setStep({ kind: 'codes', enabled });
            onEnabled?.(enabled.message);
          }}
        />
      );
    case 'codes':
      return (
        <RecoveryCodesStep
          message={step.enabled.message}
          codes={step.enabled.recoveryCodes}
          onDone={() => {
            dispatch(authActions.userRefreshRequested());
            onDone?.();
          }}
        />
      );
  }
}
