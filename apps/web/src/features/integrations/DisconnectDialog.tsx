import { Unplug } from 'lucide-react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { TEXTS } from './catalog';

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
    <ConfirmDialog
      title={`${TEXTS.disconnect} ${name}`}
      description={TEXTS.disconnectConfirm}
      icon={<Unplug aria-hidden className="h-5 w-5" />}
      confirmLabel={TEXTS.disconnect}
      busyLabel={TEXTS.disconnecting}
      cancelLabel={TEXTS.cancel}
      busy={busy}
      error={error}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
