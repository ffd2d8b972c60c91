import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { errorText } from '../../api/client';
import { withApi } from '../../server-state/with-api';
import { Dialog } from '../../ui/Dialog';
import { NoteCard } from './NoteCard';
import { searchKey } from './note-format';
import type { Note } from './notes-api';
import { useGetNotesQuery } from './notes-endpoints';

/** Notes whose title, content or a tag contains the query (case and accents ignored); order kept. */
export function filterNotes(notes: readonly Note[], query: string): Note[] {
  const key = searchKey(query.trim());
  if (!key) return [...notes];
  return notes.filter(
    (n) =>
      searchKey(n.title).includes(key) ||
      searchKey(n.content).includes(key) ||
      n.tags.some((t) => searchKey(t).includes(key)),
  );
}

/**
 * 'Todas as anotações': every note (pinned first), searchable by title, content or tag; fetched again
 * after any saved change to a note (the notes' cache tag).
 */
function AllNotesDialogView({ onClose, onOpen }: { onClose: () => void; onOpen: (note: Note) => void }) {
  const { data, isLoading: loading, error } = useGetNotesQuery(undefined);
  const [query, setQuery] = useState('');
  const notes = useMemo(() => filterNotes(data ?? [], query), [data, query]);

  return (
    <Dialog open onClose={onClose} title="Todas as anotações" size="lg">
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
        />
        <input
          type="search"
          className="input pl-9"
          aria-label="Buscar anotações"
          placeholder="Buscar anotações..."
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">{notes.length} anotação(ões)</p>
      <div className="mt-2">
        {error ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {errorText(error)}
          </p>
        ) : loading && !data ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">Carregando...</p>
        ) : notes.length === 0 ? (
          <p className="py-8 text-center text-sm text-slate-500 dark:text-slate-400">
            {query.trim() ? 'Nenhuma anotação encontrada' : 'Nenhuma anotação'}
          </p>
        ) : (
          <ul aria-label="Anotações" className="space-y-2">
            {notes.map((note) => (
              <NoteCard key={note.id} note={note} onOpen={onOpen} />
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}

export const AllNotesDialog = withApi(AllNotesDialogView);
