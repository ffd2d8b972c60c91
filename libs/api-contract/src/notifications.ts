import { z } from 'zod';
import { ok } from './answer.js';

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

/** GET /api/notifications: newest first, and how many are unread. */
export const notificationsAnswerSchema = ok({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
});
export type NotificationsAnswer = z.infer<typeof notificationsAnswerSchema>;

/** POST /api/notifications/:notificationId/read. */
export const notificationAnswerSchema = ok({ notification: notificationSchema });
export type NotificationAnswer = z.infer<typeof notificationAnswerSchema>;

/** POST /api/notifications/clear: how many were cleared. */
export const notificationsClearedAnswerSchema = ok({ cleared: z.number().int(), message: z.string() });
export type NotificationsClearedAnswer = z.infer<typeof notificationsClearedAnswerSchema>;
