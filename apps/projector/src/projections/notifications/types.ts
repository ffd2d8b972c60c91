export const NOTIFICATIONS_PROJECTION = 'notifications';

/** 'reminder' id `${workspaceId}:${noteId}`: a note's reminders, for its author's notifications. */
export const REMINDER_COLLECTION = 'reminder';

/** 'inbox' id `${workspaceId}:${userId}`: what a member read and cleared. */
export const INBOX_COLLECTION = 'inbox';

/** A member's notifications, id = notification id (`{noteId}:{n}`), score = when it is due (ms). */
export function userNotificationsIndex(workspaceId: string, userId: string): string {
  return `user:${workspaceId}:${userId}`;
}

export function reminderDocId(workspaceId: string, noteId: string): string {
  return `${workspaceId}:${noteId}`;
}

export function inboxDocId(workspaceId: string, userId: string): string {
  return `${workspaceId}:${userId}`;
}

/** One reminder of a note: due at the reminder, or when it was set when that was already past. */
export interface ReminderGeneration {
  seq: number;
  /** ISO instants. */
  reminder: string;
  dueAt: string;
}

export interface ReminderDoc {
  workspaceId: string;
  noteId: string;
  /** Who is notified: the note's author. */
  authorId: string;
  title: string;
  /** Reminders given so far (the last generation's number). */
  seq: number;
  /** The note's reminder now (it notifies once due). */
  current: ReminderGeneration | null;
  /** Earlier reminders that were already due when replaced: they did notify, so they stay listed. */
  fired: ReminderGeneration[];
}

export interface InboxDoc {
  /** ms of the last 'Limpar' (what was due until then is hidden), or null. */
  clearedUpTo: number | null;
  /** Read notification ids → when they were due (ms), to count the unread ones. */
  read: Record<string, number>;
}

/** A reminder notification as the member sees it. */
export interface UserNotification {
  id: string;
  noteId: string;
  title: string;
  /** ISO instants: the reminder asked for, and when it became due (newest first). */
  reminder: string;
  dueAt: string;
  read: boolean;
}
