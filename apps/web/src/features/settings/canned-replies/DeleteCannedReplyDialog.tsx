import { Trash2 } from 'lucide-react';
import { ConfirmDialog, useConfirmedAction } from '../../../ui/ConfirmDialog';
import type { CannedReply } from './canned-replies-api';
import { useDeleteCannedReplyMutation } from './canned-replies-endpoints';
import { CANNED_REPLIES_TEXTS } from './texts';

const t = CANNED_REPLIES_TEXTS.remove;

/** 'Tem certeza que deseja excluir esta resposta?', then DELETE; the server's refusal is shown. */
export function DeleteCannedReplyDialog({
  reply,
  onClose,
  onDeleted,
}: {
  reply: CannedReply;
  onClose: () => void;
  onDeleted: (message: string) => void;
}) {
  const [deleteCannedReply] = useDeleteCannedReplyMutation();
  const action = useConfirmedAction(() => deleteCannedReply(reply.id).unwrap(), onDeleted);
  return (
    <ConfirmDialog
      title={t.title}
      description={t.confirm}
      icon={<Trash2 aria-hidden className="h-5 w-5" />}
      confirmLabel={t.delete}
      busyLabel={t.deleting}
      cancelLabel={t.cancel}
      busy={action.busy}
      error={action.error}
      onConfirm={action.confirm}
      onClose={onClose}
    >
      <blockquote className="rounded-lg bg-slate-50 px-3 py-2 text-sm whitespace-pre-wrap text-slate-700 dark:bg-slate-800 dark:text-slate-200">
        {reply.text}
      </blockquote>
    </ConfirmDialog>
  );
}
