import { z } from 'zod';
import { doneAnswerSchema, ok } from './answer.js';

/** A note as the notes API answers it (GET /api/notes lists pinned first, then newest updated). */
export const noteSchema = z.object({
  id: z.string(),
  authorId: z.string(),
  title: z.string(),
  content: z.string(),
  /** ISO instants. */
  createdAt: z.string(),
  updatedAt: z.string(),
  /** ISO instant of the reminder, or null (none). */
  reminder: z.string().nullable(),
  isPinned: z.boolean(),
  tags: z.array(z.string()),
});
export type Note = z.infer<typeof noteSchema>;

/** GET /api/notes. */
export const notesAnswerSchema = ok({ notes: z.array(noteSchema) });
export type NotesAnswer = z.infer<typeof notesAnswerSchema>;

/** GET /api/notes/:noteId. */
export const noteFoundAnswerSchema = ok({ note: noteSchema });
export type NoteFoundAnswer = z.infer<typeof noteFoundAnswerSchema>;

/** A note created or changed (text, reminder, tags, pin), with the server's text when it has one. */
export const noteAnswerSchema = ok({ note: noteSchema, message: z.string().optional() });
export type NoteAnswer = z.infer<typeof noteAnswerSchema>;

/** DELETE /api/notes/:noteId. */
export const noteDeletedAnswerSchema = doneAnswerSchema;
