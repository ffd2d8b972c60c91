import { isApiError } from '../../../api/api-error';
import type { AppDispatch } from '../../../app/store';
import { newMessageId } from '../../messages/message-model';
import { messagesActions } from '../../messages/messages-endpoints';
import { SEND_ERROR_TEXT } from '../texts';
import type { MediaKind } from './mediaRules';
import { postMedia } from './postMedia';

/** A file being sent, until the server stores it or the agent discards it. */
interface HeldFile {
  conversationId: string;
  /** The client message id: the bubble's key and the upload's idempotency key, on every retry. */
  localId: string;
  file: File;
  kind: MediaKind;
  caption: string;
  senderName?: string;
  timestamp: string;
  /** An image's local preview (an object URL), let go once the server's copy replaces it. */
  previewUrl: string | null;
  /** An upload of it is queued or running (a second retry click adds none). */
  busy: boolean;
}

// The bytes stay out of the store (a File is not serialisable): the store has the bubble, this the file.
const held = new Map<string, HeldFile>();
// One upload at a time per conversation, so the customer gets the files in the order they were sent.
const queues = new Map<string, Promise<void>>();

const previewOf = (file: File, kind: MediaKind): string | null =>
  kind === 'image' && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;

function release(item: HeldFile): void {
  held.delete(item.localId);
  if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
}

async function upload(dispatch: AppDispatch, item: HeldFile): Promise<void> {
  const { conversationId, localId } = item;
  if (held.get(localId) !== item) return; // discarded while it waited its turn
  let shown = 0;
  try {
    const answer = await postMedia(
      { conversationId, caption: item.caption, clientMessageId: localId, file: item.file },
      (progress) => {
        if (progress === shown) return;
        shown = progress;
        dispatch(messagesActions.mediaUploadProgressed({ conversationId, localId, progress }));
      },
    );
    const message = answer.message ?? null;
    dispatch(
      messagesActions.messageSendSucceeded({
        conversationId,
        localId,
        messageId: typeof answer.messageId === 'string' && answer.messageId ? answer.messageId : localId,
        message,
      }),
    );
    // The stored message's URL has replaced the preview. Without it in the answer the bubble keeps
    // the preview until the socket's copy comes (nothing here learns when): freed with the page.
    if (message) release(item);
    else held.delete(localId);
  } catch (error) {
    if (!isApiError(error)) console.error('Envio de arquivo falhou', error);
    const text = isApiError(error) ? error.message : SEND_ERROR_TEXT;
    dispatch(messagesActions.messageSendFailed({ conversationId, localId, error: text }));
  } finally {
    item.busy = false;
  }
}

function start(dispatch: AppDispatch, item: HeldFile): void {
  if (item.busy) return;
  item.busy = true;
  const { conversationId, localId, kind, caption, file, previewUrl, senderName, timestamp } = item;
  dispatch(
    messagesActions.mediaSendRequested({
      conversationId,
      localId,
      type: kind,
      content: caption,
      fileName: file.name,
      previewUrl,
      timestamp,
      ...(senderName ? { senderName } : {}),
    }),
  );
  // Nothing ahead: it starts now; else after the one before it, whatever that one's outcome.
  const ahead = queues.get(conversationId);
  const turn = ahead ? ahead.then(() => upload(dispatch, item)) : upload(dispatch, item);
  queues.set(conversationId, turn);
  void turn.then(() => {
    if (queues.get(conversationId) === turn) queues.delete(conversationId);
  });
}

export interface MediaSend {
  conversationId: string;
  file: File;
  /** Checked already (mediaRules). */
  kind: MediaKind;
  /** '' for none. */
  caption: string;
  senderName?: string;
}

/** Sends a checked file: its bubble appears at once, and it uploads after the conversation's earlier ones. */
export function sendMedia(dispatch: AppDispatch, send: MediaSend): void {
  const { file, kind } = send;
  const item: HeldFile = {
    ...send,
    localId: newMessageId(),
    timestamp: new Date().toISOString(),
    previewUrl: previewOf(file, kind),
    busy: false,
  };
  held.set(item.localId, item);
  start(dispatch, item);
}

/** Whether a failed file can be sent again (its bytes are still here: not after a page reload). */
export const canRetryMedia = (localId: string): boolean => held.has(localId);

/** Sends a failed file again, with the same client message id (the server stores it once). */
export function retryMedia(dispatch: AppDispatch, localId: string): void {
  const item = held.get(localId);
  if (item) start(dispatch, item);
}

/** The agent gives up a failed file: its bubble leaves the list and its bytes are let go. */
export function discardMedia(dispatch: AppDispatch, conversationId: string, localId: string): void {
  const item = held.get(localId);
  if (item && !item.busy) release(item);
  dispatch(messagesActions.messageDiscarded({ conversationId, localId }));
}
