import { errorText } from '../../api/client';
import { withApi } from '../../server-state/with-api';
import { NoteCard } from './NoteCard';
import type { Note } from './notes-api';
import { useGetNotesQuery } from './notes-endpoints';

export const NOTES_LOADING_TEXT = 'Carregando...';

/**
 * The overview's notes (GET /api/notes?limit=…, pinned first): fetched when shown and again after any
 * saved change to a note (its tag), the previous list on screen meanwhile.
 */
function NotesList({ limit, onOpen }: { limit: number; onOpen: (note: Note) => void }) {
  const { data, isLoading, error } = useGetNotesQuery(limit);
  const notes = (data ?? []).slice(0, limit);
  if (error) {
    return (
      <p role="alert" className="text-sm text-red-600 dark:text-red-400">
        {errorText(error)}
      </p>
    );
  }
  if (isLoading || !data)
    return <p className="text-sm text-slate-500 dark:text-slate-400">{NOTES_LOADING_TEXT}</p>;
  if (notes.length === 0) {
    return <p className="py-10 text-center text-sm text-slate-500 dark:text-slate-400">Nenhuma anotação</p>;
  }
  return (
    <ul className="space-y-2">
      {notes.map((note) => (
        <NoteCard key={note.id} note={note} onOpen={onOpen} />
      ))}
    </ul>
  );
}

export default withApi(NotesList);
