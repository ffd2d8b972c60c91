import type { Note } from '@atende/api-contract';

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

export interface NoteInput {
  title: string;
  content: string;
  /** ISO instant; null clears it (edit); left out keeps it. */
  reminder?: string | null;
  tags?: string[];
  isPinned?: boolean;
}
