import type { DoneAnswer, EmailAnswer, EmailsAnswer } from '@atende/api-contract';
import { api } from '../../server-state/api';
import { EMAIL_DELETED_TEXT, type Email } from './emails-api';

const emailPath = (id: string) => `/api/emails/${encodeURIComponent(id)}`;

/** Every list of e-mails (the overview's 5, 'Todos os emails'). */
export const EMAIL_LISTS = [{ type: 'Email' as const, id: 'LIST' }];

export const emailsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/emails: the workspace's e-mails, newest first (all of them without `limit`). */
    getEmails: build.query<Email[], number | undefined>({
      query: (limit) => (limit === undefined ? '/api/emails' : `/api/emails?limit=${limit}`),
      transformResponse: (answer: Partial<EmailsAnswer>) =>
        Array.isArray(answer.emails) ? answer.emails : [],
      providesTags: EMAIL_LISTS,
    }),
    /**
     * POST /api/emails/:id/read: every list shows it read at once; a refusal (gone meanwhile, or
     * offline) shows it unread again. Either way the lists fetch again.
     */
    markEmailRead: build.mutation<Email | null, string>({
      query: (id) => ({ path: `${emailPath(id)}/read`, method: 'POST' }),
      transformResponse: (answer: Partial<EmailAnswer>) => answer.email ?? null,
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        const patches = emailsApi.util.selectCachedArgsForQuery(getState(), 'getEmails').map((limit) =>
          dispatch(
            emailsApi.util.updateQueryData('getEmails', limit, (emails) => {
              for (const email of emails) if (email.id === id) email.isUnread = false;
            }),
          ),
        );
        try {
          await queryFulfilled;
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
      invalidatesTags: EMAIL_LISTS,
    }),
    /** DELETE /api/emails/:id: the server's text; the lists fetch again. */
    deleteEmail: build.mutation<string, string>({
      query: (id) => ({ path: emailPath(id), method: 'DELETE' }),
      transformResponse: (answer: Partial<DoneAnswer>) => answer.message || EMAIL_DELETED_TEXT,
      invalidatesTags: (result) => (result === undefined ? [] : EMAIL_LISTS),
    }),
  }),
});

export const { useGetEmailsQuery, useMarkEmailReadMutation, useDeleteEmailMutation } = emailsApi;
