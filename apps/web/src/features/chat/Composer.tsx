import { Paperclip, SendHorizontal } from 'lucide-react';
import {
  useLayoutEffect,
  useRef,
  type ChangeEvent,
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectUser } from '../auth/selectors';
import { messagesActions } from '../messages/messages-endpoints';
import { chatWindowsActions } from './chatWindowsSlice';
import { MEDIA_ACCEPT } from './media/mediaRules';
import { ATTACH_LABEL } from './media/mediaTexts';
import { COMPOSER_PLACEHOLDER } from './texts';
import { TEXTAREA_HEIGHTS, textareaHeight } from './windowGeometry';

interface ComposerProps {
  windowId: string;
  conversationId: string;
  draft: string;
  /** A narrow window: the textarea grows from 36 to 80 px instead of 48 to 120 px. */
  small: boolean;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  /** Files picked with the paperclip or pasted into the text box (the draft is their caption). */
  onFiles: (files: File[]) => void;
  /** Why the last file was refused before any upload (pt-BR), or null. */
  fileError: string | null;
}

/**
 * The textarea and send button (spec §5): trimmed text must be non-empty; Enter sends, Shift+Enter
 * adds a line. The paperclip (or a paste) sends files, the text typed then being their caption.
 */
export function Composer({
  windowId,
  conversationId,
  draft,
  small,
  textareaRef,
  onFiles,
  fileError,
}: ComposerProps) {
  const dispatch = useAppDispatch();
  const senderName = useAppSelector(selectUser)?.name;
  const content = draft.trim();
  const limits = small ? TEXTAREA_HEIGHTS.small : TEXTAREA_HEIGHTS.full;
  const fileInput = useRef<HTMLInputElement>(null);

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

  const onPicked = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared so that picking the same file again (after a refusal) fires again.
    event.target.value = '';
    onFiles(files);
    textareaRef.current?.focus();
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = Array.from(event.clipboardData.files);
    // Text copied from Word and the like comes with a picture of itself: the text is what is meant.
    if (files.length === 0 || event.clipboardData.getData('text/plain')) return;
    event.preventDefault();
    onFiles(files);
  };

  const buttonHeight = small ? 'h-9' : 'h-12';
  return (
    <div className="border-t border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
      {fileError ? (
        <p role="alert" className="px-3 pt-2 text-xs text-red-600 dark:text-red-400">
          {fileError}
        </p>
      ) : null}
      <form onSubmit={onSubmit} className="flex items-end gap-2 px-3 py-2">
        <button
          type="button"
          aria-label={ATTACH_LABEL}
          title={ATTACH_LABEL}
          onClick={() => fileInput.current?.click()}
          className={`btn-secondary shrink-0 px-3 ${buttonHeight}`}
        >
          <Paperclip aria-hidden className="h-5 w-5" />
        </button>
        <input ref={fileInput} type="file" multiple hidden accept={MEDIA_ACCEPT} onChange={onPicked} />
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
          onPaste={onPaste}
          style={{ minHeight: limits.min, maxHeight: limits.max }}
          className="input resize-none text-sm leading-5"
        />
        <button
          type="submit"
          aria-label="Enviar mensagem"
          title="Enviar mensagem"
          disabled={!content}
          className={`btn-primary shrink-0 px-3 ${buttonHeight}`}
        >
          <SendHorizontal aria-hidden className="h-5 w-5" />
        </button>
      </form>
    </div>
  );
}
