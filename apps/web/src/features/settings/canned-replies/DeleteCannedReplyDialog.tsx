import { Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Dialog } from '../../../ui/Dialog';
import { FormAlert } from '../../../ui/FormAlert';
import { deleteCannedReply, type CannedReply } from './canned-replies-api';
import { CANNED_REPLIES_TEXTS } from './texts';
import { errorText } from '../../../api/client';

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
  const cancel = useRef<HTMLButtonElement>(null);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    if (deleting) return;
    setDeleting(true);
    setError(null);
    try {
      onDeleted(await deleteCannedReply(reply.id));
    } catch (reason) {
      setError(errorText(reason));
      setDeleting(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t.title}
      description={t.confirm}
      icon={<Trash2 aria-hidden className="h-5 w-5" />}
      size="sm"
      initialFocusRef={cancel}
      footer={
        <>
          <button ref={cancel} type="button" className="btn-secondary" onClick={onClose} disabled={deleting}>
            {t.cancel}
          </button>
          <button
            type="button"
            className="btn-primary bg-red-600 hover:bg-red-700"
            onClick={() => void confirm()}
            disabled={deleting}
            aria-busy={deleting}
          >
            {deleting ? t.deleting : t.delete}
          </button>
        </>
      }
    >
      <blockquote className="rounded-lg bg-slate-50 px-3 py-2 text-sm whitespace-pre-wrap text-slate-700 dark:bg-slate-800 dark:text-slate-200">
        {reply.text}
      </blockquote>
      <div className="mt-3">
        <FormAlert message={error} />
      </div>
    </Dialog>
  );
}
