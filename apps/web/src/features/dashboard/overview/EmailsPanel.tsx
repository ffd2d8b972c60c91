import { ChevronRight, Mail, MailPlus } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { EmailListStatus } from '../../emails/EmailListStatus';
import { useEmailDialogs } from '../../emails/useEmailDialogs';
import { OVERVIEW_LIST_LIMIT } from './overview-api';
import { Panel, panelButtonClass } from './Panel';

// The list comes with the server-state cache (RTK Query) in a chunk of its own, after the first paint.
const EmailsList = lazy(() => import('../../emails/EmailsList'));

/**
 * The 'Emails' column (spec §2): the 5 newest e-mails (a click opens one and marks it read),
 * 'Novo email' in the header and 'Ver todos' (every e-mail, with search and filters) below the list.
 */
export function EmailsPanel() {
  const { openEmail, compose, showAll, dialogs } = useEmailDialogs();
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
        <Suspense fallback={<EmailListStatus loading error={null} empty={false} />}>
          <EmailsList limit={OVERVIEW_LIST_LIMIT} onOpen={openEmail} />
        </Suspense>
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
