import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import type { Email } from './emails-api';
import { EmailToast } from './EmailToast';
import type { EmailAction } from './EmailViewDialog';
import { forwardDraft, newDraft, replyDraft, type EmailDraft } from './email-format';

// The dialogs load on first use (with the server-state cache), keeping them out of the JavaScript
// /dashboard needs at start.
const EmailListDialog = lazy(() => import('./EmailListDialog').then((m) => ({ default: m.EmailListDialog })));
const EmailViewDialog = lazy(() => import('./EmailViewDialog').then((m) => ({ default: m.EmailViewDialog })));
const EmailComposeDialog = lazy(() =>
  import('./EmailComposeDialog').then((m) => ({ default: m.EmailComposeDialog })),
);

type Modal =
  | { type: 'view'; email: Email; markRead: boolean }
  | { type: 'compose'; draft: EmailDraft; key: number }
  | null;

export interface EmailDialogs {
  /** Opens the e-mail and marks it read (POST /api/emails/:id/read) when it is unread. */
  openEmail: (email: Email) => void;
  /** 'Novo email'. */
  compose: () => void;
  /** 'Ver todos'. */
  showAll: () => void;
  /** The dialogs and the success alert, to render once. */
  dialogs: ReactNode;
}

/**
 * The e-mails' modals: 'Todos os emails', the view (Responder, Responder com cópia, Encaminhar,
 * Excluir), the compose form, and the success alert ('Email enviado com sucesso!'). A send, a delete
 * or a read makes every list of e-mails fetch again (the e-mails' cache tag, emails-endpoints.ts).
 */
export function useEmailDialogs(): EmailDialogs {
  const [modal, setModal] = useState<Modal>(null);
  const [listOpen, setListOpen] = useState(false);
  const [toast, setToast] = useState<{ id: number; text: string } | null>(null);
  const counter = useRef(0);
  const next = () => (counter.current += 1);

  const say = useCallback((text: string) => setToast({ id: next(), text }), []);
  const clearToast = useCallback(() => setToast(null), []);

  const openEmail = useCallback(
    (email: Email) =>
      setModal({ type: 'view', email: { ...email, isUnread: false }, markRead: email.isUnread }),
    [],
  );

  const compose = useCallback(() => setModal({ type: 'compose', draft: newDraft(), key: next() }), []);
  const showAll = useCallback(() => setListOpen(true), []);

  const act = (action: EmailAction, email: Email) => {
    const draft = action === 'forward' ? forwardDraft(email) : replyDraft(email, action === 'reply_all');
    setModal({ type: 'compose', draft, key: next() });
  };

  const dialogs = (
    <>
      <Suspense fallback={null}>
        {listOpen ? <EmailListDialog onOpen={openEmail} onClose={() => setListOpen(false)} /> : null}
        {modal?.type === 'view' ? (
          <EmailViewDialog
            key={modal.email.id}
            email={modal.email}
            markRead={modal.markRead}
            onClose={() => setModal(null)}
            onAction={act}
            onDeleted={(message) => {
              setModal(null);
              say(message);
            }}
          />
        ) : null}
        {modal?.type === 'compose' ? (
          <EmailComposeDialog
            key={modal.key}
            draft={modal.draft}
            onClose={() => setModal(null)}
            onSent={({ message }) => {
              setModal(null);
              say(message);
            }}
          />
        ) : null}
      </Suspense>
      <EmailToast toast={toast} onDone={clearToast} />
    </>
  );

  return { openEmail, compose, showAll, dialogs };
}
