import { ChevronRight, Mail, MailPlus } from 'lucide-react';
import { EmailItem } from '../../emails/EmailItem';
import { EmailListStatus } from '../../emails/EmailListStatus';
import { useEmailDialogs } from '../../emails/useEmailDialogs';
import { useEmailList } from '../../emails/useEmailList';
import { useNow } from '../../conversations/useNow';
import { OVERVIEW_LIST_LIMIT } from './overview-api';
import { Panel, panelButtonClass } from './Panel';

/**
 * The 'Emails' column (spec §2): the 5 newest e-mails (a click opens one and marks it read),
 * 'Novo email' in the header and 'Ver todos' (every e-mail, with search and filters) below the list.
 */
export function EmailsPanel() {
  const { revision, readIds, openEmail, compose, showAll, dialogs } = useEmailDialogs();
  const { emails: data, loading, error } = useEmailList(OVERVIEW_LIST_LIMIT, revision);
  const now = useNow();
  const emails = (data ?? [])
    .slice(0, OVERVIEW_LIST_LIMIT)
    .map((email) => (email.isUnread && readIds.has(email.id) ? { ...email, isUnread: false } : email));
  return (
    <Panel
      title="Emails"
      icon={Mail}
      actions={
        <button type="button" onClick={compose} className={`${panelButtonClass} whitespace-nowrap`}>
          <MailPlus aria-hidden className="h-4 w-4" />
          Novo email
        </button>
      }
    >
      <div className="min-h-0 flex-1 overflow-y-auto">
        <EmailListStatus loading={loading && !data} error={error} empty={data?.length === 0} />
        {emails.length > 0 ? (
          <ul className="space-y-2">
            {emails.map((email) => (
              <EmailItem key={email.id} email={email} now={now} onOpen={openEmail} />
            ))}
          </ul>
        ) : null}
      </div>
      <div className="mt-3 flex justify-center border-t border-slate-100 pt-3 dark:border-slate-800">
        <button type="button" onClick={showAll} className={`${panelButtonClass} whitespace-nowrap`}>
          Ver todos
          <ChevronRight aria-hidden className="h-4 w-4" />
        </button>
      </div>
      {dialogs}
    </Panel>
  );
}
