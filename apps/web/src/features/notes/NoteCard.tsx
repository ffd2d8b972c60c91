import { BellRing, Pin } from 'lucide-react';
import { formatRelativeTime } from '../conversations/row-format';
import { formatDateTime } from './note-format';
import type { Note } from './notes-api';
import { TagList } from './TagList';

/** The accessible name of a note's open button. */
export const openNoteLabel = (title: string) => `Abrir anotação: ${title}`;

/** One note in a list: title (opens it), when it changed, the content's start, tags and reminder. */
export function NoteCard({ note, onOpen }: { note: Note; onOpen: (note: Note) => void }) {
  return (
    <li
      aria-label={note.isPinned ? `${note.title} (fixada)` : note.title}
      onClick={() => onOpen(note)}
      className={`cursor-pointer rounded-xl border px-3 py-2.5 transition hover:border-blue-300 dark:hover:border-blue-700 ${
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
        <button
          type="button"
          aria-label={openNoteLabel(note.title)}
          onClick={(event) => {
            event.stopPropagation();
            onOpen(note);
          }}
          className="min-w-0 flex-1 truncate text-left text-sm font-semibold text-slate-900 outline-none hover:underline focus-visible:underline dark:text-white"
        >
          {note.title}
        </button>
        <time dateTime={note.updatedAt} className="shrink-0 text-xs text-slate-500 dark:text-slate-400">
          {formatRelativeTime(note.updatedAt)}
        </time>
      </div>
      <p className="mt-0.5 line-clamp-2 text-xs whitespace-pre-line text-slate-500 dark:text-slate-400">
        {note.content}
      </p>
      <TagList tags={note.tags} className="mt-1.5" />
      {note.reminder ? (
        <p className="mt-1.5 flex items-center gap-1 text-[11px] text-slate-500 dark:text-slate-400">
          <BellRing aria-hidden className="h-3 w-3" />
          <span className="sr-only">Lembrete:</span>
          <time dateTime={note.reminder}>{formatDateTime(note.reminder)}</time>
        </p>
      ) : null}
    </li>
  );
}
