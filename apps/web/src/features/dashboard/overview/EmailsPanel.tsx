import { Mail, Paperclip } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Dialog } from '../../../ui/Dialog';
import { formatRelativeTime } from '../../conversations/row-format';
import { OVERVIEW_LIST_LIMIT, fetchEmails, type WorkspaceEmail } from './overview-api';
import { Panel, panelButtonClass } from './Panel';
import { useApiResource } from './useApiResource';

function EmailItem({ email }: { email: WorkspaceEmail }) {
  return (
    <li
      aria-label={`${email.senderName || email.sender}: ${email.subject}`}
      className={`rounded-xl border px-3 py-2.5 ${
        email.isUnread
          ? 'border-blue-200 bg-blue-50/60 dark:border-blue-900 dark:bg-blue-950/30'
          : 'border-slate-100 dark:border-slate-800'
      }`}
    >
      <div className="flex items-center gap-2">
        {email.isUnread ? (
          <span className="h-2 w-2 shrink-0 rounded-full bg-blue-600 dark:bg-blue-400">
            <span className="sr-only">Não lido</span>
          </span>
        ) : null}
        <p
          className={`min-w-0 flex-1 truncate text-sm text-slate-900 dark:text-white ${email.isUnread ? 'font-bold' : 'font-medium'}`}
        >
          {email.senderName || email.sender}
        </p>
        {email.hasAttachments ? (
          <span title="Com anexo" className="shrink-0">
            <Paperclip aria-hidden className="h-3.5 w-3.5 text-slate-400" />
            <span className="sr-only">Com anexo</span>
          </span>
        ) : null}
        <time dateTime={email.timestamp} className="shrink-0 text-xs text-slate-400 dark:text-slate-500">
          {formatRelativeTime(email.timestamp)}
        </time>
      </div>
      <p
        className={`mt-0.5 truncate text-sm ${email.isUnread ? 'font-semibold text-slate-800 dark:text-slate-100' : 'text-slate-700 dark:text-slate-300'}`}
      >
        {email.subject}
      </p>
      <p className="mt-0.5 line-clamp-2 text-xs text-slate-500 dark:text-slate-400">{email.preview}</p>
    </li>
  );
}

function EmailItems({ emails }: { emails: WorkspaceEmail[] }) {
  return (
    <ul className="space-y-2">
      {emails.map((email) => (
        <EmailItem key={email.id} email={email} />
      ))}
    </ul>
  );
}

function Status({ loading, error, empty }: { loading: boolean; error: string | null; empty: boolean }) {
  if (error) {
    return (
      <p role="alert" className="text-sm text-red-600 dark:text-red-400">
        {error}
      </p>
    );
  }
  if (loading) return <p className="text-sm text-slate-500 dark:text-slate-400">Carregando...</p>;
  if (empty)
    return <p className="py-10 text-center text-sm text-slate-500 dark:text-slate-400">Nenhum email</p>;
  return null;
}

/** 'Todos os emails': every e-mail of the workspace (read only). */
function AllEmailsDialog({ onClose }: { onClose: () => void }) {
  const load = useCallback((signal: AbortSignal) => fetchEmails(undefined, signal), []);
  const { data, loading, error } = useApiResource(load);
  return (
    <Dialog open onClose={onClose} title="Todos os emails" size="lg">
      <Status loading={loading && !data} error={error} empty={data?.length === 0} />
      {data && data.length > 0 ? <EmailItems emails={data} /> : null}
    </Dialog>
  );
}

/** The 'Emails' column: the 5 newest e-mails and 'Ver todos'. */
export function EmailsPanel() {
  const load = useCallback((signal: AbortSignal) => fetchEmails(OVERVIEW_LIST_LIMIT, signal), []);
  const { data, loading, error } = useApiResource(load);
  const [showAll, setShowAll] = useState(false);
  const emails = (data ?? []).slice(0, OVERVIEW_LIST_LIMIT);
  return (
    <Panel
      title="Emails"
      icon={Mail}
      actions={
        <button type="button" onClick={() => setShowAll(true)} className={panelButtonClass}>
          Ver todos
        </button>
      }
    >
      <div className="min-h-0 flex-1 overflow-y-auto">
        <Status loading={loading && !data} error={error} empty={data?.length === 0} />
        {emails.length > 0 ? <EmailItems emails={emails} /> : null}
      </div>
      {showAll ? <AllEmailsDialog onClose={() => setShowAll(false)} /> : null}
    </Panel>
  );
}
