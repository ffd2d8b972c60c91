import { KeyRound } from 'lucide-react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { TEAM_TEXTS, type TeamMember } from './types';

/** Redefinir senha: what it does to the member, then the reset (or the server's refusal). */
export function ResetPasswordDialog({
  member,
  resetting,
  error,
  onConfirm,
  onClose,
}: {
  member: TeamMember;
  resetting: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      title={TEAM_TEXTS.resetPassword}
      description={TEAM_TEXTS.resetConfirm(member.name)}
      icon={<KeyRound aria-hidden className="h-5 w-5" />}
      confirmLabel={TEAM_TEXTS.resetPassword}
      busyLabel={TEAM_TEXTS.resetting}
      busy={resetting}
      error={error}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
