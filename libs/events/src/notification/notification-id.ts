/**
 * A reminder notification is one reminder of one note: `{noteId}:{n}` where n counts the note's
 * reminders (a reminder changed later is the next n, so it notifies again).
 */
export const NOTIFICATION_ID_PATTERN = /^([\w:.@-]{1,200}):(\d{1,9})$/;

export function notificationIdOf(noteId: string, seq: number): string {
  return `${noteId}:${seq}`;
}

/** The note and reminder number of a notification id, or undefined when it is not one. */
export function parseNotificationId(id: string): { noteId: string; seq: number } | undefined {
  const match = NOTIFICATION_ID_PATTERN.exec(id);
  if (!match) return undefined;
  const seq = Number(match[2]);
  return seq >= 1 ? { noteId: match[1]!, seq } : undefined;
}
