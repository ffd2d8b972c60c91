import { SendHorizontal } from 'lucide-react';
import { useLayoutEffect, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectUser } from '../auth/selectors';
import { messagesActions } from '../messages/messagesSlice';
import { chatWindowsActions } from './chatWindowsSlice';
import { COMPOSER_PLACEHOLDER } from './texts';
import { TEXTAREA_HEIGHTS, textareaHeight } from './windowGeometry';

interface ComposerProps {
  windowId: string;
  conversationId: string;
  draft: string;
  /** A narrow window: the textarea grows from 36 to 80 px instead of 48 to 120 px. */
  small: boolean;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
}

/** The textarea and send button (spec §5): trimmed text must be non-empty; Enter sends, Shift+Enter adds a line. */
export function Composer({ windowId, conversationId, draft, small, textareaRef }: ComposerProps) {
  const dispatch = useAppDispatch();
  const senderName = useAppSelector(selectUser)?.name;
  const content = draft.trim();
  const limits = small ? TEXTAREA_HEIGHTS.small : TEXTAREA_HEIGHTS.full;

  // Grows with the text between the limits, then scrolls.
  useLayoutEffect(() => {
    const element = textareaRef.current;
    if (!element) return;
    element.style.height = 'auto';
    const height = textareaHeight(element.scrollHeight, small);
    element.style.height = `${height}px`;
    element.style.overflowY = element.scrollHeight > height ? 'auto' : 'hidden';
  }, [draft, small, textareaRef]);

  const send = () => {
    if (!content) return;
    dispatch(
      messagesActions.messageSendRequested({
        conversationId,
        content,
        ...(senderName ? { senderName } : {}),
      }),
    );
    dispatch(chatWindowsActions.chatWindowDraftChanged({ id: windowId, draft: '' }));
    textareaRef.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <form
      onSubmit={onSubmit}
      className="flex items-end gap-2 border-t border-slate-200 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900"
    >
      <textarea
        ref={textareaRef}
        rows={1}
        aria-label="Mensagem"
        placeholder={COMPOSER_PLACEHOLDER}
        value={draft}
        onChange={(event) =>
          dispatch(chatWindowsActions.chatWindowDraftChanged({ id: windowId, draft: event.target.value }))
        }
        onKeyDown={onKeyDown}
        style={{ minHeight: limits.min, maxHeight: limits.max }}
        className="input resize-none text-sm leading-5"
      />
      <button
        type="submit"
        aria-label="Enviar mensagem"
        title="Enviar mensagem"
        disabled={!content}
        className={`btn-primary shrink-0 px-3 ${small ? 'h-9' : 'h-12'}`}
      >
        <SendHorizontal aria-hidden className="h-5 w-5" />
      </button>
    </form>
  );
}
