import type { MessagesPage } from '@atende/api-contract';
import { createAction, createSelector, nanoid } from '@reduxjs/toolkit';
import { apiRequest } from '../../api/client';
import { api, entryKeyOf, queryEntriesOf, queryFnOf } from '../../server-state/api';
import {
  LOAD_ERROR_TEXT,
  MESSAGE_LIMIT,
  newMessageId,
  toChatMessage,
  type MediaSendRequested,
  type MediaUploadProgressed,
  type RawMessage,
} from './message-model';
import * as cache from './messages-cache';
import type {
  ChatMessage,
  ConversationMessages,
  RetryRequested,
  SendPayload,
  SendRequested,
  SendSucceeded,
  StatusChanged,
} from './messages-cache';

export {
  CONNECTION_ERROR_TEXT,
  LOAD_ERROR_TEXT,
  MESSAGE_LIMIT,
  SEND_ERROR_TEXT,
  mediaPlaceholder,
  messageContent,
} from './message-model';
export type { ChatMessage, ConversationMessages, RetryRequested, SendRequested } from './messages-cache';

/** GET /api/whatsapp/messages/:conversationId: the latest 100 (ascending), normalised. */
async function fetchMessages(conversationId: string, signal: AbortSignal): Promise<ChatMessage[]> {
  const answer = await apiRequest<Partial<MessagesPage>>(
    `/api/whatsapp/messages/${encodeURIComponent(conversationId)}?limit=${MESSAGE_LIMIT}`,
    { signal },
  );
  const now = new Date();
  const messages: ChatMessage[] = [];
  for (const raw of Array.isArray(answer.messages) ? answer.messages : []) {
    const message = raw && typeof raw === 'object' ? toChatMessage(raw, now) : null;
    if (message) messages.push({ ...message, conversationId: message.conversationId || conversationId });
  }
  return messages;
}

const keyOf = (conversationId: string) => entryKeyOf('getMessages', conversationId);

export const messagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * A conversation's messages (one cache entry each, kept for the session like the list they
     * replace): a load merges into what is shown, so nothing sent or pushed meanwhile is lost.
     */
    getMessages: build.query<ConversationMessages, string>({
      queryFn: queryFnOf(async (conversationId: string, signal) => {
        const entry = cache.emptyEntry();
        cache.messagesLoaded(entry, await fetchMessages(conversationId, signal));
        return entry;
      }),
      serializeQueryArgs: ({ queryArgs }) => keyOf(queryArgs),
      merge: (kept, loaded) => cache.messagesLoaded(kept, loaded.items),
      keepUnusedDataFor: Infinity,
    }),
  }),
});

type Dispatch = (action: unknown) => unknown;
type GetState = () => unknown;
type Thunk<R = void> = (dispatch: Dispatch, getState: GetState) => R;

/** The conversation's messages entry, if any (undefined: never loaded nor written). */
export const selectMessagesEntry = (
  state: unknown,
  conversationId: string,
): ConversationMessages | undefined =>
  queryEntriesOf(state)[keyOf(conversationId)]?.data as ConversationMessages | undefined;

/** The conversations whose messages the cache holds (the socket's resync reloads them). */
export const selectLoadedConversationIds = (state: unknown): string[] =>
  Object.values(queryEntriesOf(state)).flatMap((entry) =>
    entry?.endpointName === 'getMessages' && entry.data && typeof entry.originalArgs === 'string'
      ? [entry.originalArgs]
      : [],
  );

/**
 * Writes into a conversation's entry (`updateQueryData`); `create` first makes an empty one where
 * none is (a send before the messages loaded), else a conversation never loaded is left alone.
 */
const write =
  (conversationId: string, recipe: (entry: ConversationMessages) => void, create = false): Thunk =>
  (dispatch, getState) => {
    if (!conversationId) return;
    if (create && !selectMessagesEntry(getState(), conversationId)) {
      dispatch(
        messagesApi.util.upsertQueryEntries([
          { endpointName: 'getMessages', arg: conversationId, value: cache.emptyEntry() },
        ]),
      );
    }
    dispatch(messagesApi.util.updateQueryData('getMessages', conversationId, recipe));
  };

/** A load of a conversation's messages asked for (what `messagesRequested` was asked, as it was asked). */
export const loadAnnounced = createAction<{ conversationId: string; silent?: boolean }>(
  'messages/loadRequested',
);

/** What the messages saga sends: a text just written into the cache, or its retry. */
export const sendAnnounced = createAction<SendRequested | RetryRequested>('messages/sendAnnounced');

/**
 * Load the latest 100 messages of a conversation (when its window opens, 'Tentar novamente'…).
 * `silent` refreshes (polling fallback, resync) neither show the loading state nor an error.
 */
const messagesRequested =
  (request: { conversationId: string; silent?: boolean }): Thunk<Promise<void>> =>
  async (dispatch) => {
    const { conversationId, silent = false } = request;
    if (!conversationId) return;
    dispatch(loadAnnounced(request));
    if (!silent) dispatch(write(conversationId, cache.loadStarted, true));
    const asked = dispatch(
      messagesApi.endpoints.getMessages.initiate(conversationId, { subscribe: false, forceRefetch: true }),
    ) as Promise<{ error?: unknown }>;
    const { error } = await asked;
    if (!error) return;
    if (silent) console.warn('Mensagens não atualizadas', conversationId, error);
    else dispatch(write(conversationId, (entry) => cache.messagesLoadFailed(entry, LOAD_ERROR_TEXT), true));
  };

/**
 * The messages' changes, as the chat, the socket and the send saga ask for them: each writes into
 * the conversation's cache entry.
 */
export const messagesActions = {
  messagesRequested,
  messagesLoaded: ({ conversationId, messages }: { conversationId: string; messages: ChatMessage[] }) =>
    write(conversationId, (entry) => cache.messagesLoaded(entry, messages), true),
  messagesLoadFailed: ({ conversationId, error }: { conversationId: string; error: string }) =>
    write(conversationId, (entry) => cache.messagesLoadFailed(entry, error), true),
  /** The agent sends text: at once in the list (status 'sending'), then the saga posts it. */
  messageSendRequested: (payload: SendPayload) => {
    const request: SendRequested = {
      ...payload,
      localId: newMessageId(),
      timestamp: new Date().toISOString(),
      attempt: nanoid(),
    };
    const thunk: Thunk = (dispatch) => {
      if (!request.content.trim() || !request.conversationId) return;
      dispatch(write(request.conversationId, (entry) => cache.sendRequested(entry, request), true));
      dispatch(sendAnnounced(request));
    };
    // What it asks for (its client message id…), as an action's payload would say.
    return Object.assign(thunk, { payload: request });
  },
  /** Retry a failed send with the same client message id; ignored unless failed. */
  messageRetryRequested: (payload: { conversationId: string; localId: string }) => {
    const request: RetryRequested = { ...payload, attempt: nanoid() };
    const thunk: Thunk = (dispatch) => {
      dispatch(write(request.conversationId, (entry) => cache.retryRequested(entry, request)));
      dispatch(sendAnnounced(request));
    };
    return Object.assign(thunk, { payload: request });
  },
  messageSendSucceeded: (payload: SendSucceeded) =>
    write(payload.conversationId, (entry) => cache.sendSucceeded(entry, payload)),
  messageSendFailed: (payload: { conversationId: string; localId: string; error: string }) =>
    write(payload.conversationId, (entry) => cache.sendFailed(entry, payload)),
  mediaSendRequested: (payload: MediaSendRequested) =>
    write(payload.conversationId, (entry) => cache.mediaSendRequested(entry, payload), true),
  mediaUploadProgressed: (payload: MediaUploadProgressed) =>
    write(payload.conversationId, (entry) => cache.mediaUploadProgressed(entry, payload)),
  messageDiscarded: ({ conversationId, localId }: { conversationId: string; localId: string }) =>
    write(conversationId, (entry) => cache.discarded(entry, localId)),
  /** Socket `whatsapp:newMessage`: into a loaded conversation (others load it when opened). */
  messageReceived: (raw: RawMessage): Thunk => {
    const message = toChatMessage(raw);
    if (!message) return () => {};
    const clientMessageId = typeof raw.clientMessageId === 'string' ? raw.clientMessageId : undefined;
    return write(message.conversationId, (entry) => cache.received(entry, message, clientMessageId));
  },
  /** Socket `message:updated`: the payload's position is the update's, not the message's. */
  messageUpdated: (raw: RawMessage): Thunk => {
    const message = toChatMessage({ ...raw, position: undefined });
    if (!message) return () => {};
    return write(message.conversationId, (entry) => cache.updated(entry, message));
  },
  messageStatusChanged: (payload: StatusChanged) =>
    write(payload.conversationId, (entry) => cache.statusChanged(entry, payload)),
  /**
   * The chat window shows this conversation (when it opens or is restored and whenever new messages
   * appear in it): incoming messages shown are read at once; the messages saga tells the server
   * (debounced) when the conversation has unread messages.
   */
  conversationViewed:
    ({ conversationId }: { conversationId: string }): Thunk =>
    (dispatch) => {
      dispatch(write(conversationId, cache.viewed));
      dispatch(conversationViewedAnnounced({ conversationId }));
    },
};

/** What the messages saga follows of `conversationViewed` (it marks the conversation read on the server). */
export const conversationViewedAnnounced = createAction<{ conversationId: string }>(
  'messages/conversationViewed',
);

const NO_MESSAGES: ChatMessage[] = [];

/** The conversation's messages, ascending (the same array until they change). */
export const selectConversationMessages = (state: unknown, conversationId: string): ChatMessage[] =>
  selectMessagesEntry(state, conversationId)?.items ?? NO_MESSAGES;

/** Whether the conversation's messages are loading, and the load error ('Erro ao carregar mensagens'). */
export const selectMessagesState = createSelector(
  [
    (state: unknown, conversationId: string) => selectMessagesEntry(state, conversationId)?.loading ?? false,
    (state: unknown, conversationId: string) => selectMessagesEntry(state, conversationId)?.error ?? null,
  ],
  (loading, error): { loading: boolean; error: string | null } => ({ loading, error }),
);

/** One message by its render key (localId). */
export const selectChatMessage = (
  state: unknown,
  conversationId: string,
  localId: string,
): ChatMessage | undefined =>
  selectMessagesEntry(state, conversationId)?.items.find((m) => m.localId === localId);
