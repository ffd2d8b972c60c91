import { z } from 'zod';

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
