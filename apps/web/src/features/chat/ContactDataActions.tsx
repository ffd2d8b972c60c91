import { Download, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { errorText } from '../../api/client';
import { can } from '../../api/permissions';
import type { Conversation, MemberRole } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectUser } from '../auth/selectors';
import { conversationsRequested } from '../conversations/conversations-endpoints';
import { messagesActions } from '../messages/messages-endpoints';
import { downloadJson } from '../settings/download';
import { eraseContactData, exportFileName, fetchContactExport } from './contact-data-api';
import { EraseContactDialog } from './EraseContactDialog';
import { customerNameOf, phoneOf } from './selectors';
import {
  ERASE_CONTACT_LABEL,
  ERASE_SUCCESS_TEXT,
  EXPORT_CONTACT_LABEL,
  EXPORT_SUCCESS_TEXT,
  EXPORTING_CONTACT_LABEL,
} from './texts';

/** A customer's LGPD rights (export, erasure) are the Owner's and the Admins' (the server checks too). */
export const canManageContactData = (role: MemberRole | null | undefined): boolean =>
  can(role, 'contacts:privacy');

type Notice = { kind: 'success' | 'error'; text: string };

/** The panel's usual notice: green status for a success, red alert for a refusal. */
function NoticeLine({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  return (
    <p
      role={notice.kind === 'error' ? 'alert' : 'status'}
      className={
        notice.kind === 'error'
          ? 'rounded-lg bg-red-50 px-3 py-2 text-xs text-red-700 dark:bg-red-500/15 dark:text-red-200'
          : 'rounded-lg bg-green-50 px-3 py-2 text-xs text-green-700 dark:bg-green-500/15 dark:text-green-200'
      }
    >
      {notice.text}
    </p>
  );
}

function ContactDataButtons({
  conversationId,
  row,
}: {
  conversationId: string;
  row: Conversation | undefined;
}) {
  const dispatch = useAppDispatch();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [exporting, setExporting] = useState(false);
  /** The contact the open dialog is about (kept as it was, should the row change meanwhile). */
  const [dialogFor, setDialogFor] = useState<{ name: string; phone: string } | null>(null);
  const [erased, setErased] = useState(false);
  const exportButton = useRef<HTMLButtonElement>(null);
  const phone = phoneOf(row?.customerId);

  // Once erased the row has no phone left, so the erase button goes: focus stays in the panel.
  useEffect(() => {
    if (erased && !phone) exportButton.current?.focus();
  }, [erased, phone]);

  const onExport = async () => {
    if (exporting) return;
    setExporting(true);
    setNotice(null);
    try {
      const data = await fetchContactExport(conversationId);
      downloadJson(exportFileName(conversationId), data);
      setNotice({ kind: 'success', text: EXPORT_SUCCESS_TEXT });
    } catch (error) {
      setNotice({ kind: 'error', text: errorText(error) });
    } finally {
      setExporting(false);
    }
  };

  const openDialog = (contactPhone: string) => {
    setNotice(null);
    setDialogFor({ name: customerNameOf(row), phone: contactPhone });
  };

  const onErased = (message: string) => {
    setDialogFor(null);
    setErased(true);
    setNotice({ kind: 'success', text: message || ERASE_SUCCESS_TEXT });
    // What the chat window shows comes from the server again: the messages and the row.
    dispatch(messagesActions.messagesRequested({ conversationId }));
    dispatch(conversationsRequested());
  };

  return (
    <div className="space-y-2">
      <button
        ref={exportButton}
        type="button"
        onClick={() => void onExport()}
        disabled={exporting}
        aria-busy={exporting}
        className="btn-secondary w-full px-3 py-1.5 text-sm"
      >
        <Download aria-hidden className="h-4 w-4" />
        {exporting ? EXPORTING_CONTACT_LABEL : EXPORT_CONTACT_LABEL}
      </button>
      {phone ? (
        <button
          type="button"
          onClick={() => openDialog(phone)}
          className="inline-flex w-full items-center justify-center gap-2 rounded-lg border border-red-300 bg-white px-3 py-1.5 text-sm font-semibold text-red-700 transition hover:bg-red-50 dark:border-red-500/50 dark:bg-slate-800 dark:text-red-300 dark:hover:bg-red-500/15"
        >
          <Trash2 aria-hidden className="h-4 w-4" />
          {ERASE_CONTACT_LABEL}
        </button>
      ) : null}
      <NoticeLine notice={notice} />
      {dialogFor ? (
        <EraseContactDialog
          contactName={dialogFor.name}
          phone={dialogFor.phone}
          erase={(typed) => eraseContactData(conversationId, typed)}
          onErased={onErased}
          onClose={() => setDialogFor(null)}
        />
      ) : null}
    </div>
  );
}

/**
 * 'Exportar dados do contato' (a JSON file, `contato-<digits>.json`) and 'Excluir dados do contato'
 * (after typing the phone number) in the chat window's side panel; nothing for other roles.
 */
export function ContactDataActions({
  conversationId,
  row,
}: {
  conversationId: string;
  row: Conversation | undefined;
}) {
  const role = useAppSelector(selectUser)?.role;
  if (!canManageContactData(role)) return null;
  return <ContactDataButtons conversationId={conversationId} row={row} />;
}
