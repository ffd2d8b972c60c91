import { errorText } from '../../api/client';
import { Send } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Dialog } from '../../ui/Dialog';
import { useAppDispatch } from '../../app/hooks';
import { sendAndFollow, type Email, type EmailPriority } from './emails-api';
import { EMAIL_LISTS, emailsApi } from './emails-endpoints';
import {
  COMPOSE_TITLES,
  PRIORITY_LABELS,
  PRIORITY_OPTIONS,
  isComplete,
  type EmailDraft,
} from './email-format';
import { FormAlert } from '../../ui/FormAlert';
import { Field } from '../../ui/Field';

/**
 * Compose, reply and forward: Para (email), Cc (only for 'Responder com cópia'), Assunto, Conteúdo,
 * Prioridade (Baixa/Média/Alta, default Média), 'Enviar Email' and 'Cancelar'. 'Enviar Email' stays
 * disabled until Para, Assunto and Conteúdo are filled in (spec §5: silent otherwise, nothing sent);
 * a refusal shows the server's text and keeps what was typed. After 'Enviar Email' it says
 * 'Enviando…' until the SMTP server accepted the e-mail (then the success text) or it was given up
 * (then the reason, in the form).
 */
export function EmailComposeDialog({
  draft,
  onClose,
  onSent,
  onFailed,
}: {
  draft: EmailDraft;
  onClose: () => void;
  onSent: (result: { email: Email | null; message: string }) => void;
  /** The e-mail was recorded but not sent (the lists show it with its reason). */
  onFailed?: () => void;
}) {
  const formId = useId();
  const dispatch = useAppDispatch();
  const [to, setTo] = useState(draft.to);
  const [cc, setCc] = useState(draft.cc);
  const [subject, setSubject] = useState(draft.subject);
  const [content, setContent] = useState(draft.content);
  const [priority, setPriority] = useState<EmailPriority>(draft.priority);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A reply starts in the content (above the quote); a new e-mail or a forward in Para.
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const toRef = useRef<HTMLInputElement>(null);
  const startsInContent = draft.to.trim() !== '' && draft.subject.trim() !== '';

  // The caret goes above the quote (setting a value puts it at the end).
  useEffect(() => {
    const textarea = contentRef.current;
    if (!startsInContent || !textarea) return;
    textarea.setSelectionRange(0, 0);
    textarea.scrollTop = 0;
  }, [startsInContent]);

  const complete = isComplete({ to, subject, content });
  // Following a send stops when the dialog goes away.
  const following = useRef<AbortController | null>(null);
  useEffect(() => () => following.current?.abort(), []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Spec §5: nothing happens until Para, Assunto and Conteúdo are filled in.
    if (sending || !complete) return;
    setSending(true);
    setError(null);
    following.current = new AbortController();
    try {
      const result = await sendAndFollow(
        {
          to: to.trim(),
          ...(draft.showCc && cc.trim() ? { cc: cc.trim() } : {}),
          subject: subject.trim(),
          content,
          priority,
          kind: draft.kind,
          ...(draft.inReplyTo ? { inReplyTo: draft.inReplyTo } : {}),
        },
        { signal: following.current.signal },
      );
      // Recorded (sent, queued or refused by the server): every list of e-mails fetches again.
      dispatch(emailsApi.util.invalidateTags(EMAIL_LISTS));
      if (result.outcome === 'failed') {
        // Recorded as not sent (the list shows it so); what was typed stays for another try.
        setError(result.message);
        setSending(false);
        onFailed?.();
        return;
      }
      onSent(result);
    } catch (reason) {
      if (following.current?.signal.aborted) return;
      setError(errorText(reason));
      setSending(false);
    }
  };

  const field = (suffix: string) => `${formId}-${suffix}`;

  return (
    <Dialog
      open
      onClose={onClose}
      title={COMPOSE_TITLES[draft.kind]}
      size="lg"
      // A stray click beside the form does not throw away what was typed.
      closeOnBackdropClick={false}
      initialFocusRef={startsInContent ? contentRef : toRef}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancelar
          </button>
          <button
            type="submit"
            form={formId}
            className="btn-primary"
            disabled={!complete || sending}
            aria-busy={sending || undefined}
          >
            <Send aria-hidden className="h-4 w-4" />
            {sending ? 'Enviando…' : 'Enviar Email'}
          </button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <FormAlert message={error} />
        <Field id={field('to')} label="Para">
          <input
            ref={toRef}
            id={field('to')}
            type="email"
            multiple
            autoComplete="email"
            className="input"
            value={to}
            placeholder="cliente@exemplo.com"
            aria-required="true"
            onChange={(event) => setTo(event.target.value)}
          />
        </Field>
        {draft.showCc ? (
          <Field id={field('cc')} label="Cc">
            <input
              id={field('cc')}
              type="email"
              multiple
              className="input"
              value={cc}
              placeholder="copia@exemplo.com"
              aria-describedby={field('cc-hint')}
              onChange={(event) => setCc(event.target.value)}
            />
            <p id={field('cc-hint')} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
              Separe vários endereços por vírgula
            </p>
          </Field>
        ) : null}
        <Field id={field('subject')} label="Assunto">
          <input
            id={field('subject')}
            className="input"
            value={subject}
            maxLength={300}
            aria-required="true"
            onChange={(event) => setSubject(event.target.value)}
          />
        </Field>
        <Field id={field('content')} label="Conteúdo">
          <textarea
            ref={contentRef}
            id={field('content')}
            className="input min-h-40"
            value={content}
            rows={8}
            aria-required="true"
            onChange={(event) => setContent(event.target.value)}
          />
        </Field>
        <Field id={field('priority')} label="Prioridade">
          <select
            id={field('priority')}
            className="input"
            value={priority}
            onChange={(event) => setPriority(event.target.value as EmailPriority)}
          >
            {PRIORITY_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {PRIORITY_LABELS[option]}
              </option>
            ))}
          </select>
        </Field>
      </form>
    </Dialog>
  );
}
