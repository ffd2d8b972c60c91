import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '../../../ui/Dialog';
import { createNote, parseTags, type WorkspaceNote } from './overview-api';

/**
 * 'Nova anotação': Título and Conteúdo (both required; an empty one is silently ignored, spec §5),
 * Lembrete, Tags (comma separated) and 'Fixar anotação'. Saved with POST /api/notes.
 */
export function NoteFormDialog({
  onClose,
  onSaved,
}: {
  onClose: () => void;
  onSaved: (result: { note: WorkspaceNote | null; message: string }) => void;
}) {
  const formId = useId();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [reminder, setReminder] = useState('');
  const [tags, setTags] = useState('');
  const [isPinned, setIsPinned] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    // Spec §5: title and content are required; nothing happens without them.
    if (!title.trim() || !content.trim()) return;
    setSaving(true);
    setError(null);
    try {
      const tagList = parseTags(tags);
      const result = await createNote({
        title: title.trim(),
        content: content.trim(),
        ...(reminder ? { reminder } : {}),
        ...(tagList.length > 0 ? { tags: tagList } : {}),
        isPinned,
      });
      onSaved(result);
    } catch (reason) {
      setError(reason instanceof Error && reason.message ? reason.message : 'Erro de conexão');
      setSaving(false);
    }
  };

  const field = (suffix: string) => `${formId}-${suffix}`;
  const labelClass = 'mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200';

  return (
    <Dialog
      open
      onClose={onClose}
      title="Nova anotação"
      size="md"
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
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        {error ? (
          <p
            role="alert"
            className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
          >
            {error}
          </p>
        ) : null}
        <div>
          <label htmlFor={field('title')} className={labelClass}>
            Título
          </label>
          <input
            id={field('title')}
            className="input"
            value={title}
            maxLength={200}
            aria-required="true"
            onChange={(event) => setTitle(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={field('content')} className={labelClass}>
            Conteúdo
          </label>
          <textarea
            id={field('content')}
            className="input min-h-28"
            value={content}
            rows={5}
            aria-required="true"
            onChange={(event) => setContent(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={field('reminder')} className={labelClass}>
            Lembrete
          </label>
          <input
            id={field('reminder')}
            type="datetime-local"
            className="input"
            value={reminder}
            onChange={(event) => setReminder(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={field('tags')} className={labelClass}>
            Tags
          </label>
          <input
            id={field('tags')}
            className="input"
            value={tags}
            placeholder="cliente, urgente"
            aria-describedby={field('tags-hint')}
            onChange={(event) => setTags(event.target.value)}
          />
          <p id={field('tags-hint')} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            Separadas por vírgula
          </p>
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
          <input
            type="checkbox"
            checked={isPinned}
            onChange={(event) => setIsPinned(event.target.checked)}
            className="h-4 w-4 rounded border-slate-300 text-blue-600 focus:ring-blue-500"
          />
          Fixar anotação
        </label>
      </form>
    </Dialog>
  );
}
