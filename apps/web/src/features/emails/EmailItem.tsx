import { Paperclip } from 'lucide-react';
import { useId } from 'react';
import { formatRelativeTime } from '../conversations/row-format';
import type { Email, EmailPriority } from './emails-api';
import { PRIORITY_LABELS, senderLabelOf } from './email-format';

const BADGE_CLASSES: Record<EmailPriority, string> = {
  high: 'bg-red-50 text-red-700 ring-red-200 dark:bg-red-950/50 dark:text-red-300 dark:ring-red-900',
  medium:
    'bg-amber-50 text-amber-700 ring-amber-200 dark:bg-amber-950/40 dark:text-amber-300 dark:ring-amber-900',
  low: 'bg-slate-100 text-slate-600 ring-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-700',
};

/** The priority as a small coloured badge ('Alta', 'Média', 'Baixa'), read as 'Prioridade …'. */
export function PriorityBadge({
  priority,
  srPrefix = true,
}: {
  priority: EmailPriority;
  /** Whether screen readers hear 'Prioridade' before the label (off where a label says it already). */
  srPrefix?: boolean;
}) {
  const label = PRIORITY_LABELS[priority] ?? PRIORITY_LABELS.medium;
  return (
    <span
      title={`Prioridade ${label}`}
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-[11px] font-medium ring-1 ${BADGE_CLASSES[priority] ?? BADGE_CLASSES.medium}`}
    >
      {srPrefix ? <span className="sr-only">Prioridade </span> : null}
      {label}
    </span>
  );
}

/** How an e-mail of ours stands while it is not sent: 'Enviando…', or 'Não enviado' (reason in its title). */
export function deliveryLabel(email: Email): string | null {
  if (email.status === 'sending') return 'Enviando…';
  if (email.status === 'failed') return 'Não enviado';
  return null;
}

/**
 * One e-mail of a list: sender, relative time, subject, preview, unread mark, priority badge and
 * attachment icon. A click anywhere on the row opens it: its button, named '{sender}: {subject}'.
 */
export function EmailItem({
  email,
  now,
  onOpen,
}: {
  email: Email;
  now: number;
  onOpen: (email: Email) => void;
}) {
  const detailsId = useId();
  const sender = senderLabelOf(email);
  const name = `${sender}: ${email.subject}`;
  const relative = formatRelativeTime(email.timestamp, now);
  const delivery = deliveryLabel(email);
  const details = [
    email.isUnread ? 'Não lido' : null,
    delivery,
    `Prioridade ${PRIORITY_LABELS[email.priority] ?? PRIORITY_LABELS.medium}`,
    email.hasAttachments ? 'Com anexo' : null,
    relative,
    email.preview,
  ]
    .filter(Boolean)
    .join('. ');
  // The row's button is the sender, stretched over the row, so it is named after what it shows.
  return (
    <li
      aria-label={name}
      className={`relative block w-full rounded-xl border px-3 py-2.5 text-left transition hover:border-blue-300 hover:bg-blue-50/40 dark:hover:border-blue-800 dark:hover:bg-blue-950/30 ${
        email.isUnread
          ? 'border-blue-200 bg-blue-50/60 dark:border-blue-900 dark:bg-blue-950/30'
          : 'border-slate-100 dark:border-slate-800'
      }`}
    >
      <span className="flex items-center gap-2">
        {email.isUnread ? (
          <span className="h-2 w-2 shrink-0 rounded-full bg-blue-600 dark:bg-blue-400">
            <span className="sr-only">Não lido</span>
          </span>
        ) : null}
        <span
          className={`min-w-0 flex-1 truncate text-sm text-slate-900 dark:text-white ${email.isUnread ? 'font-bold' : 'font-medium'}`}
        >
          <button
            type="button"
            aria-label={name}
            aria-describedby={detailsId}
            onClick={() => onOpen(email)}
            className="stretched-action inline text-left"
          >
            {sender}
          </button>
          {email.direction === 'sent' && email.to.length > 0 ? (
            <span className="font-normal text-slate-500 dark:text-slate-400">
              {' '}
              para {email.to.join(', ')}
            </span>
          ) : null}
        </span>
        {email.hasAttachments ? (
          <span title="Com anexo" className="shrink-0">
            <Paperclip aria-hidden className="h-3.5 w-3.5 text-slate-500 dark:text-slate-400" />
            <span className="sr-only">Com anexo</span>
          </span>
        ) : null}
        <time dateTime={email.timestamp} className="shrink-0 text-xs text-slate-500 dark:text-slate-400">
          {relative}
        </time>
      </span>
      <span className="mt-0.5 flex items-center gap-2">
        <span
          className={`min-w-0 flex-1 truncate text-sm ${email.isUnread ? 'font-semibold text-slate-800 dark:text-slate-100' : 'text-slate-700 dark:text-slate-300'}`}
        >
          {email.subject}
        </span>
        {delivery ? (
          <span
            title={email.status === 'failed' ? (email.error ?? undefined) : undefined}
            className={`shrink-0 rounded-full px-2 py-0.5 text-[11px] font-medium ring-1 ${
              email.status === 'failed'
                ? 'bg-red-50 text-red-700 ring-red-200 dark:bg-red-950/50 dark:text-red-300 dark:ring-red-900'
                : 'bg-slate-100 text-slate-700 ring-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-700'
            }`}
          >
            {delivery}
          </span>
        ) : null}
        <PriorityBadge priority={email.priority} />
      </span>
      <span className="mt-0.5 line-clamp-2 text-xs text-slate-500 dark:text-slate-400">{email.preview}</span>
      <span id={detailsId} hidden>
        {details}
      </span>
    </li>
  );
}
