import { Unplug } from 'lucide-react';
import { Dialog } from '../../ui/Dialog';
import { TEXTS } from './catalog';
import { FormAlert } from '../../ui/FormAlert';

/** The confirmation before 'Desconectar' reaches the server. */
export function DisconnectDialog({
  name,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  name: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open
      onClose={onClose}
      title={`${TEXTS.disconnect} ${name}`}
      description={TEXTS.disconnectConfirm}
      icon={<Unplug aria-hidden className="h-5 w-5" />}
      size="sm"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            {TEXTS.cancel}
          </button>
          <button
            type="button"
            className="btn-primary bg-red-600 hover:bg-red-700"
            disabled={busy}
            onClick={onConfirm}
          >
            {busy ? TEXTS.disconnecting : TEXTS.disconnect}
          </button>
        </>
      }
    >
      <FormAlert message={error} />
    </Dialog>
  );
}
