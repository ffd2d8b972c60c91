import { Trash2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Dialog } from '../../ui/Dialog';
import { FormAlert } from '../../ui/FormAlert';
import { usePendingAction } from '../../ui/usePendingAction';
import { digitsOf } from './contact-data-api';
import {
  ERASE_CANCEL_LABEL,
  ERASE_CONFIRM_LABEL,
  ERASE_CONTACT_LABEL,
  ERASE_DESCRIPTION,
  ERASE_INPUT_LABEL,
  ERASING_LABEL,
} from './texts';

/**
 * The confirmation of a contact's erasure (LGPD): the red button works only once the digits typed
 * are the contact's phone digits (any punctuation). The dialog runs the request itself: while it
 * runs the dialog cannot be closed, a refusal shows the server's text inside it, and `onErased`
 * gets the server's message (the owner closes the dialog then).
 */
export function EraseContactDialog({
  contactName,
  phone,
  erase,
  onErased,
  onClose,
}: {
  contactName: string;
  /** The contact's phone number, as shown in the panel ('+5511999990001'). */
  phone: string;
  /** The erasure with the number typed: answers the server's message. */
  erase: (typed: string) => Promise<string>;
  onErased: (message: string) => void;
  onClose: () => void;
}) {
  const { pending, error, run } = usePendingAction();
  const [typed, setTyped] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const formId = `${inputId}-form`;
  const expected = digitsOf(phone);
  const matches = expected !== '' && digitsOf(typed) === expected;

  const close = () => {
    if (!pending) onClose();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (matches && !pending) void run(() => erase(typed.trim()), onErased);
  };

  return (
    <Dialog
      open
      onClose={close}
      title={ERASE_CONTACT_LABEL}
      description={ERASE_DESCRIPTION}
      icon={<Trash2 aria-hidden className="h-5 w-5 text-red-600" />}
      size="sm"
      closeOnBackdropClick={!pending}
      initialFocusRef={inputRef}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={close} disabled={pending}>
            {ERASE_CANCEL_LABEL}
          </button>
          <button
            type="submit"
            form={formId}
            disabled={!matches || pending}
            aria-busy={pending}
            className="btn-primary bg-red-600 hover:bg-red-700 disabled:hover:bg-red-600"
          >
            {pending ? ERASING_LABEL : ERASE_CONFIRM_LABEL}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} className="space-y-3">
        <p className="text-sm">
          Contato: <strong className="font-semibold text-slate-900 dark:text-white">{contactName}</strong> (
          {phone})
        </p>
        <div>
          <label htmlFor={inputId} className="field-label">
            {ERASE_INPUT_LABEL}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            className="input"
            type="text"
            inputMode="tel"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            disabled={pending}
          />
        </div>
        <FormAlert message={error} />
      </form>
    </Dialog>
  );
}
