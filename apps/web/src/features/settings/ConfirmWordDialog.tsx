import { AlertTriangle } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Dialog } from '../../ui/Dialog';
import { SETTINGS_TEXTS } from './texts';

/**
 * A permanent action's confirmation: the button works only once the word is typed exactly. While
 * the request runs the dialog cannot be closed; a refusal shows the server's text.
 */
export function ConfirmWordDialog({
  open,
  title,
  description,
  word,
  confirmLabel,
  pendingLabel,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  description: string;
  word: string;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  error: string | null;
  onConfirm: (typed: string) => void;
  onClose: () => void;
}) {
  const [typed, setTyped] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const matches = typed.trim() === word;
  const close = () => {
    if (pending) return;
    setTyped('');
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={title}
      description={description}
      icon={<AlertTriangle aria-hidden className="h-5 w-5 text-red-600" />}
      closeOnBackdropClick={!pending}
      initialFocusRef={inputRef}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={close} disabled={pending}>
            {SETTINGS_TEXTS.danger.cancel}
          </button>
          <button
            type="submit"
            form={`${inputId}-form`}
            disabled={!matches || pending}
            className="inline-flex items-center justify-center gap-2 rounded-lg bg-red-600 px-5 py-2.5 font-semibold text-white shadow-sm transition hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {pending ? pendingLabel : confirmLabel}
          </button>
        </>
      }
    >
      <form
        id={`${inputId}-form`}
        onSubmit={(event) => {
          event.preventDefault();
          if (matches && !pending) onConfirm(typed.trim());
        }}
      >
        <label
          htmlFor={inputId}
          className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200"
        >
          {SETTINGS_TEXTS.danger.typeToConfirm(word)}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className="input"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          disabled={pending}
        />
        {error ? (
          <p role="alert" className="mt-3 text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
