import { useRef, type ReactNode } from 'react';
import { Dialog } from './Dialog';
import { FormAlert } from './FormAlert';
import { usePendingAction } from './usePendingAction';

/**
 * The confirmation before a destructive action (Excluir, Remover, Desconectar): Cancelar (focused
 * first, so Enter does not destroy), the red action, what it applies to, and the server's refusal.
 */
export function ConfirmDialog({
  title,
  description,
  icon,
  confirmLabel,
  busyLabel,
  cancelLabel = 'Cancelar',
  busy,
  error,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  description: string;
  icon: ReactNode;
  confirmLabel: string;
  /** The action's label while it runs (default: unchanged). */
  busyLabel?: string;
  cancelLabel?: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description={description}
      icon={icon}
      size="sm"
      initialFocusRef={cancel}
      footer={
        <>
          <button ref={cancel} type="button" className="btn-secondary" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className="btn-primary bg-red-600 hover:bg-red-700"
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy}
          >
            {busy && busyLabel ? busyLabel : confirmLabel}
          </button>
        </>
      }
    >
      {children}
      {error ? (
        <div className={children ? 'mt-3' : undefined}>
          <FormAlert message={error} />
        </div>
      ) : null}
    </Dialog>
  );
}

/** A confirmed action the dialog runs itself (see usePendingAction): `onDone` gets the success text. */
export function useConfirmedAction<T>(run: () => Promise<T>, onDone: (result: T) => void) {
  const action = usePendingAction();
  return { busy: action.pending, error: action.error, confirm: () => void action.run(run, onDone) };
}
