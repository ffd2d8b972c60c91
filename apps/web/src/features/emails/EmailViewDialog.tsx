import { Forward, Paperclip, Reply, ReplyAll, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { withApi } from '../../server-state/with-api';
import { ConfirmDialog, useConfirmedAction } from '../../ui/ConfirmDialog';
import { Dialog } from '../../ui/Dialog';
import { EMAIL_FAILED_TEXT, type Email } from './emails-api';
import { useDeleteEmailMutation, useMarkEmailReadMutation } from './emails-endpoints';
import { PriorityBadge, deliveryLabel } from './EmailItem';
import { formatEmailDate, formatFileSize, senderLabelOf } from './email-format';

export type EmailAction = 'reply' | 'reply_all' | 'forward';

export const DELETE_CONFIRM_TITLE = 'Excluir email';
export const DELETE_CONFIRM_TEXT = 'Tem certeza que deseja excluir este email?';

/** 'Excluir email': asks before deleting; the server's error stays in the dialog. */
function ConfirmDeleteDialog({
  email,
  onCancel,
  onDeleted,
}: {
  email: Email;
  onCancel: () => void;
  onDeleted: (message: string) => void;
}) {
  const [deleteEmail] = useDeleteEmailMutation();
  const action = useConfirmedAction(() => deleteEmail(email.id).unwrap(), onDeleted);
  return (
    <ConfirmDialog
      title={DELETE_CONFIRM_TITLE}
      description={DELETE_CONFIRM_TEXT}
      icon={<Trash2 aria-hidden className="h-5 w-5" />}
      confirmLabel="Excluir"
      busyLabel="Excluindo..."
      busy={action.busy}
      error={action.error}
      onConfirm={action.confirm}
      onClose={onCancel}
    >
      <p className="truncate text-sm font-medium text-slate-800 dark:text-slate-100">{email.subject}</p>
    </ConfirmDialog>
  );
}

/**
 * One e-mail: sender, subject (the dialog's name), pt-BR date, priority, content, and the actions
 * 'Responder', 'Responder com cópia', 'Encaminhar' and 'Excluir' (after a confirmation). An e-mail
 * opened unread (`markRead`) is marked read (POST /api/emails/:id/read, shown read at once).
 */
function EmailViewDialogView({
  email,
  markRead = false,
  onClose,
  onAction,
  onDeleted,
}: {
  email: Email;
  markRead?: boolean;
  onClose: () => void;
  onAction: (action: EmailAction, email: Email) => void;
  onDeleted: (message: string) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [markEmailRead] = useMarkEmailReadMutation();
  const marked = useRef(false);
  useEffect(() => {
    if (!markRead || marked.current) return;
    marked.current = true;
    void markEmailRead(email.id);
  }, [markRead, markEmailRead, email.id]);
  const sender = senderLabelOf(email);
  const delivery = deliveryLabel(email);
  const cc = email.cc;
  const actionClass =
    'inline-flex items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold transition disabled:cursor-not-allowed disabled:opacity-50';
  return (
    <>
      <Dialog
        open
        onClose={onClose}
        title={email.subject}
        size="lg"
        footer={
          <>
            <button
              type="button"
              onClick={() => setConfirming(true)}
              className={`${actionClass} text-red-600 hover:bg-red-50 sm:mr-auto dark:text-red-400 dark:hover:bg-red-950/50`}
            >
              <Trash2 aria-hidden className="h-4 w-4" />
              Excluir
            </button>
            <button
              type="button"
              onClick={() => onAction('forward', email)}
              className={`${actionClass} btn-secondary`}
            >
              <Forward aria-hidden className="h-4 w-4" />
              Encaminhar
            </button>
            <button
              type="button"
              onClick={() => onAction('reply_all', email)}
              className={`${actionClass} btn-secondary`}
            >
              <ReplyAll aria-hidden className="h-4 w-4" />
              Responder com cópia
            </button>
            <button
              type="button"
              onClick={() => onAction('reply', email)}
              className={`${actionClass} btn-primary`}
            >
              <Reply aria-hidden className="h-4 w-4" />
              Responder
            </button>
          </>
        }
      >
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
          <dt className="font-medium text-slate-500 dark:text-slate-400">De</dt>
          <dd className="min-w-0 break-words text-slate-900 dark:text-white">
            {sender}
            {email.direction === 'received' && sender !== email.sender ? (
              <span className="text-slate-500 dark:text-slate-400"> ({email.sender})</span>
            ) : null}
          </dd>
          {email.to.length > 0 ? (
            <>
              <dt className="font-medium text-slate-500 dark:text-slate-400">Para</dt>
              <dd className="min-w-0 break-words text-slate-900 dark:text-white">{email.to.join(', ')}</dd>
            </>
          ) : null}
          {cc.length > 0 ? (
            <>
              <dt className="font-medium text-slate-500 dark:text-slate-400">Cc</dt>
              <dd className="min-w-0 break-words text-slate-900 dark:text-white">{cc.join(', ')}</dd>
            </>
          ) : null}
          <dt className="font-medium text-slate-500 dark:text-slate-400">Data</dt>
          <dd className="text-slate-900 dark:text-white">
            <time dateTime={email.timestamp}>{formatEmailDate(email.timestamp)}</time>
          </dd>
          <dt className="font-medium text-slate-500 dark:text-slate-400">Prioridade</dt>
          <dd>
            <PriorityBadge priority={email.priority} srPrefix={false} />
          </dd>
          {delivery ? (
            <>
              <dt className="font-medium text-slate-500 dark:text-slate-400">Envio</dt>
              <dd
                className={
                  email.status === 'failed'
                    ? 'text-red-700 dark:text-red-300'
                    : 'text-slate-900 dark:text-white'
                }
              >
                {email.status === 'failed' ? `${delivery}: ${email.error ?? EMAIL_FAILED_TEXT}` : delivery}
              </dd>
            </>
          ) : null}
          {email.hasAttachments ? (
            <>
              <dt className="sr-only">Anexos</dt>
              <dd className="col-span-2 flex items-center gap-1.5 text-slate-600 dark:text-slate-300">
                <Paperclip aria-hidden className="h-4 w-4" />
                {email.attachments.length > 0 ? (
                  <ul className="flex flex-wrap gap-x-3 gap-y-1">
                    {email.attachments.map((file) => (
                      <li key={file.url}>
                        <a
                          href={file.url}
                          download={file.filename}
                          className="text-blue-700 underline dark:text-blue-300"
                        >
                          {file.filename}
                        </a>{' '}
                        <span className="text-xs text-slate-500 dark:text-slate-400">
                          ({formatFileSize(file.size)})
                        </span>
                      </li>
                    ))}
                  </ul>
                ) : (
                  'Com anexo'
                )}
              </dd>
            </>
          ) : null}
        </dl>
        <div className="mt-4 rounded-xl border border-slate-100 bg-slate-50/60 p-4 text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-800 dark:border-slate-800 dark:bg-slate-950/40 dark:text-slate-100">
          {email.content}
        </div>
      </Dialog>
      {confirming ? (
        <ConfirmDeleteDialog email={email} onCancel={() => setConfirming(false)} onDeleted={onDeleted} />
      ) : null}
    </>
  );
}

export const EmailViewDialog = withApi(EmailViewDialogView);
