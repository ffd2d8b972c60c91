import { Trash2 } from 'lucide-react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
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
  return (
    <ConfirmDialog
      title="Remover membro"
      description={TEAM_TEXTS.removeConfirm}
      icon={<Trash2 aria-hidden className="h-5 w-5" />}
      confirmLabel="Remover"
      busy={removing}
      error={error}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p className="text-sm">
        <strong className="font-semibold text-slate-900 dark:text-white">{member.name}</strong> (
        {member.email}) deixa a equipe e perde o acesso imediatamente.
      </p>
    </ConfirmDialog>
  );
}
