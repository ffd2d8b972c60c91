import { Sparkles, Target } from 'lucide-react';
import { usePendingAction } from '../../ui/usePendingAction';
import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '../../ui/Dialog';
import { improveNote, optimizeStrategy, type AiProposal } from './ai-assist';
import { INVALID_REMINDER_TEXT, fromDateTimeLocal, parseTags, toDateTimeLocal } from './note-format';
import type { Note, NoteChange } from './notes-api';
import { useCreateNoteMutation, useUpdateNoteMutation } from './notes-endpoints';
import { withApi } from '../../server-state/with-api';
import { FormAlert } from '../../ui/FormAlert';
import { Field } from '../../ui/Field';

const PROPOSAL_TITLES: Record<AiProposal['kind'], string> = {
  improve: 'Sugestão da IA',
  strategy: 'Plano de ação sugerido',
};

/** The assistant's proposal, shown until the user accepts or discards it. */
function ProposalPanel({
  proposal,
  onAccept,
  onDiscard,
}: {
  proposal: AiProposal;
  onAccept: () => void;
  onDiscard: () => void;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-violet-200 bg-violet-50/70 p-3 dark:border-violet-900/60 dark:bg-violet-950/30"
    >
      <h3 id={headingId} className="text-sm font-semibold text-violet-800 dark:text-violet-200">
        {PROPOSAL_TITLES[proposal.kind]}
      </h3>
      {proposal.title ? (
        <p className="mt-2 text-sm font-semibold text-slate-900 dark:text-white">{proposal.title}</p>
      ) : null}
      <p className="mt-1 max-h-48 overflow-y-auto text-sm whitespace-pre-wrap text-slate-700 dark:text-slate-200">
        {proposal.content}
      </p>
      <div className="mt-3 flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onDiscard}>
          Descartar
        </button>
        <button type="button" className="btn-primary" onClick={onAccept}>
          Aceitar
        </button>
      </div>
    </section>
  );
}

/**
 * Create ('Nova anotação') or edit ('Editar anotação') a note: Título and Conteúdo (both required;
 * without them saving silently does nothing, spec §5), Lembrete, Tags (comma separated, trimmed),
 * 'Fixar anotação', and the local AI assistant ('Melhorar com IA', 'Otimizar estratégia').
 */
function NoteFormDialogView({
  note,
  onClose,
  onSaved,
}: {
  /** The note to edit; a new note when absent. */
  note?: Note;
  onClose: () => void;
  onSaved: (change: NoteChange) => void;
}) {
  const formId = useId();
  const [title, setTitle] = useState(note?.title ?? '');
  const [content, setContent] = useState(note?.content ?? '');
  const [reminder, setReminder] = useState(toDateTimeLocal(note?.reminder));
  const [tags, setTags] = useState(note?.tags.join(', ') ?? '');
  const [isPinned, setIsPinned] = useState(note?.isPinned ?? false);
  const [proposal, setProposal] = useState<AiProposal | null>(null);
  const { pending: saving, error, setError, run } = usePendingAction();
  const [createNote] = useCreateNoteMutation();
  const [updateNote] = useUpdateNoteMutation();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    // Spec §5: title and content are required; nothing happens without them.
    if (!title.trim() || !content.trim()) return;
    const reminderAt = reminder ? fromDateTimeLocal(reminder) : null;
    if (reminder && !reminderAt) {
      setError(INVALID_REMINDER_TEXT);
      return;
    }
    const tagList = parseTags(tags);
    const save = () =>
      note
        ? updateNote({
            id: note.id,
            input: {
              title: title.trim(),
              content: content.trim(),
              reminder: reminderAt,
              tags: tagList,
              isPinned,
            },
          }).unwrap()
        : createNote({
            title: title.trim(),
            content: content.trim(),
            ...(reminderAt ? { reminder: reminderAt } : {}),
            ...(tagList.length > 0 ? { tags: tagList } : {}),
            isPinned,
          }).unwrap();
    void run(save, onSaved);
  };

  const propose = (make: typeof improveNote) =>
    setProposal(make({ title, content, reminder: reminder ? fromDateTimeLocal(reminder) : null }));
  const accept = () => {
    if (!proposal) return;
    if (proposal.title) setTitle(proposal.title);
    if (proposal.content) setContent(proposal.content);
    setProposal(null);
  };

  const field = (suffix: string) => `${formId}-${suffix}`;
  const aiButtonClass =
    'inline-flex items-center gap-1.5 rounded-lg border border-violet-200 px-3 py-1.5 text-sm font-medium text-violet-700 transition hover:bg-violet-50 disabled:cursor-not-allowed disabled:opacity-50 dark:border-violet-800 dark:text-violet-300 dark:hover:bg-violet-950/50';
  const nothingToAssist = !title.trim() && !content.trim();

  return (
    <Dialog
      open
      onClose={onClose}
      title={note ? 'Editar anotação' : 'Nova anotação'}
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
        <FormAlert message={error} />
        <Field id={field('title')} label="Título">
          <input
            id={field('title')}
            className="input"
            value={title}
            maxLength={200}
            aria-required="true"
            onChange={(event) => setTitle(event.target.value)}
          />
        </Field>
        <Field id={field('content')} label="Conteúdo">
          <textarea
            id={field('content')}
            className="input min-h-28"
            value={content}
            rows={5}
            maxLength={20000}
            aria-required="true"
            onChange={(event) => setContent(event.target.value)}
          />
        </Field>
        <div role="group" aria-label="Assistente de IA" className="flex flex-wrap gap-2">
          <button
            type="button"
            className={aiButtonClass}
            disabled={nothingToAssist}
            onClick={() => propose(improveNote)}
          >
            <Sparkles aria-hidden className="h-4 w-4" />
            Melhorar com IA
          </button>
          <button
            type="button"
            className={aiButtonClass}
            disabled={nothingToAssist}
            onClick={() => propose(optimizeStrategy)}
          >
            <Target aria-hidden className="h-4 w-4" />
            Otimizar estratégia
          </button>
        </div>
        {proposal ? (
          <ProposalPanel proposal={proposal} onAccept={accept} onDiscard={() => setProposal(null)} />
        ) : null}
        <Field id={field('reminder')} label="Lembrete">
          <input
            id={field('reminder')}
            type="datetime-local"
            className="input"
            value={reminder}
            onChange={(event) => setReminder(event.target.value)}
          />
        </Field>
        <Field id={field('tags')} label="Tags">
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
        </Field>
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

/** The form with the notes' calls (the server-state cache joins the store when it first shows). */
export const NoteFormDialog = withApi(NoteFormDialogView);
