import { z } from 'zod';

/**
 * A due note reminder as GET /api/notifications answers it (spec §3 Notification: id, timestamp,
 * read); only the note's author gets it.
 */
export const notificationSchema = z.object({
  id: z.string(),
  noteId: z.string(),
  title: z.string(),
  /** 'Lembrete: {title}'. */
  message: z.string(),
  /** ISO: the reminder the note asked for. */
  reminder: z.string(),
  /** ISO: when it became due (the list is newest first by this). */
  timestamp: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;
