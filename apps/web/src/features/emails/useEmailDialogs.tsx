import { useCallback, useRef, useState, type ReactNode } from 'react';
import { markEmailRead, type Email } from './emails-api';
import { EmailComposeDialog } from './EmailComposeDialog';
import { EmailListDialog } from './EmailListDialog';
import { EmailToast } from './EmailToast';
import { EmailViewDialog, type EmailAction } from './EmailViewDialog';
import { forwardDraft, newDraft, replyDraft, type EmailDraft } from './email-format';

type Modal = { type: 'view'; email: Email } | { type: 'compose'; draft: EmailDraft; key: number } | null;

export interface EmailDialogs {
  /** Changes after every send, delete and read: lists fetch again. */
  revision: number;
  /** E-mails marked read in this session (shown read until the lists are fetched again). */
  readIds: ReadonlySet<string>;
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
 * Excluir), the compose form, and the success alert ('Email enviado com sucesso!').
 */
export function useEmailDialogs(): EmailDialogs {
  const [revision, setRevision] = useState(0);
  const [readIds, setReadIds] = useState<ReadonlySet<string>>(() => new Set());
  const [modal, setModal] = useState<Modal>(null);
  const [listOpen, setListOpen] = useState(false);
  const [toast, setToast] = useState<{ id: number; text: string } | null>(null);
  const counter = useRef(0);
  const next = () => (counter.current += 1);

  const refresh = useCallback(() => setRevision((r) => r + 1), []);
  const say = useCallback((text: string) => setToast({ id: next(), text }), []);
  const clearToast = useCallback(() => setToast(null), []);

  const openEmail = useCallback(
    (email: Email) => {
      const unread = email.isUnread && !readIds.has(email.id);
      setModal({ type: 'view', email: { ...email, isUnread: false } });
      if (!unread) return;
      setReadIds((ids) => new Set(ids).add(email.id));
      markEmailRead(email.id).then(refresh, () => {
        // Not recorded (gone meanwhile, or offline): show it unread again.
        setReadIds((ids) => {
          const rest = new Set(ids);
          rest.delete(email.id);
          return rest;
        });
        refresh();
      });
    },
    [readIds, refresh],
  );

  const compose = useCallback(() => setModal({ type: 'compose', draft: newDraft(), key: next() }), []);
  const showAll = useCallback(() => setListOpen(true), []);

  const act = (action: EmailAction, email: Email) => {
    const draft = action === 'forward' ? forwardDraft(email) : replyDraft(email, action === 'reply_all');
    setModal({ type: 'compose', draft, key: next() });
  };

  const dialogs = (
    <>
      {listOpen ? (
        <EmailListDialog
          revision={revision}
          readIds={readIds}
          onOpen={openEmail}
          onClose={() => setListOpen(false)}
        />
      ) : null}
      {modal?.type === 'view' ? (
        <EmailViewDialog
          key={modal.email.id}
          email={modal.email}
          onClose={() => setModal(null)}
          onAction={act}
          onDeleted={(message) => {
            setModal(null);
            say(message);
            refresh();
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
            refresh();
          }}
          onFailed={refresh}
        />
      ) : null}
      <EmailToast toast={toast} onDone={clearToast} />
    </>
  );

  return { revision, readIds, openEmail, compose, showAll, dialogs };
}
