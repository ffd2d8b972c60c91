import { ShieldOff } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '../../ui/Dialog';
import { FormAlert } from '../../ui/FormAlert';
import { usePendingAction } from '../../ui/usePendingAction';
import { disableTwoFactor } from './two-factor-api';
import { TWO_FACTOR_TEXTS } from './texts';

const t = TWO_FACTOR_TEXTS;

/**
 * 'Desativar': asks for a code (the app's 6 digits or a recovery code) and turns two-factor sign-in
 * off; the server's refusals (a wrong code, a workspace that requires it) stay in the dialog.
 */
export function DisableTwoFactorDialog({
  onDisabled,
  onClose,
}: {
  onDisabled: (message: string) => void;
  onClose: () => void;
}) {
  const [code, setCode] = useState('');
  const action = usePendingAction();
  const formId = useId();
  const codeId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (action.pending) return;
    const typed = code.trim();
    if (!typed) {
      action.setError(t.disableCodeMissing);
      return;
    }
    // "123 456" from the app is its 6 digits; a recovery code goes as typed.
    const sent = /^[\d\s]+$/.test(typed) ? typed.replace(/\s/g, '') : typed;
    void action.run(
      () => disableTwoFactor(sent),
      (answer) => onDisabled(answer.message),
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t.disableTitle}
      description={t.disableIntro}
      icon={<ShieldOff aria-hidden className="h-5 w-5" />}
      size="sm"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={action.pending}>
            {t.cancel}
          </button>
          <button
            type="submit"
            form={formId}
            className="btn-primary bg-red-600 hover:bg-red-700"
            disabled={action.pending}
            aria-busy={action.pending}
          >
            {action.pending ? t.disabling : t.disable}
          </button>
        </>
      }
    >
      <form id={formId} noValidate className="grid gap-3" onSubmit={onSubmit}>
        <div>
          <label htmlFor={codeId} className="field-label">
            {t.disableCode}
          </label>
          <input
            id={codeId}
            name="code"
            type="text"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={40}
            className="input font-mono"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </div>
        <FormAlert message={action.error} />
      </form>
    </Dialog>
  );
}
