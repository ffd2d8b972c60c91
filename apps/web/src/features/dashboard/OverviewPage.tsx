import { useAppSelector } from '../../app/hooks';
import { PageHeader } from '../../ui/PageHeader';
import { selectUser } from '../auth/selectors';
import { selectConversationsLoading } from '../conversations/selectors';
import { ConversationsPanel } from './overview/ConversationsPanel';
import { EmailsPanel } from './overview/EmailsPanel';
import { NotesPanel } from './overview/NotesPanel';
import { StatCards } from './overview/StatCards';

export const SYNCING_TEXT = 'Sincronizando...';

/**
 * Visão Geral (spec §2): the greeting, 'Sincronizando...' until the first conversation list
 * arrived, the four stat cards and three 600 px columns (conversations, e-mails, notes), stacked
 * on small screens.
 */
export default function OverviewPage() {
  return (
    <div className="space-y-6">
      <OverviewHeader />
      <StatCards />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
        <ConversationsPanel />
        <EmailsPanel />
        <NotesPanel />
      </div>
    </div>
  );
}

/**
 * The greeting and 'Sincronizando...'. Also the first thing the dashboard's page paints, rendered at
 * build without a user (src/prerender): a plain 'Olá!' until the session is known.
 */
export function OverviewHeader() {
  const user = useAppSelector(selectUser);
  const syncing = useAppSelector(selectConversationsLoading);
  return (
    <PageHeader
      title={user ? `Olá, ${user.name}!` : 'Olá!'}
      subtitle="Acompanhe suas conversas, emails e anotações."
      actions={
        <p
          role="status"
          className="flex items-center gap-2 text-sm font-medium text-blue-600 dark:text-blue-400"
        >
          {syncing ? SYNCING_TEXT : ''}
        </p>
      }
    />
  );
}
