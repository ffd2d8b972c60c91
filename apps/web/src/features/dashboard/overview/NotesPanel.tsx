import { Pin, Plus, StickyNote } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { formatRelativeTime } from '../../conversations/row-format';
import { NoteFormDialog } from './NoteFormDialog';
import { OVERVIEW_LIST_LIMIT, fetchNotes, type WorkspaceNote } from './overview-api';
import { Panel, panelButtonClass } from './Panel';
import { useApiResource } from './useApiResource';

/** How long 'Anotação salva com sucesso!' stays on screen. */
export const SAVED_MESSAGE_MS = 4_000;

function NoteItem({ note }: { note: WorkspaceNote }) {
  return (
    <li
      aria-label={note.isPinned ? `${note.title} (fixada)` : note.title}
      className={`rounded-xl border px-3 py-2.5 ${
        note.isPinned
          ? 'border-amber-200 bg-amber-50/70 dark:border-amber-900/60 dark:bg-amber-950/20'
          : 'border-slate-100 dark:border-slate-800'
      }`}
    >
      <div className="flex items-center gap-2">
        {note.isPinned ? (
          <span title="Fixada" className="shrink-0">
            <Pin aria-hidden className="h-3.5 w-3.5 fill-amber-400 text-amber-500" />
            <span className="sr-only">Fixada</span>
          </span>
        ) : null}
        <p className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900 dark:text-white">
          {note.title}
        </p>
        <time dateTime={note.updatedAt} className="shrink-0 text-xs text-slate-400 dark:text-slate-500">
          {formatRelativeTime(note.updatedAt)}
        </time>
      </div>
      <p className="mt-0.5 line-clamp-2 text-xs text-slate-500 dark:text-slate-400">{note.content}</p>
      {note.tags.length > 0 ? (
        <ul aria-label="Tags" className="mt-1.5 flex flex-wrap gap-1">
          {note.tags.map((tag) => (
            <li
              key={tag}
              className="rounded-full bg-slate-100 px-2 py-0.5 text-[11px] text-slate-600 dark:bg-slate-800 dark:text-slate-300"
            >
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The 'Anotações' column: the first 5 notes (pinned first) and 'Nova anotação'. */
export function NotesPanel() {
  const load = useCallback((signal: AbortSignal) => fetchNotes(OVERVIEW_LIST_LIMIT, signal), []);
  const { data, loading, error, reload } = useApiResource(load);
  const [creating, setCreating] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const notes = (data ?? []).slice(0, OVERVIEW_LIST_LIMIT);

  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(() => setSaved(null), SAVED_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [saved]);

  return (
    <Panel
      title="Anotações"
      icon={StickyNote}
      actions={
        <button type="button" onClick={() => setCreating(true)} className={panelButtonClass}>
          <Plus aria-hidden className="h-4 w-4" />
          Nova anotação
        </button>
      }
    >
      <p role="status" className="text-sm font-medium text-green-700 dark:text-green-400">
        {saved ?? ''}
      </p>
      <div className="mt-1 min-h-0 flex-1 overflow-y-auto">
        {error ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : loading && !data ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">Carregando...</p>
        ) : notes.length === 0 ? (
          <p className="py-10 text-center text-sm text-slate-500 dark:text-slate-400">Nenhuma anotação</p>
        ) : (
          <ul className="space-y-2">
            {notes.map((note) => (
              <NoteItem key={note.id} note={note} />
            ))}
          </ul>
        )}
      </div>
      {creating ? (
        <NoteFormDialog
          onClose={() => setCreating(false)}
          onSaved={({ message }) => {
            setCreating(false);
            setSaved(message);
            reload();
          }}
        />
      ) : null}
    </Panel>
  );
}
