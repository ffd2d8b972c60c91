import type { ConversationAnswer } from '@atende/api-contract';
import { createAction } from '@reduxjs/toolkit';
import type { Conversation } from '../../api/types';
import { errorText } from '../../api/client';
import { api, queryFnOf, failureOf, type ApiCall, type ApiFailure } from '../../server-state/api';
import { layoutActions } from '../layout/layoutSlice';
import { unreadShift } from '../layout/unreadShift';
import { fetchAllConversations } from './conversations-api';
import {
  applyFailed,
  applyRequested,
  applySucceeded,
  isListAction,
  listOf,
  pendingOf,
  loadStarted,
  replaceRows,
  type ConversationAction,
  type ConversationsList,
} from './conversations-list';

/**
 * Load (or refresh) the list: the refresh button, a resync of the socket, a contact's erasure. The
 * conversations saga asks the query again while someone is signed in.
 */
export const conversationsRequested = createAction('conversations/requested');

/** The inbox's cache entry: one list for the whole session (the conversations saga keeps it subscribed). */
const INBOX = [{ type: 'Conversation' as const, id: 'LIST' }];

const actionPath = (conversationId: string, action: string) =>
  `/api/conversations/${encodeURIComponent(conversationId)}/${action}`;

/** POST /api/conversations/:id/{action}: the row after the change (null when the answer has none). */
const post = (conversationId: string, action: string, body: object = {}): ApiCall => ({
  path: actionPath(conversationId, action),
  method: 'POST',
  body,
});
const rowOf = (answer: Partial<ConversationAnswer> | undefined): Conversation | null =>
  answer?.conversation ?? null;

type Dispatch = (action: unknown) => unknown;

/** Whether a row that joins or leaves counts for the server's unread total (layout/unreadShift.ts). */
export interface ShiftCounts {
  joined: boolean;
  left: boolean;
}
const PLAIN: ShiftCounts = { joined: false, left: false };

/**
 * Writes a change into the inbox's cache entry (`updateQueryData`) and moves the sidebar's unread
 * badge by as much as the rows' unread counts moved (it would otherwise wait for the next stats poll).
 * A load replacing the list is a new snapshot, not a change: the next stats answer covers it.
 */
export function writeInbox(
  dispatch: Dispatch,
  getState: () => unknown,
  recipe: (list: ConversationsList) => void,
  counts: ShiftCounts = PLAIN,
): { undo: () => void } {
  const shifting = (change: () => void) => {
    const before = selectInbox(getState())?.entities ?? {};
    change();
    const shift = unreadShift(before, selectInbox(getState())?.entities ?? {}, counts);
    if (shift !== 0) dispatch(layoutActions.unreadShifted(shift));
  };
  let patch: { undo: () => void } = { undo: () => {} };
  shifting(() => {
    patch = dispatch(conversationsApi.util.updateQueryData('getConversations', undefined, recipe)) as {
      undo: () => void;
    };
  });
  return {
    undo: () =>
      shifting(() => {
        try {
          patch.undo();
        } catch {
          // The row changed shape meanwhile (removed by a push): nothing of it to put back.
        }
      }),
  };
}

/** `writeInbox` as an action for sagas (`yield put(inboxChange(…))`). */
export const inboxChange =
  (recipe: (list: ConversationsList) => void, counts: ShiftCounts = PLAIN) =>
  (dispatch: Dispatch, getState: () => unknown) =>
    writeInbox(dispatch, getState, recipe, counts);

interface CommandLifecycle {
  dispatch: (action: unknown) => unknown;
  getState: () => unknown;
  queryFulfilled: Promise<{ data: Conversation | null }>;
}

/**
 * The optimistic update of a row command, with its undo: the change shows at once
 * (`updateQueryData`); the server's answer then replaces the row, a failure puts back what was there
 * (`patch.undo()`, then the value a poll or push brought meanwhile) and the caller shows the error.
 */
async function optimistic(
  conversationId: string,
  action: ConversationAction,
  { dispatch, getState, queryFulfilled }: CommandLifecycle,
  value?: { rating?: number; assigneeId?: string },
): Promise<void> {
  const write = (recipe: (list: ConversationsList) => void) => writeInbox(dispatch, getState, recipe);
  const patch = write((list) => applyRequested(list, conversationId, action, value));
  try {
    const { data } = await queryFulfilled;
    write((list) => applySucceeded(list, conversationId, action, data));
  } catch (reason) {
    const was = pendingOf(selectInbox(getState()), conversationId);
    patch.undo();
    const message = failureOf((reason as { error?: ApiFailure }).error)?.message ?? errorText(reason);
    write((list) => {
      applyFailed(list, conversationId, action, was);
      if (isListAction(action)) list.actionError = message;
    });
  }
}

/** A command whose answer only replaces the row (no optimistic change): Arquivar in a chat window. */
async function whenAnswered(
  conversationId: string,
  action: ConversationAction,
  { dispatch, getState, queryFulfilled }: CommandLifecycle,
): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    writeInbox(dispatch, getState, (list) => applySucceeded(list, conversationId, action, data));
  } catch {
    // refused: nothing changed (the window says why)
  }
}

export const conversationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The whole inbox (not archived, every page of GET /api/whatsapp/conversations). A reload merges
     * into what is kept: a row pushed meanwhile that is newer stays, and optimistic changes still
     * waiting for their answer keep showing.
     */
    getConversations: build.query<ConversationsList, undefined>({
      queryFn: queryFnOf(async (_arg: undefined, signal) => listOf(await fetchAllConversations({ signal }))),
      merge: (kept, loaded) =>
        replaceRows(
          kept,
          loaded.ids.map((id) => loaded.entities[id]!),
        ),
      // Pushes from now on may be newer than the answer (replaceRows keeps them).
      onQueryStarted: (_arg, { updateCachedData }) => {
        updateCachedData(loadStarted);
      },
      providesTags: INBOX,
    }),
    /** A click on an unread row: its badge goes to 0 at once, then POST /read. */
    markConversationRead: build.mutation<Conversation | null, string>({
      query: (conversationId) => post(conversationId, 'read'),
      transformResponse: rowOf,
      onQueryStarted: (conversationId, lifecycle) => optimistic(conversationId, 'read', lifecycle),
    }),
    /** Fixar / Desfixar from the row menu. */
    pinConversation: build.mutation<Conversation | null, { conversationId: string; pinned: boolean }>({
      query: ({ conversationId, pinned }) => post(conversationId, pinned ? 'pin' : 'unpin'),
      transformResponse: rowOf,
      onQueryStarted: ({ conversationId, pinned }, lifecycle) =>
        optimistic(conversationId, pinned ? 'pin' : 'unpin', lifecycle),
    }),
    /**
     * Arquivar: from the row menu the row leaves the list at once (`optimistic`); from a chat window
     * it leaves once the server said so (the window shows the conversation until then).
     */
    archiveConversation: build.mutation<Conversation | null, { conversationId: string; optimistic: boolean }>(
      {
        query: ({ conversationId }) => post(conversationId, 'archive'),
        transformResponse: rowOf,
        onQueryStarted: ({ conversationId, optimistic: atOnce }, lifecycle) =>
          atOnce
            ? optimistic(conversationId, 'archive', lifecycle)
            : whenAnswered(conversationId, 'archive', lifecycle),
      },
    ),
    /** Avaliação: POST rate { rating }; the stars show it at once. */
    rateConversation: build.mutation<Conversation | null, { conversationId: string; rating: number }>({
      query: ({ conversationId, rating }) => post(conversationId, 'rate', { rating }),
      transformResponse: rowOf,
      onQueryStarted: ({ conversationId, rating }, lifecycle) =>
        optimistic(conversationId, 'rate', lifecycle, { rating }),
    }),
    /**
     * Transferir: POST transfer { toAssigneeId }, or assign { assigneeId } when nobody has the
     * conversation yet (`assigned` false); the new assignee shows at once.
     */
    transferConversation: build.mutation<
      Conversation | null,
      { conversationId: string; assigneeId: string; assigned: boolean }
    >({
      query: ({ conversationId, assigneeId, assigned }) =>
        assigned
          ? post(conversationId, 'transfer', { toAssigneeId: assigneeId })
          : post(conversationId, 'assign', { assigneeId }),
      transformResponse: rowOf,
      onQueryStarted: ({ conversationId, assigneeId }, lifecycle) =>
        optimistic(conversationId, 'transfer', lifecycle, { assigneeId }),
    }),
  }),
});

const selectInboxEntry = conversationsApi.endpoints.getConversations.select(undefined);

/** The inbox's cache entry; nothing before the cache joined the store (a store without it). */
export function selectInboxQuery(state: unknown) {
  return (state as { api?: unknown }).api === undefined
    ? undefined
    : selectInboxEntry(state as Parameters<typeof selectInboxEntry>[0]);
}

/** The inbox as last loaded (and changed since); undefined before the session started it. */
export const selectInbox = (state: unknown): ConversationsList | undefined => selectInboxQuery(state)?.data;
