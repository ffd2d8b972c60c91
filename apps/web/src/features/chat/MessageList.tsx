import { Check, CheckCheck, CircleAlert, Clock } from 'lucide-react';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { messagesActions, type ChatMessage } from '../messages/messages-endpoints';
import { mediaPlaceholder, selectConversationMessages, selectMessagesState } from './messageSelectors';
import { MessageMedia } from './media/MessageMedia';
import { UploadProgress } from './media/UploadProgress';
import { SendFailure } from './SendFailure';
import { EMPTY_MESSAGES_TEXT, LOADING_MESSAGES_TEXT } from './texts';
import { isNearBottom } from './windowGeometry';

const cx = (...classes: (string | false | null | undefined)[]) => classes.filter(Boolean).join(' ');

/**
 * Status of an own message (spec §4): sending/sent grey, delivered blue, read green, failed red; each
 * shade at least 3:1 on the icon's pill in both themes (WCAG 1.4.11).
 */
const STATUS_VIEW: Record<ChatMessage['status'], { label: string; className: string; icon: ReactNode }> = {
  sending: {
    label: 'Enviando',
    className: 'text-slate-500 dark:text-slate-400',
    icon: <Clock aria-hidden className="h-3.5 w-3.5" />,
  },
  sent: {
    label: 'Enviada',
    className: 'text-slate-500 dark:text-slate-400',
    icon: <Check aria-hidden className="h-3.5 w-3.5" />,
  },
  delivered: {
    label: 'Entregue',
    className: 'text-blue-500',
    icon: <CheckCheck aria-hidden className="h-3.5 w-3.5" />,
  },
  read: {
    label: 'Lida',
    className: 'text-green-600',
    icon: <CheckCheck aria-hidden className="h-3.5 w-3.5" />,
  },
  failed: {
    label: 'Falhou',
    className: 'text-red-500',
    icon: <CircleAlert aria-hidden className="h-3.5 w-3.5" />,
  },
};

/** 'HH:MM' in pt-BR; nothing for an unreadable time. */
function timeOf(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' });
}

function MessageBody({ message }: { message: ChatMessage }) {
  const text = message.content?.trim() ? message.content : '';
  const isMedia = message.type !== 'text';
  const uploading = message.status === 'sending' && typeof message.progress === 'number';
  return (
    <>
      <MessageMedia message={message} label={text || mediaPlaceholder(message.type)} />
      {text ? (
        <p className="break-words whitespace-pre-wrap">{text}</p>
      ) : isMedia ? (
        <p className="italic opacity-80">{mediaPlaceholder(message.type)}</p>
      ) : null}
      {uploading ? <UploadProgress percent={message.progress!} /> : null}
    </>
  );
}

function MessageItem({ message, conversationId }: { message: ChatMessage; conversationId: string }) {
  const own = message.fromMe;
  const status = STATUS_VIEW[message.status] ?? STATUS_VIEW.sent;
  return (
    <li className={cx('flex flex-col', own ? 'items-end' : 'items-start')} data-from-me={own}>
      <div
        className={cx(
          'max-w-[80%] rounded-2xl px-3 py-2 text-sm shadow-sm',
          own
            ? 'rounded-br-md bg-blue-600 text-white'
            : 'rounded-bl-md bg-white text-slate-800 ring-1 ring-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-700',
          message.status === 'failed' && 'ring-2 ring-red-400',
        )}
      >
        <MessageBody message={message} />
        <div
          className={cx(
            'mt-1 flex items-center justify-end gap-1 text-[11px]',
            own ? 'text-blue-50' : 'text-slate-500 dark:text-slate-400',
          )}
        >
          <time dateTime={message.timestamp}>{timeOf(message.timestamp)}</time>
          {own ? (
            <span
              role="img"
              aria-label={status.label}
              title={status.label}
              data-status={message.status}
              className={cx('inline-flex rounded-full bg-white px-0.5 dark:bg-slate-900', status.className)}
            >
              {status.icon}
            </span>
          ) : null}
        </div>
      </div>
      {message.status === 'failed' ? <SendFailure message={message} conversationId={conversationId} /> : null}
    </li>
  );
}

/**
 * The conversation's messages, oldest first, own ones on the right. New messages scroll the list
 * to the bottom only when the reader was within 50 px of it (or just sent one).
 */
export function MessageList({ conversationId }: { conversationId: string }) {
  const dispatch = useAppDispatch();
  const messages = useAppSelector((state) => selectConversationMessages(state, conversationId));
  const { loading, error } = useAppSelector((state) => selectMessagesState(state, conversationId));
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const lastKey = useRef<string | null>(null);

  const last = messages[messages.length - 1];
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const newOwn = last !== undefined && last.fromMe && last.localId !== lastKey.current;
    lastKey.current = last?.localId ?? null;
    if (atBottom.current || newOwn) {
      element.scrollTop = element.scrollHeight;
      atBottom.current = true;
    }
  }, [messages, last]);

  const onScroll = () => {
    if (scroller.current) atBottom.current = isNearBottom(scroller.current);
  };

  return (
    <div
      ref={scroller}
      role="log"
      aria-label="Mensagens"
      aria-busy={loading}
      // Reachable with Tab, so the keyboard scrolls it with the arrow keys (WCAG 2.1.1).
      tabIndex={0}
      onScroll={onScroll}
      className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-4 py-3 focus-visible:-outline-offset-2 dark:bg-slate-950/60"
    >
      {error ? (
        <div className="mb-3 flex flex-wrap items-center gap-2 text-sm">
          <p className="text-red-600 dark:text-red-400">{error}</p>
          <button
            type="button"
            onClick={() => dispatch(messagesActions.messagesRequested({ conversationId }))}
            className="font-semibold text-red-700 underline underline-offset-2 dark:text-red-300"
          >
            Tentar novamente
          </button>
        </div>
      ) : null}
      {messages.length === 0 ? (
        loading ? (
          <p className="py-8 text-center text-sm text-slate-500 dark:text-slate-400">
            {LOADING_MESSAGES_TEXT}
          </p>
        ) : error ? null : (
          <p className="py-8 text-center text-sm text-slate-500 dark:text-slate-400">{EMPTY_MESSAGES_TEXT}</p>
        )
      ) : (
        <ol className="flex flex-col gap-2">
          {messages.map((message) => (
            <MessageItem key={message.localId} message={message} conversationId={conversationId} />
          ))}
        </ol>
      )}
    </div>
  );
}
