import type { DoneAnswer, NoteAnswer as NoteAnswerBody, NotesAnswer } from '@atende/api-contract';
import { api } from '../../server-state/api';
import {
  NOTE_DELETED_TEXT,
  NOTE_SAVED_TEXT,
  NOTE_UPDATED_TEXT,
  REMINDER_CLEARED_TEXT,
  REMINDER_SET_TEXT,
  TAGS_UPDATED_TEXT,
  type Note,
  type NoteChange,
  type NoteInput,
} from './notes-api';

type NoteAnswer = Partial<NoteAnswerBody>;

function changed(answer: NoteAnswer, fallback: string): NoteChange {
  if (!answer.note) throw new Error('Resposta inválida do servidor');
  return { note: answer.note, message: answer.message || fallback };
}

const notePath = (id: string) => `/api/notes/${encodeURIComponent(id)}`;

/** Every list of notes (the overview's 5, 'Todas as anotações'). */
const NOTE_LISTS = [{ type: 'Note' as const, id: 'LIST' }];

/**
 * A saved change to a note (created, edited, deleted, a new reminder or tags): every list of notes on
 * screen fetches again (its tag), and so does the bell (a reminder may have come or gone).
 */
const noteChange = {
  invalidatesTags: (result: unknown) =>
    result === undefined ? [] : [...NOTE_LISTS, { type: 'Notification' as const }],
};

export const notesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/notes (pinned first), the first `limit` or all of them. */
    getNotes: build.query<Note[], number | undefined>({
      query: (limit) => (limit === undefined ? '/api/notes' : `/api/notes?limit=${limit}`),
      transformResponse: (answer: Partial<NotesAnswer>) => (Array.isArray(answer.notes) ? answer.notes : []),
      providesTags: NOTE_LISTS,
    }),
    /** GET /api/notes/:id (a note opened from a notification); its modal keeps it afterwards. */
    getNote: build.query<Note, string>({
      query: notePath,
      transformResponse: (answer: NoteAnswer) => changed(answer, '').note,
    }),
    /** POST /api/notes → 'Anotação salva com sucesso!'. */
    createNote: build.mutation<NoteChange, NoteInput>({
      query: (body) => ({ path: '/api/notes', method: 'POST', body }),
      transformResponse: (answer: NoteAnswer) => changed(answer, NOTE_SAVED_TEXT),
      ...noteChange,
    }),
    /** PUT /api/notes/:id → 'Anotação atualizada com sucesso!'. */
    updateNote: build.mutation<NoteChange, { id: string; input: NoteInput }>({
      query: ({ id, input }) => ({ path: notePath(id), method: 'PUT', body: input }),
      transformResponse: (answer: NoteAnswer) => changed(answer, NOTE_UPDATED_TEXT),
      ...noteChange,
    }),
    /** POST /api/notes/:id/reminder with an ISO instant (or null to remove it). */
    setNoteReminder: build.mutation<NoteChange, { id: string; reminder: string | null }>({
      query: ({ id, reminder }) => ({ path: `${notePath(id)}/reminder`, method: 'POST', body: { reminder } }),
      transformResponse: (answer: NoteAnswer, _meta, { reminder }) =>
        changed(answer, reminder === null ? REMINDER_CLEARED_TEXT : REMINDER_SET_TEXT),
      ...noteChange,
    }),
    /** PUT /api/notes/:id/tags → 'Tags atualizadas com sucesso!'. */
    setNoteTags: build.mutation<NoteChange, { id: string; tags: string[] }>({
      query: ({ id, tags }) => ({ path: `${notePath(id)}/tags`, method: 'PUT', body: { tags } }),
      transformResponse: (answer: NoteAnswer) => changed(answer, TAGS_UPDATED_TEXT),
      ...noteChange,
    }),
    /** DELETE /api/notes/:id: the server's text. */
    deleteNote: build.mutation<string, string>({
      query: (id) => ({ path: notePath(id), method: 'DELETE' }),
      transformResponse: (answer: Partial<DoneAnswer>) => answer.message || NOTE_DELETED_TEXT,
      ...noteChange,
    }),
  }),
});

export const {
  useGetNotesQuery,
  useGetNoteQuery,
  useCreateNoteMutation,
  useUpdateNoteMutation,
  useSetNoteReminderMutation,
  useSetNoteTagsMutation,
  useDeleteNoteMutation,
} = notesApi;
