import { useId, useState, type FormEvent } from 'react';
import { FormAlert } from '../../ui/FormAlert';
import { normalAppCode } from '../auth/SecondFactorFields';
import { usePendingAction } from '../../ui/usePendingAction';
import { enableTwoFactor, type TwoFactorEnabled, type TwoFactorSetup } from './two-factor-api';
import { TWO_FACTOR_TEXTS } from './texts';

const t = TWO_FACTOR_TEXTS;

/**
 * Enrolment's first steps: the secret as a QR code for the authenticator app (and as text, to type
 * it in instead), then the app's code, which turns two-factor sign-in on ('Ativar'). A wrong code
 * shows the server's text.
 */
export function AuthenticatorStep({
  setup,
  onEnabled,
}: {
  setup: TwoFactorSetup;
  onEnabled: (enabled: TwoFactorEnabled) => void;
}) {
  const [code, setCode] = useState('');
  const action = usePendingAction();
  const codeId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (action.pending) return;
    if (code.length !== 6) {
      action.setError(t.appCodeMissing);
      return;
    }
    void action.run(() => enableTwoFactor(code), onEnabled);
  };

  return (
    <form noValidate className="grid gap-5" onSubmit={onSubmit}>
      <div>
        <p className="text-sm font-medium text-slate-800 dark:text-slate-100">{t.scan}</p>
        <div className="mt-3 flex flex-col items-center gap-4 sm:flex-row sm:items-center">
          <img
            src={setup.qrCode}
            alt={t.qrAlt}
            width={176}
            height={176}
            className="h-44 w-44 shrink-0 rounded-xl bg-white p-2 ring-1 ring-slate-200 [image-rendering:pixelated] dark:ring-blue-900/60"
          />
          <p className="min-w-0 text-sm text-slate-600 dark:text-slate-300">
            {t.manualKey}{' '}
            <code className="font-mono font-semibold tracking-wider break-all text-slate-900 select-all dark:text-white">
              {setup.secret}
            </code>
          </p>
        </div>
      </div>
      <div>
        <p className="mb-3 text-sm font-medium text-slate-800 dark:text-slate-100">{t.typeCode}</p>
        <label htmlFor={codeId} className="field-label">
          {t.appCode}
        </label>
        <input
          id={codeId}
          name="totp"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="000000"
          className="input max-w-40 tracking-[0.3em] tabular-nums"
          value={code}
          onChange={(event) => setCode(normalAppCode(event.target.value))}
        />
      </div>
      <FormAlert message={action.error} />
      <div>
        <button type="submit" className="btn-primary" disabled={action.pending} aria-busy={action.pending}>
          {action.pending ? t.enabling : t.enable}
        </button>
      </div>
    </form>
  );
}
