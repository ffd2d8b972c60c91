import { useAppDispatch } from '../../app/hooks';
import { messagesActions, type ChatMessage } from '../messages/messages-endpoints';
import { canRetryMedia, discardMedia, retryMedia } from './media/mediaSender';
import { DISCARD_LABEL } from './media/mediaTexts';
import { SEND_ERROR_TEXT } from './texts';

const action = 'font-semibold text-red-700 underline underline-offset-2 hover:text-red-800 dark:text-red-300';

/**
 * Under a failed send: its red text and 'Tentar novamente' (same client message id). A file is
 * retried only while its bytes are here, and one the server never stored may be discarded.
 */
export function SendFailure({ message, conversationId }: { message: ChatMessage; conversationId: string }) {
  const dispatch = useAppDispatch();
  const { localId } = message;
  const isFile = message.type !== 'text';
  const retry = !isFile
    ? () => dispatch(messagesActions.messageRetryRequested({ conversationId, localId }))
    : canRetryMedia(localId)
      ? () => retryMedia(dispatch, localId)
      : null;
  return (
    <div className="mt-1 flex flex-wrap items-center gap-2 text-xs">
      <span className="text-red-600 dark:text-red-400">{message.error || SEND_ERROR_TEXT}</span>
      {retry ? (
        <button type="button" className={action} onClick={retry}>
          Tentar novamente
        </button>
      ) : null}
      {isFile && message.id === null ? (
        <button
          type="button"
          className={action}
          onClick={() => discardMedia(dispatch, conversationId, localId)}
        >
          {DISCARD_LABEL}
        </button>
      ) : null}
    </div>
  );
}
