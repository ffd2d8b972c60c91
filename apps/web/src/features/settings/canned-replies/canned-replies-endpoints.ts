import type { CannedRepliesAnswer, CannedReplyAnswer, DoneAnswer } from '@atende/api-contract';
import { api } from '../../../server-state/api';
import { removeById, upsertById, whenSaved } from '../../../server-state/list-cache';
import {
  CANNED_REPLY_DELETED_TEXT,
  CANNED_REPLY_SAVED_TEXT,
  CANNED_REPLY_UPDATED_TEXT,
  type CannedReply,
  type CannedReplyChange,
  type CannedReplyInput,
} from './canned-replies-api';

type ReplyAnswer = Partial<CannedReplyAnswer>;

function changed(answer: ReplyAnswer, fallback: string): CannedReplyChange {
  if (!answer.cannedReply) throw new Error('Resposta inválida do servidor');
  return { cannedReply: answer.cannedReply, message: answer.message || fallback };
}

const replyPath = (id: string) => `/api/canned-replies/${encodeURIComponent(id)}`;

type Dispatch = (action: unknown) => unknown;

/**
 * A saved change goes into the cached list as the server answered it (added at the end, replaced in
 * place, or removed): the list is not fetched again.
 */
const applyToList = (
  dispatch: Dispatch,
  saved: Promise<{ data: unknown }>,
  apply: (list: CannedReply[], data: never) => void,
): Promise<void> =>
  whenSaved(saved, (data): void => {
    dispatch(
      cannedRepliesApi.util.updateQueryData('getCannedReplies', undefined, (list) =>
        apply(list, data as never),
      ),
    );
  });

const upsert = (list: CannedReply[], { cannedReply }: CannedReplyChange) => upsertById(list, cannedReply);

export const cannedRepliesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/canned-replies: the workspace's replies, in the order they were created (any member). */
    getCannedReplies: build.query<CannedReply[], undefined>({
      query: () => '/api/canned-replies',
      transformResponse: (answer: Partial<CannedRepliesAnswer>) =>
        Array.isArray(answer.cannedReplies) ? answer.cannedReplies : [],
      providesTags: [{ type: 'CannedReply', id: 'LIST' }],
    }),
    /** POST /api/canned-replies (settings:manage). */
    createCannedReply: build.mutation<CannedReplyChange, CannedReplyInput>({
      query: (body) => ({ path: '/api/canned-replies', method: 'POST', body }),
      transformResponse: (answer: ReplyAnswer) => changed(answer, CANNED_REPLY_SAVED_TEXT),
      onQueryStarted: (_input, { dispatch, queryFulfilled }) => applyToList(dispatch, queryFulfilled, upsert),
    }),
    /** PUT /api/canned-replies/:id (settings:manage). */
    updateCannedReply: build.mutation<CannedReplyChange, { id: string; input: CannedReplyInput }>({
      query: ({ id, input }) => ({ path: replyPath(id), method: 'PUT', body: input }),
      transformResponse: (answer: ReplyAnswer) => changed(answer, CANNED_REPLY_UPDATED_TEXT),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => applyToList(dispatch, queryFulfilled, upsert),
    }),
    /** DELETE /api/canned-replies/:id (settings:manage): the server's text. */
    deleteCannedReply: build.mutation<string, string>({
      query: (id) => ({ path: replyPath(id), method: 'DELETE' }),
      transformResponse: (answer: Partial<DoneAnswer>) => answer.message || CANNED_REPLY_DELETED_TEXT,
      onQueryStarted: (id, { dispatch, queryFulfilled }) =>
        applyToList(dispatch, queryFulfilled, (list) => removeById(list, id)),
    }),
  }),
});

export const {
  useGetCannedRepliesQuery,
  useCreateCannedReplyMutation,
  useUpdateCannedReplyMutation,
  useDeleteCannedReplyMutation,
} = cannedRepliesApi;
