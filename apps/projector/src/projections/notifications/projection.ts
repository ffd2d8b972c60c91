import { notificationIdOf, parseNotificationId, type ProjectionTx } from '@atende/events';
import { defineProjection } from '../../projection.js';
import {
  INBOX_COLLECTION,
  NOTIFICATIONS_PROJECTION,
  REMINDER_COLLECTION,
  inboxDocId,
  reminderDocId,
  userNotificationsIndex,
  type InboxDoc,
  type ReminderDoc,
  type ReminderGeneration,
} from './types.js';

/** Earlier reminders kept per note (the oldest leave the list beyond this). */
export const MAX_FIRED_PER_NOTE = 20;

const iso = (value: string): string => new Date(Date.parse(value)).toISOString();

/** Removes a notification from its member's list and read marks. */
function forget(tx: ProjectionTx, doc: ReminderDoc, generation: ReminderGeneration): void {
  const id = notificationIdOf(doc.noteId, generation.seq);
  tx.indexDelete(userNotificationsIndex(doc.workspaceId, doc.authorId), id);
  const inboxId = inboxDocId(doc.workspaceId, doc.authorId);
  const inbox = tx.get<InboxDoc>(INBOX_COLLECTION, inboxId);
  if (inbox && id in inbox.read) {
    const read = { ...inbox.read };
    delete read[id];
    tx.put(INBOX_COLLECTION, inboxId, { ...inbox, read });
  }
}

/**
 * The note's reminder became `reminder` at `atMs`: a new value is a new notification (due at the
 * reminder, or at once when it is already past); the replaced one stays listed only if it was due.
 */
function changeReminder(
  tx: ProjectionTx,
  doc: ReminderDoc,
  reminder: string | null,
  atMs: number,
): ReminderDoc {
  const next = reminder === null ? null : iso(reminder);
  if ((doc.current?.reminder ?? null) === next) return doc;
  let fired = doc.fired;
  if (doc.current) {
    if (Date.parse(doc.current.dueAt) <= atMs) fired = [...fired, doc.current];
    else forget(tx, doc, doc.current);
  }
  while (fired.length > MAX_FIRED_PER_NOTE) {
    forget(tx, doc, fired[0]!);
    fired = fired.slice(1);
  }
  if (next === null) return { ...doc, current: null, fired };
  const seq = doc.seq + 1;
  const dueMs = Math.max(Date.parse(next), atMs);
  tx.indexPut(
    userNotificationsIndex(doc.workspaceId, doc.authorId),
    notificationIdOf(doc.noteId, seq),
    dueMs,
  );
  return { ...doc, seq, current: { seq, reminder: next, dueAt: new Date(dueMs).toISOString() }, fired };
}

function inboxOf(tx: ProjectionTx, workspaceId: string, userId: string): InboxDoc {
  return (
    tx.get<InboxDoc>(INBOX_COLLECTION, inboxDocId(workspaceId, userId)) ?? { clearedUpTo: null, read: {} }
  );
}

/**
 * Reminder notifications (spec §4 Notifications): every note reminder notifies the note's author
 * once due; whether it is due is decided when read (reminder ≤ now), so no timer writes anything.
 * Read marks and 'Limpar' come from the member's `notifications-…` stream.
 */
export const notificationsProjection = defineProjection(NOTIFICATIONS_PROJECTION, {
  NoteCreated: (event, tx) => {
    const d = event.data;
    const workspaceId = event.metadata.workspaceId;
    const doc: ReminderDoc = {
      workspaceId,
      noteId: d.noteId,
      authorId: d.authorId,
      title: d.title,
      seq: 0,
      current: null,
      fired: [],
    };
    const at = Date.parse(event.metadata.occurredAt);
    tx.put(
      REMINDER_COLLECTION,
      reminderDocId(workspaceId, d.noteId),
      changeReminder(tx, doc, d.reminder, at),
    );
  },
  NoteUpdated: (event, tx) => {
    const id = reminderDocId(event.metadata.workspaceId, event.data.noteId);
    const doc = tx.get<ReminderDoc>(REMINDER_COLLECTION, id);
    if (!doc) return;
    const at = Date.parse(event.metadata.occurredAt);
    tx.put(REMINDER_COLLECTION, id, {
      ...changeReminder(tx, doc, event.data.reminder, at),
      title: event.data.title,
    });
  },
  NoteReminderSet: (event, tx) => {
    const id = reminderDocId(event.metadata.workspaceId, event.data.noteId);
    const doc = tx.get<ReminderDoc>(REMINDER_COLLECTION, id);
    if (!doc) return;
    const at = Date.parse(event.metadata.occurredAt);
    const next = changeReminder(tx, doc, event.data.reminder, at);
    if (next !== doc) tx.put(REMINDER_COLLECTION, id, next);
  },
  NoteDeleted: (event, tx) => {
    const id = reminderDocId(event.metadata.workspaceId, event.data.noteId);
    const doc = tx.get<ReminderDoc>(REMINDER_COLLECTION, id);
    if (!doc) return;
    for (const generation of [...doc.fired, ...(doc.current ? [doc.current] : [])])
      forget(tx, doc, generation);
    tx.delete(REMINDER_COLLECTION, id);
  },
  NotificationRead: (event, tx) => {
    const { userId, notificationId } = event.data;
    const workspaceId = event.metadata.workspaceId;
    const parsed = parseNotificationId(notificationId);
    if (!parsed) return;
    const doc = tx.get<ReminderDoc>(REMINDER_COLLECTION, reminderDocId(workspaceId, parsed.noteId));
    const generation = [...(doc?.fired ?? []), ...(doc?.current ? [doc.current] : [])].find(
      (g) => g.seq === parsed.seq,
    );
    if (!doc || doc.authorId !== userId || !generation) return;
    const inbox = inboxOf(tx, workspaceId, userId);
    tx.put(INBOX_COLLECTION, inboxDocId(workspaceId, userId), {
      ...inbox,
      read: { ...inbox.read, [notificationId]: Date.parse(generation.dueAt) },
    });
  },
  NotificationsCleared: (event, tx) => {
    const { userId } = event.data;
    const workspaceId = event.metadata.workspaceId;
    const inbox = inboxOf(tx, workspaceId, userId);
    const upTo = Math.max(Date.parse(event.data.upTo), inbox.clearedUpTo ?? -Infinity);
    // Read marks of cleared notifications are no longer needed for the unread count.
    const read = Object.fromEntries(Object.entries(inbox.read).filter(([, dueAt]) => dueAt > upTo));
    tx.put(INBOX_COLLECTION, inboxDocId(workspaceId, userId), { clearedUpTo: upTo, read });
  },
});
