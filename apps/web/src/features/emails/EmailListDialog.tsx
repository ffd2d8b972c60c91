import { Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { errorText } from '../../api/client';
import { withApi } from '../../server-state/with-api';
import { Dialog } from '../../ui/Dialog';
import { useNow } from '../conversations/useNow';
import type { Email, EmailPriority } from './emails-api';
import { EmailItem } from './EmailItem';
import { EmailListStatus } from './EmailListStatus';
import { PRIORITY_LABELS } from './email-format';
import { useGetEmailsQuery } from './emails-endpoints';

export const ALL_EMAILS_TITLE = 'Todos os emails';

export type PriorityFilter = 'all' | EmailPriority;

export interface EmailFilters {
  search: string;
  unreadOnly: boolean;
  priority: PriorityFilter;
}

/** Lower case without accents, so 'reuniao' finds 'Reunião'. */
const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The e-mails matching the search (sender, recipients, subject, content), the unread filter and the priority. */
export function filterEmails(emails: readonly Email[], filters: EmailFilters): Email[] {
  const query = fold(filters.search.trim());
  return emails.filter((email) => {
    if (filters.unreadOnly && !email.isUnread) return false;
    if (filters.priority !== 'all' && email.priority !== filters.priority) return false;
    if (!query) return true;
    const haystack = [
      email.senderName,
      email.sender,
      ...email.to,
      email.subject,
      email.preview,
      email.content,
    ];
    return haystack.some((text) => typeof text === 'string' && fold(text).includes(query));
  });
}

const PRIORITY_FILTERS: readonly PriorityFilter[] = ['all', 'high', 'medium', 'low'];

/**
 * 'Todos os emails': every e-mail of the workspace with a search box, a 'Somente não lidos' filter and
 * a priority filter; a click opens the e-mail. Fetched again after a send, a delete or a read (the
 * e-mails' cache tag).
 */
function EmailListDialogView({ onOpen, onClose }: { onOpen: (email: Email) => void; onClose: () => void }) {
  const ids = useId();
  const { data, isLoading: loading, error } = useGetEmailsQuery(undefined);
  const emails = data ?? null;
  const now = useNow();
  const [filters, setFilters] = useState<EmailFilters>({ search: '', unreadOnly: false, priority: 'all' });
  const shown = useMemo(() => filterEmails(emails ?? [], filters), [emails, filters]);
  const filtering = filters.search.trim() !== '' || filters.unreadOnly || filters.priority !== 'all';

  return (
    <Dialog open onClose={onClose} title={ALL_EMAILS_TITLE} size="lg">
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative min-w-0 flex-1">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
          />
          <input
            type="search"
            aria-label="Buscar emails"
            placeholder="Buscar emails..."
            className="input pl-9"
            value={filters.search}
            onChange={(event) => setFilters((f) => ({ ...f, search: event.target.value }))}
          />
        </div>
        <label className="flex shrink-0 items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
          <input
            type="checkbox"
            checked={filters.unreadOnly}
            onChange={(event) => setFilters((f) => ({ ...f, unreadOnly: event.target.checked }))}
            className="h-4 w-4 rounded border-slate-300 text-blue-600 focus:ring-blue-500"
          />
          Somente não lidos
        </label>
        <div className="flex shrink-0 items-center gap-2">
          <label htmlFor={`${ids}-priority`} className="text-sm text-slate-700 dark:text-slate-200">
            Prioridade
          </label>
          <select
            id={`${ids}-priority`}
            className="input w-auto py-1.5"
            value={filters.priority}
            onChange={(event) =>
              setFilters((f) => ({ ...f, priority: event.target.value as PriorityFilter }))
            }
          >
            {PRIORITY_FILTERS.map((option) => (
              <option key={option} value={option}>
                {option === 'all' ? 'Todas' : PRIORITY_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {emails ? (
        <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">{`${shown.length} email(s)`}</p>
      ) : null}
      <EmailListStatus
        loading={loading && !emails}
        error={error ? errorText(error) : null}
        empty={emails !== null && shown.length === 0}
        emptyText={filtering && emails && emails.length > 0 ? 'Nenhum email encontrado' : 'Nenhum email'}
      />
      {shown.length > 0 ? (
        <ul className="space-y-2">
          {shown.map((email) => (
            <EmailItem key={email.id} email={email} now={now} onOpen={onOpen} />
          ))}
        </ul>
      ) : null}
    </Dialog>
  );
}

export const EmailListDialog = withApi(EmailListDialogView);
