import { Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { Dialog } from '../../ui/Dialog';
import { TEAM_TEXTS, type TeamMember } from './types';

/** Spec §4: removal after 'Tem certeza que deseja remover este membro da equipe?'. */
export function RemoveMemberDialog({
  member,
  removing,
  error,
  onConfirm,
  onClose,
}: {
  member: TeamMember;
  removing: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open
      onClose={onClose}
      title="Remover membro"
      description={TEAM_TEXTS.removeConfirm}
      icon={<Trash2 aria-hidden className="h-5 w-5" />}
      size="sm"
      initialFocusRef={cancel}
      footer={
        <>
          <button ref={cancel} type="button" className="btn-secondary" onClick={onClose} disabled={removing}>
            Cancelar
          </button>
          <button
            type="button"
            className="btn-primary bg-red-600 hover:bg-red-700"
            onClick={onConfirm}
            disabled={removing}
            aria-busy={removing}
          >
            Remover
          </button>
        </>
      }
    >
      <p className="text-sm">
        <strong className="font-semibold text-slate-900 dark:text-white">{member.name}</strong> (
        {member.email}) deixa a equipe e perde o acesso imediatamente.
      </p>
      {error ? (
        <p
          role="alert"
          className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
        >
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
