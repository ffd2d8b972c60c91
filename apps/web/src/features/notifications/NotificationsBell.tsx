import { Bell, BellRing, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Dialog } from '../../ui/Dialog';
import { formatBadgeCount } from '../layout/badge';
import { formatDateTime } from '../notes/note-format';
import type { AppNotification } from './notifications-api';
import { useNotifications } from './useNotifications';

/** The note modal is only needed once a notification is opened. */
const NoteViewDialog = lazy(() =>
  import('../notes/NoteViewDialog').then((m) => ({ default: m.NoteViewDialog })),
);

/** How long the toast of a new notification stays. */
export const TOAST_MS = 8_000;

export const NO_NOTIFICATIONS_TEXT = 'Nenhuma notificação';

/** The bell's accessible name: 'Notificações' and, when there are, how many are unread. */
export const bellLabel = (unread: number) =>
  unread > 0 ? `Notificações: ${unread} não lida${unread === 1 ? '' : 's'}` : 'Notificações';

const cx = (...classes: (string | false | null | undefined)[]) => classes.filter(Boolean).join(' ');

/** 'Lembrete: {title}' with the reminder's time; unread ones are bold with a dot. */
function NotificationItem({ notification, onOpen }: { notification: AppNotification; onOpen: () => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className={cx(
          'flex w-full items-start gap-3 rounded-lg px-3 py-2.5 text-left transition hover:bg-slate-100 dark:hover:bg-white/5',
          !notification.read && 'bg-blue-50/70 dark:bg-blue-950/30',
        )}
      >
        <BellRing aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-blue-600 dark:text-blue-400" />
        <span className="min-w-0 flex-1">
          <span
            className={cx(
              'block truncate text-sm text-slate-900 dark:text-white',
              notification.read ? 'font-medium' : 'font-bold',
            )}
          >
            {notification.message}
          </span>
          <time dateTime={notification.reminder} className="block text-xs text-slate-500 dark:text-slate-400">
            {formatDateTime(notification.reminder)}
          </time>
        </span>
        {notification.read ? null : (
          <span className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-blue-600 dark:bg-blue-400">
            <span className="sr-only">Não lida</span>
          </span>
        )}
      </button>
    </li>
  );
}

/** A new notification arrived: shown at the top right for a few seconds. */
function Toast({
  notification,
  onOpen,
  onDismiss,
}: {
  notification: AppNotification;
  onOpen: () => void;
  onDismiss: () => void;
}) {
  const dismiss = useRef(onDismiss);
  useEffect(() => {
    dismiss.current = onDismiss;
  });
  useEffect(() => {
    const timer = window.setTimeout(() => dismiss.current(), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [notification.id]);
  return (
    <div className="fixed top-4 right-4 z-[70] flex w-80 max-w-[calc(100vw-2rem)] items-start gap-3 rounded-xl bg-white p-4 shadow-xl ring-1 ring-slate-900/10 dark:bg-slate-800 dark:ring-blue-800/60">
      <BellRing aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-blue-600 dark:text-blue-400" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-slate-900 dark:text-white">
          {notification.message}
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">{formatDateTime(notification.reminder)}</p>
        <button
          type="button"
          onClick={onOpen}
          className="mt-1 text-sm font-medium text-blue-600 hover:underline dark:text-blue-400"
        >
          Abrir anotação
        </button>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Fechar aviso"
        className="rounded-md p-1 text-slate-500 transition dark:text-slate-400 hover:bg-slate-100 hover:text-slate-700 dark:hover:bg-white/10 dark:hover:text-slate-200"
      >
        <X aria-hidden className="h-4 w-4" />
      </button>
    </div>
  );
}

/**
 * The notifications bell of the dashboard layout: the unread count, a panel listing the reminder
 * notifications newest first (a click marks it read and opens the note; 'Limpar' clears them) and
 * a toast when a new one arrives. While it is on screen it asks every 30 s and on focus (useNotifications).
 */
export function NotificationsBell({ collapsed = false }: { collapsed?: boolean }) {
  const { items, unread, toast, dismissToast, refresh, markRead, clear } = useNotifications();
  const [open, setOpen] = useState(false);
  const [noteId, setNoteId] = useState<string | null>(null);

  const openNotification = (notification: AppNotification) => {
    if (!notification.read) markRead(notification.id);
    dismissToast();
    setOpen(false);
    setNoteId(notification.noteId);
  };
  const badge = formatBadgeCount(unread);
  const label = bellLabel(unread);

  return (
    <>
      <button
        type="button"
        aria-label={label}
        title={collapsed ? label : undefined}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setOpen(true);
          refresh();
        }}
        className={cx(
          'relative flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-white/5 dark:hover:text-white',
          collapsed && 'md:justify-center md:px-0',
        )}
      >
        <Bell aria-hidden className="h-5 w-5 shrink-0" />
        <span aria-hidden className={cx('truncate', collapsed && 'md:sr-only')}>
          Notificações
        </span>
        {badge ? (
          <span
            aria-hidden
            data-testid="notifications-badge"
            className={cx(
              'ml-auto inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 py-0.5 text-[11px] leading-none font-semibold text-white tabular-nums',
              collapsed &&
                'md:absolute md:-top-0.5 md:right-0.5 md:ml-0 md:ring-2 md:ring-white md:dark:ring-slate-900',
            )}
          >
            {badge}
          </span>
        ) : null}
      </button>

      {open ? (
        <Dialog
          open
          onClose={() => setOpen(false)}
          title="Notificações"
          description={unread > 0 ? `${unread} não lida(s)` : 'Tudo lido'}
          size="sm"
          footer={
            <button type="button" className="btn-secondary" disabled={items.length === 0} onClick={clear}>
              Limpar
            </button>
          }
        >
          {items.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-500 dark:text-slate-400">
              {NO_NOTIFICATIONS_TEXT}
            </p>
          ) : (
            <ul aria-label="Lista de notificações" className="-mx-3 space-y-1">
              {items.map((n) => (
                <NotificationItem key={n.id} notification={n} onOpen={() => openNotification(n)} />
              ))}
            </ul>
          )}
        </Dialog>
      ) : null}

      <div role="status" aria-live="polite">
        {toast ? (
          <Toast notification={toast} onOpen={() => openNotification(toast)} onDismiss={dismissToast} />
        ) : null}
      </div>

      {noteId ? (
        <Suspense fallback={null}>
          <NoteViewDialog
            key={noteId}
            noteId={noteId}
            onClose={() => setNoteId(null)}
            onDeleted={() => setNoteId(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
