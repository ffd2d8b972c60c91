import type { DoneAnswer, Note, NoteAnswer as NoteAnswerBody, NotesAnswer } from '@atende/api-contract';
import { apiRequest } from '../../api/client';

// A note as the notes API answers it: the contract shared with the gateway (types only: no zod in the bundle).
export type { Note };

/** Spec §8 success alerts (the server answers the same texts). */
export const NOTE_SAVED_TEXT = 'Anotação salva com sucesso!';
export const NOTE_UPDATED_TEXT = 'Anotação atualizada com sucesso!';
export const REMINDER_SET_TEXT = 'Lembrete definido com sucesso!';
export const TAGS_UPDATED_TEXT = 'Tags atualizadas com sucesso!';
export const REMINDER_CLEARED_TEXT = 'Lembrete removido com sucesso!';
export const NOTE_DELETED_TEXT = 'Anotação excluída com sucesso!';

/** What a change answers: the note as stored and the text to show. */
export interface NoteChange {
  note: Note;
  message: string;
}

type NoteAnswer = Partial<NoteAnswerBody>;

function changed(answer: NoteAnswer, fallback: string): NoteChange {
  if (!answer.note) throw new Error('Resposta inválida do servidor');
  return { note: answer.note, message: answer.message || fallback };
}

const notePath = (id: string) => `/api/notes/${encodeURIComponent(id)}`;

export async function fetchNotes(limit?: number, signal?: AbortSignal): Promise<Note[]> {
  const query = limit === undefined ? '' : `?limit=${limit}`;
  const answer = await apiRequest<Partial<NotesAnswer>>(`/api/notes${query}`, { signal });
  return Array.isArray(answer.notes) ? answer.notes : [];
}

export async function fetchNote(id: string, signal?: AbortSignal): Promise<Note> {
  const answer = await apiRequest<NoteAnswer>(notePath(id), { signal });
  return changed(answer, '').note;
}

export interface NoteInput {
  title: string;
  content: string;
  /** ISO instant; null clears it (edit); left out keeps it. */
  reminder?: string | null;
  tags?: string[];
  isPinned?: boolean;
}

/** POST /api/notes → 'Anotação salva com sucesso!'. */
export async function createNote(input: NoteInput): Promise<NoteChange> {
  return changed(
    await apiRequest<NoteAnswer>('/api/notes', { method: 'POST', body: input }),
    NOTE_SAVED_TEXT,
  );
}

/** PUT /api/notes/:id → 'Anotação atualizada com sucesso!'. */
export async function updateNote(id: string, input: NoteInput): Promise<NoteChange> {
  return changed(
    await apiRequest<NoteAnswer>(notePath(id), { method: 'PUT', body: input }),
    NOTE_UPDATED_TEXT,
  );
}

/** POST /api/notes/:id/reminder with an ISO instant (or null to remove it). */
export async function setNoteReminder(id: string, reminder: string | null): Promise<NoteChange> {
  const answer = await apiRequest<NoteAnswer>(`${notePath(id)}/reminder`, {
    method: 'POST',
    body: { reminder },
  });
  return changed(answer, reminder === null ? REMINDER_CLEARED_TEXT : REMINDER_SET_TEXT);
}

/** PUT /api/notes/:id/tags → 'Tags atualizadas com sucesso!'. */
export async function setNoteTags(id: string, tags: string[]): Promise<NoteChange> {
  const answer = await apiRequest<NoteAnswer>(`${notePath(id)}/tags`, { method: 'PUT', body: { tags } });
  return changed(answer, TAGS_UPDATED_TEXT);
}

export async function deleteNote(id: string): Promise<string> {
  const answer = await apiRequest<Partial<DoneAnswer>>(notePath(id), { method: 'DELETE' });
  return answer.message || NOTE_DELETED_TEXT;
}
