import { useId, useState, type FormEvent } from 'react';
import { usePendingAction } from '../../ui/usePendingAction';
import { Dialog } from '../../ui/Dialog';
import { INVALID_REMINDER_TEXT, REMINDER_FORMAT, parseReminderPrompt, toReminderPrompt } from './note-format';
import type { Note, NoteChange } from './notes-api';
import { useSetNoteReminderMutation } from './notes-endpoints';

/**
 * 'Definir lembrete' (spec §5): a date typed as 'YYYY-MM-DD HH:MM' (the user's own time); anything
 * else answers 'Data inválida. Use o formato YYYY-MM-DD HH:MM' without calling the server.
 */
export function ReminderDialog({
  note,
  onClose,
  onSaved,
}: {
  note: Note;
  onClose: () => void;
  onSaved: (change: NoteChange) => void;
}) {
  const formId = useId();
  const [value, setValue] = useState(toReminderPrompt(note.reminder));
  const { pending: saving, error, setError, run } = usePendingAction();

  const [setNoteReminder] = useSetNoteReminderMutation();
  const save = (reminder: string | null) =>
    run(() => setNoteReminder({ id: note.id, reminder }).unwrap(), onSaved);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const reminder = parseReminderPrompt(value);
    if (!reminder) {
      setError(INVALID_REMINDER_TEXT);
      return;
    }
    void save(reminder);
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title="Definir lembrete"
      size="sm"
      footer={
        <>
          {note.reminder ? (
            <button type="button" className="btn-secondary" disabled={saving} onClick={() => void save(null)}>
              Remover lembrete
            </button>
          ) : null}
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
          htmlFor={`${formId}-at`}
          className="block text-sm font-medium text-slate-700 dark:text-slate-200"
        >
          Data e hora do lembrete
        </label>
        <input
          id={`${formId}-at`}
          className="input font-mono"
          value={value}
          placeholder={REMINDER_FORMAT}
          inputMode="numeric"
          autoComplete="off"
          aria-describedby={`${formId}-hint`}
          aria-invalid={error === INVALID_REMINDER_TEXT}
          onChange={(event) => setValue(event.target.value)}
        />
        <p id={`${formId}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
          Formato: {REMINDER_FORMAT}
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
