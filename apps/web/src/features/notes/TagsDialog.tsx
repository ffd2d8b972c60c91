import { useId, useState, type FormEvent } from 'react';
import { usePendingAction } from '../../ui/usePendingAction';
import { Dialog } from '../../ui/Dialog';
import { parseTags } from './note-format';
import type { Note, NoteChange } from './notes-api';
import { useSetNoteTagsMutation } from './notes-endpoints';

/** 'Gerenciar tags': the note's tags as one comma-separated text (split on commas and trimmed, spec §5). */
export function TagsDialog({
  note,
  onClose,
  onSaved,
}: {
  note: Note;
  onClose: () => void;
  onSaved: (change: NoteChange) => void;
}) {
  const formId = useId();
  const [value, setValue] = useState(note.tags.join(', '));
  const { pending: saving, error, run } = usePendingAction();
  const [setNoteTags] = useSetNoteTagsMutation();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(() => setNoteTags({ id: note.id, tags: parseTags(value) }).unwrap(), onSaved);
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title="Gerenciar tags"
      size="sm"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancelar
          </button>
          <button type="submit" form={formId} className="btn-primary" disabled={saving}>
            {saving ? 'Salvando...' : 'Salvar'}
          </button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-2">
        <label
          htmlFor={`${formId}-tags`}
          className="block text-sm font-medium text-slate-700 dark:text-slate-200"
        >
          Tags
        </label>
        <input
          id={`${formId}-tags`}
          className="input"
          value={value}
          placeholder="cliente, urgente"
          autoComplete="off"
          aria-describedby={`${formId}-hint`}
          onChange={(event) => setValue(event.target.value)}
        />
        <p id={`${formId}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
          Separadas por vírgula
        </p>
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
