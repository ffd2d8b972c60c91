import {
  CANNED_REPLY_CATEGORY_LABELS,
  CANNED_REPLY_KEYWORDS_MAX,
  CANNED_REPLY_TEXT_MAX,
  cannedReplyCategories,
  type CannedReplyCategory,
} from '@atende/events/canned-reply-categories';
import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '../../../ui/Dialog';
import { Field } from '../../../ui/Field';
import { FormAlert } from '../../../ui/FormAlert';
import { usePendingAction } from '../../../ui/usePendingAction';
import type { CannedReply, CannedReplyChange } from './canned-replies-api';
import { useCreateCannedReplyMutation, useUpdateCannedReplyMutation } from './canned-replies-endpoints';
import { CANNED_REPLIES_TEXTS } from './texts';

const t = CANNED_REPLIES_TEXTS.form;

/** Add ('Nova resposta pronta') or edit a canned reply: Texto (required), Categoria, Palavras-chave. */
export function CannedReplyFormDialog({
  reply,
  onClose,
  onSaved,
}: {
  /** The reply to edit; a new one when absent. */
  reply?: CannedReply;
  onClose: () => void;
  onSaved: (change: CannedReplyChange) => void;
}) {
  const formId = useId();
  const [text, setText] = useState(reply?.text ?? '');
  const [category, setCategory] = useState<CannedReplyCategory>(reply?.category ?? 'support');
  const [keywords, setKeywords] = useState(reply?.keywords ?? '');
  const { pending: saving, error, setError, run } = usePendingAction();
  const [createCannedReply] = useCreateCannedReplyMutation();
  const [updateCannedReply] = useUpdateCannedReplyMutation();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    if (!text.trim()) {
      setError(t.textRequired);
      return;
    }
    const input = { text: text.trim(), category, keywords: keywords.trim() };
    void run(
      () => (reply ? updateCannedReply({ id: reply.id, input }) : createCannedReply(input)).unwrap(),
      onSaved,
    );
  };

  const field = (suffix: string) => `${formId}-${suffix}`;
  return (
    <Dialog
      open
      onClose={onClose}
      title={reply ? t.editTitle : t.newTitle}
      size="md"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            {t.cancel}
          </button>
          <button type="submit" form={formId} className="btn-primary" disabled={saving} aria-busy={saving}>
            {saving ? t.saving : t.save}
          </button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <FormAlert message={error} />
        <Field id={field('text')} label={t.text}>
          <textarea
            id={field('text')}
            className="input min-h-24"
            value={text}
            rows={4}
            maxLength={CANNED_REPLY_TEXT_MAX}
            aria-required="true"
            onChange={(event) => setText(event.target.value)}
          />
        </Field>
        <Field id={field('category')} label={t.category}>
          <select
            id={field('category')}
            className="input"
            value={category}
            onChange={(event) => setCategory(event.target.value as CannedReplyCategory)}
          >
            {cannedReplyCategories.map((value) => (
              <option key={value} value={value}>
                {CANNED_REPLY_CATEGORY_LABELS[value]}
              </option>
            ))}
          </select>
        </Field>
        <Field id={field('keywords')} label={t.keywords}>
          <input
            id={field('keywords')}
            className="input"
            value={keywords}
            maxLength={CANNED_REPLY_KEYWORDS_MAX}
            aria-describedby={field('keywords-hint')}
            onChange={(event) => setKeywords(event.target.value)}
          />
          <p id={field('keywords-hint')} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            {t.keywordsHint}
          </p>
        </Field>
      </form>
    </Dialog>
  );
}
