import { Plus, StickyNote } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { Note } from '../../notes/notes-api';
import { OVERVIEW_LIST_LIMIT } from './overview-api';
import { Panel, panelButtonClass } from './Panel';

// The list comes with the server-state cache (RTK Query) in a chunk of its own, after the first paint.
const NotesList = lazy(() => import('../../notes/NotesList'));

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
 * A note opens in its view modal (edit, reminder, tags, delete); every saved change, here or from a
 * notification, makes the lists fetch again (the notes' cache tag).
 */
export function NotesPanel() {
  const [creating, setCreating] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const [viewing, setViewing] = useState<Note | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

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
        <Suspense fallback={<p className="text-sm text-slate-500 dark:text-slate-400">Carregando...</p>}>
          <NotesList limit={OVERVIEW_LIST_LIMIT} onOpen={setViewing} />
        </Suspense>
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
            onDeleted={(message) => {
              setViewing(null);
              setSaved(message);
            }}
          />
        </Suspense>
      ) : null}
    </Panel>
  );
}
