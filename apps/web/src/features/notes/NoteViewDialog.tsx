import { BellRing, Pencil, Pin, Tags, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Dialog } from '../../ui/Dialog';
import { errorText } from '../../api/client';
import { formatDateTime } from './note-format';
import { NoteFormDialog } from './NoteFormDialog';
import type { Note, NoteChange } from './notes-api';
import { useDeleteNoteMutation, useGetNoteQuery } from './notes-endpoints';
import { withApi } from '../../server-state/with-api';
import { ReminderDialog } from './ReminderDialog';
import { TagList } from './TagList';
import { TagsDialog } from './TagsDialog';

type Step = 'edit' | 'reminder' | 'tags' | 'delete' | null;

export const DELETE_CONFIRM_TEXT = 'Tem certeza que deseja excluir esta anotação?';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-2 text-sm">
      <dt className="w-28 shrink-0 font-medium text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 flex-1 text-slate-800 dark:text-slate-100">{children}</dd>
    </div>
  );
}

/** 'Excluir anotação': asks before deleting. */
function ConfirmDeleteDialog({
  note,
  onClose,
  onDeleted,
}: {
  note: Note;
  onClose: () => void;
  onDeleted: (message: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [deleteNote] = useDeleteNoteMutation();
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      onDeleted(await deleteNote(note.id).unwrap());
    } catch (reason) {
      setError(errorText(reason));
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title="Excluir anotação"
      description={DELETE_CONFIRM_TEXT}
      size="sm"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancelar
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => void confirm()}
            className="inline-flex items-center justify-center rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white transition hover:bg-red-700 disabled:opacity-50"
          >
            {busy ? 'Excluindo...' : 'Excluir'}
          </button>
        </>
      }
    >
      <p className="text-sm font-medium text-slate-800 dark:text-slate-100">{note.title}</p>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}

const actionClass =
  'inline-flex items-center justify-center gap-1.5 rounded-lg border border-slate-200 px-3 py-2 text-sm font-medium text-slate-700 transition hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800';

/**
 * A note (spec §2 Note modals): title, content, tags, reminder, pinned and dates (pt-BR), with
 * 'Editar', 'Definir lembrete', 'Gerenciar tags' and 'Excluir' (after a confirmation). Each change
 * shows its success text here and makes the lists of notes fetch again (their tag); `onChanged` gets the note.
 */
function NoteViewDialogView({
  noteId,
  initial,
  onClose,
  onChanged,
  onDeleted,
}: {
  noteId: string;
  /** The note as a list had it (shown at once); fetched by id otherwise. */
  initial?: Note;
  onClose: () => void;
  onChanged?: (note: Note) => void;
  onDeleted: (message: string) => void;
}) {
  // The note as changed here; until then the list's copy, or the one fetched by id.
  const [changedNote, setNote] = useState<Note | null>(null);
  const fetched = useGetNoteQuery(noteId, { skip: initial !== undefined });
  const note = changedNote ?? initial ?? fetched.data ?? null;
  const loadError = fetched.error ? errorText(fetched.error) : null;
  const [step, setStep] = useState<Step>(null);
  const [message, setMessage] = useState<string | null>(null);

  const saved = ({ note: next, message: text }: NoteChange) => {
    setNote(next);
    setMessage(text);
    setStep(null);
    onChanged?.(next);
  };

  if (!note) {
    return (
      <Dialog open onClose={onClose} title="Anotação" size="md">
        {loadError ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {loadError}
          </p>
        ) : (
          <p className="text-sm text-slate-500 dark:text-slate-400">Carregando...</p>
        )}
      </Dialog>
    );
  }

  return (
    <>
      <Dialog
        open
        onClose={onClose}
        title={note.title}
        size="lg"
        footer={
          <>
            <button type="button" className={actionClass} onClick={() => setStep('edit')}>
              <Pencil aria-hidden className="h-4 w-4" />
              Editar
            </button>
            <button type="button" className={actionClass} onClick={() => setStep('reminder')}>
              <BellRing aria-hidden className="h-4 w-4" />
              Definir lembrete
            </button>
            <button type="button" className={actionClass} onClick={() => setStep('tags')}>
              <Tags aria-hidden className="h-4 w-4" />
              Gerenciar tags
            </button>
            <button
              type="button"
              onClick={() => setStep('delete')}
              className="inline-flex items-center justify-center gap-1.5 rounded-lg border border-red-200 px-3 py-2 text-sm font-medium text-red-700 transition hover:bg-red-50 dark:border-red-900 dark:text-red-300 dark:hover:bg-red-950/40"
            >
              <Trash2 aria-hidden className="h-4 w-4" />
              Excluir
            </button>
          </>
        }
      >
        <p role="status" className="mb-2 text-sm font-medium text-green-700 empty:mb-0 dark:text-green-400">
          {message ?? ''}
        </p>
        {note.isPinned ? (
          <p className="mt-1 inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800 dark:bg-amber-900/40 dark:text-amber-200">
            <Pin aria-hidden className="h-3 w-3" />
            Anotação fixada
          </p>
        ) : null}
        <p className="mt-3 text-sm whitespace-pre-wrap text-slate-800 dark:text-slate-100">{note.content}</p>
        <dl className="mt-5 space-y-2 border-t border-slate-100 pt-4 dark:border-slate-800">
          <Detail label="Tags">
            {note.tags.length > 0 ? (
              <TagList tags={note.tags} />
            ) : (
              <span className="text-slate-500 dark:text-slate-400">Nenhuma tag</span>
            )}
          </Detail>
          <Detail label="Lembrete">
            {note.reminder ? (
              <time dateTime={note.reminder}>{formatDateTime(note.reminder)}</time>
            ) : (
              <span className="text-slate-500 dark:text-slate-400">Sem lembrete</span>
            )}
          </Detail>
          <Detail label="Fixada">{note.isPinned ? 'Sim' : 'Não'}</Detail>
          <Detail label="Criada em">
            <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
          </Detail>
          <Detail label="Atualizada em">
            <time dateTime={note.updatedAt}>{formatDateTime(note.updatedAt)}</time>
          </Detail>
        </dl>
      </Dialog>
      {step === 'edit' ? <NoteFormDialog note={note} onClose={() => setStep(null)} onSaved={saved} /> : null}
      {step === 'reminder' ? (
        <ReminderDialog note={note} onClose={() => setStep(null)} onSaved={saved} />
      ) : null}
      {step === 'tags' ? <TagsDialog note={note} onClose={() => setStep(null)} onSaved={saved} /> : null}
      {step === 'delete' ? (
        <ConfirmDeleteDialog note={note} onClose={() => setStep(null)} onDeleted={onDeleted} />
      ) : null}
    </>
  );
}

/** The note's modal with the notes' calls (the server-state cache joins the store when it first shows). */
export const NoteViewDialog = withApi(NoteViewDialogView);
