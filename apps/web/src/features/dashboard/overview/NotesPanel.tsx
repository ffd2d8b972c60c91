import { Plus, StickyNote } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { NoteCard } from '../../notes/NoteCard';
import { fetchNotes, type Note } from '../../notes/notes-api';
import { notesActions, selectNotesRevision } from '../../notes/notesSlice';
import { OVERVIEW_LIST_LIMIT } from './overview-api';
import { Panel, panelButtonClass } from './Panel';
import { useApiResource } from './useApiResource';

// The note modals load on first use, keeping them out of the JavaScript /dashboard needs at start.
const NoteFormDialog = lazy(() =>
  import('../../notes/NoteFormDialog').then((m) => ({ default: m.NoteFormDialog })),
);
const NoteViewDialog = lazy(() =>
  import('../../notes/NoteViewDialog').then((m) => ({ default: m.NoteViewDialog })),
);
const AllNotesDialog = lazy(() =>
  import('../../notes/AllNotesDialog').then((m) => ({ default: m.AllNotesDialog })),
);

/** How long a success text ('Anotação salva com sucesso!', …) stays in the column. */
export const SAVED_MESSAGE_MS = 4_000;

/**
 * The 'Anotações' column: the first 5 notes (pinned first), 'Nova anotação' and, at its foot, 'Ver todas'.
 * A note opens in its view modal (edit, reminder, tags, delete); every change reloads the lists.
 */
export function NotesPanel() {
  const dispatch = useAppDispatch();
  const revision = useAppSelector(selectNotesRevision);
  const load = useCallback((signal: AbortSignal) => fetchNotes(OVERVIEW_LIST_LIMIT, signal), []);
  const { data, loading, error, reload } = useApiResource(load);
  const [creating, setCreating] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const [viewing, setViewing] = useState<Note | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const notes = (data ?? []).slice(0, OVERVIEW_LIST_LIMIT);

  // Any saved change to a note (here, in 'Todas as anotações' or from a notification) reloads the column.
  const loadedRevision = useRef(revision);
  useEffect(() => {
    if (loadedRevision.current === revision) return;
    loadedRevision.current = revision;
    reload();
  }, [revision, reload]);
  const changed = useCallback(() => dispatch(notesActions.notesChanged()), [dispatch]);

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
        <button
          type="button"
          onClick={() => setCreating(true)}
          className={`${panelButtonClass} whitespace-nowrap`}
        >
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
              <NoteCard key={note.id} note={note} onOpen={setViewing} />
            ))}
          </ul>
        )}
      </div>
      <button
        type="button"
        onClick={() => setShowAll(true)}
        className={`${panelButtonClass} mt-3 w-full justify-center border-t border-slate-100 pt-3 dark:border-slate-800`}
      >
        Ver todas
      </button>
      {creating ? (
        <Suspense fallback={null}>
          <NoteFormDialog
            onClose={() => setCreating(false)}
            onSaved={({ message }) => {
              setCreating(false);
              setSaved(message);
              changed();
            }}
          />
        </Suspense>
      ) : null}
      {showAll ? (
        <Suspense fallback={null}>
          <AllNotesDialog onClose={() => setShowAll(false)} onOpen={setViewing} />
        </Suspense>
      ) : null}
      {viewing ? (
        <Suspense fallback={null}>
          <NoteViewDialog
            key={viewing.id}
            noteId={viewing.id}
            initial={viewing}
            onClose={() => setViewing(null)}
            onChanged={changed}
            onDeleted={(message) => {
              setViewing(null);
              setSaved(message);
              changed();
            }}
          />
        </Suspense>
      ) : null}
    </Panel>
  );
}
