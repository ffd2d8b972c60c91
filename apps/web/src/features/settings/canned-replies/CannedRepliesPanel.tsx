import type { CannedReplyCategory } from '@atende/events/canned-reply-categories';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { errorText } from '../../../api/client';
import { withApi } from '../../../server-state/with-api';
import type { CannedReply } from './canned-replies-api';
import { CannedReplyFormDialog } from './CannedReplyFormDialog';
import { DeleteCannedReplyDialog } from './DeleteCannedReplyDialog';
import { CANNED_REPLIES_TEXTS } from './texts';
import { useGetCannedRepliesQuery } from './canned-replies-endpoints';

/** How long a success text stays (like 'Salvo!'). */
export const NOTICE_MS = 3000;

/** The latest success text ('Resposta pronta salva com sucesso!'), for a few seconds. */
function useNotice() {
  const [notice, setNotice] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback((message: string) => {
    clearTimeout(timer.current);
    setNotice(message);
    timer.current = setTimeout(() => setNotice(null), NOTICE_MS);
  }, []);
  return [notice, show] as const;
}

const t = CANNED_REPLIES_TEXTS;

const CATEGORY_STYLES: Record<CannedReplyCategory, string> = {
  greeting: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/20 dark:text-emerald-200',
  support: 'bg-amber-100 text-amber-800 dark:bg-amber-500/20 dark:text-amber-200',
  product: 'bg-violet-100 text-violet-800 dark:bg-violet-500/20 dark:text-violet-200',
  other: 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
};

const iconButton =
  'inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500';

function CannedReplyItem({
  reply,
  onEdit,
  onDelete,
}: {
  reply: CannedReply;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const textId = useId();
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3" aria-labelledby={textId}>
      <div className="min-w-0 flex-1">
        <p id={textId} className="text-sm whitespace-pre-wrap text-slate-800 dark:text-slate-100">
          {reply.text}
        </p>
        <div className="mt-1.5 flex flex-wrap items-center gap-2 text-xs">
          <span className={`rounded-full px-2 py-0.5 font-semibold ${CATEGORY_STYLES[reply.category]}`}>
            {reply.categoryLabel}
          </span>
          {reply.keywords ? (
            <span className="text-slate-500 dark:text-slate-400">
              {t.keywordsShown} {reply.keywords}
            </span>
          ) : null}
        </div>
      </div>
      <div className="flex shrink-0 gap-1">
        <button
          type="button"
          className={`${iconButton} text-blue-700 hover:bg-blue-50 dark:text-blue-300 dark:hover:bg-slate-800`}
          aria-describedby={textId}
          onClick={onEdit}
        >
          <Pencil aria-hidden className="h-4 w-4" />
          {t.edit}
        </button>
        <button
          type="button"
          className={`${iconButton} text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-slate-800`}
          aria-describedby={textId}
          onClick={onDelete}
        >
          <Trash2 aria-hidden className="h-4 w-4" />
          {t.delete}
        </button>
      </div>
    </li>
  );
}

type Open = { kind: 'new' } | { kind: 'edit'; reply: CannedReply } | { kind: 'delete'; reply: CannedReply };

/**
 * Configurações > Respostas prontas (only for who may manage the settings): the workspace's canned
 * replies with their category, added and edited in a dialog, deleted after a confirmation. The
 * chat window's suggestions are ranked from them and from the team's past answers. The list is the
 * server's (GET /api/canned-replies); a saved change goes into it as the server answered it.
 */
function CannedRepliesPanel() {
  const query = useGetCannedRepliesQuery(undefined);
  const [notice, show] = useNotice();
  const status = query.isError ? 'failed' : query.data ? 'ready' : 'loading';
  const items = query.data ?? [];
  const [open, setOpen] = useState<Open | null>(null);
  const headingId = useId();
  const close = () => setOpen(null);

  return (
    <section aria-labelledby={headingId}>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
            {t.heading}
          </h2>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{t.intro}</p>
        </div>
        <div className="flex items-center gap-3">
          <span
            role="status"
            aria-live="polite"
            className="text-sm font-semibold text-green-600 dark:text-green-400"
          >
            {notice ?? ''}
          </span>
          <button
            type="button"
            className="btn-primary"
            disabled={status !== 'ready'}
            onClick={() => setOpen({ kind: 'new' })}
          >
            <Plus aria-hidden className="h-4 w-4" />
            {t.add}
          </button>
        </div>
      </div>

      {status === 'loading' ? (
        <p className="text-slate-500 dark:text-slate-400">{t.loading}</p>
      ) : status === 'failed' ? (
        <div className="flex flex-wrap items-center justify-between gap-4">
          <p role="alert" className="text-red-600 dark:text-red-400">
            {query.error ? errorText(query.error) : t.loadError}
          </p>
          <button type="button" className="btn-secondary" onClick={() => void query.refetch()}>
            {t.retry}
          </button>
        </div>
      ) : items.length === 0 ? (
        <p className="text-slate-500 dark:text-slate-400">{t.empty}</p>
      ) : (
        <ul aria-label={t.listLabel} className="divide-y divide-slate-100 dark:divide-slate-800">
          {items.map((reply) => (
            <CannedReplyItem
              key={reply.id}
              reply={reply}
              onEdit={() => setOpen({ kind: 'edit', reply })}
              onDelete={() => setOpen({ kind: 'delete', reply })}
            />
          ))}
        </ul>
      )}

      {open?.kind === 'new' || open?.kind === 'edit' ? (
        <CannedReplyFormDialog
          {...(open.kind === 'edit' ? { reply: open.reply } : {})}
          onClose={close}
          onSaved={({ message }) => {
            show(message);
            close();
          }}
        />
      ) : null}
      {open?.kind === 'delete' ? (
        <DeleteCannedReplyDialog
          reply={open.reply}
          onClose={close}
          onDeleted={(message) => {
            show(message);
            close();
          }}
        />
      ) : null}
    </section>
  );
}

export default withApi(CannedRepliesPanel);
