import { notificationIdOf, parseNotificationId, type ProjectionView } from '@atende/events';
import {
  INBOX_COLLECTION,
  REMINDER_COLLECTION,
  inboxDocId,
  reminderDocId,
  userNotificationsIndex,
  type InboxDoc,
  type ReminderDoc,
  type ReminderGeneration,
  type UserNotification,
} from './types.js';

const EMPTY_INBOX: InboxDoc = { clearedUpTo: null, read: {} };

function generationOf(doc: ReminderDoc, seq: number): ReminderGeneration | undefined {
  if (doc.current?.seq === seq) return doc.current;
  return doc.fired.find((g) => g.seq === seq);
}

function toNotification(doc: ReminderDoc, generation: ReminderGeneration, inbox: InboxDoc): UserNotification {
  const id = notificationIdOf(doc.noteId, generation.seq);
  return {
    id,
    noteId: doc.noteId,
    title: doc.title,
    reminder: generation.reminder,
    dueAt: generation.dueAt,
    read: id in inbox.read,
  };
}

/** The part of the member's index that is listed: due by `now`, after the last 'Limpar'. */
function visibleRange(inbox: InboxDoc, now: number) {
  return {
    max: now,
    ...(inbox.clearedUpTo !== null ? { min: inbox.clearedUpTo, minExclusive: true } : {}),
  };
}

/**
 * A member's reminder notifications that are due at `now` (ms), newest first, at most `limit`
 * (default 50), how many are listed in all (`total`) and how many of those are unread.
 */
export async function listNotifications(
  view: ProjectionView,
  workspaceId: string,
  userId: string,
  options: { now: number; limit?: number },
): Promise<{ notifications: UserNotification[]; unreadCount: number; total: number }> {
  const inbox = (await view.get<InboxDoc>(INBOX_COLLECTION, inboxDocId(workspaceId, userId))) ?? EMPTY_INBOX;
  const index = userNotificationsIndex(workspaceId, userId);
  const range = visibleRange(inbox, options.now);
  const entries = await view.range(index, { ...range, reverse: true, limit: options.limit ?? 50 });
  const parsed = entries.map((e) => parseNotificationId(e.id));
  const noteIds = [...new Set(parsed.flatMap((p) => (p ? [p.noteId] : [])))];
  const docs = await view.getMany<ReminderDoc>(
    REMINDER_COLLECTION,
    noteIds.map((noteId) => reminderDocId(workspaceId, noteId)),
  );
  const byNote = new Map(docs.flatMap((d) => (d ? [[d.noteId, d] as const] : [])));
  const notifications: UserNotification[] = [];
  for (const p of parsed) {
    const doc = p && byNote.get(p.noteId);
    const generation = doc && generationOf(doc, p.seq);
    if (doc && generation) notifications.push(toNotification(doc, generation, inbox));
  }
  const total = await view.count(index, range);
  const readVisible = Object.values(inbox.read).filter(
    (dueAt) => dueAt <= options.now && (inbox.clearedUpTo === null || dueAt > inbox.clearedUpTo),
  ).length;
  return { notifications, unreadCount: Math.max(0, total - readVisible), total };
}

/** One of the member's listed notifications (due by `now`, not cleared), or undefined. */
export async function getNotification(
  view: ProjectionView,
  workspaceId: string,
  userId: string,
  notificationId: string,
  now: number,
): Promise<UserNotification | undefined> {
  const parsed = parseNotificationId(notificationId);
  if (!parsed) return undefined;
  const doc = await view.get<ReminderDoc>(REMINDER_COLLECTION, reminderDocId(workspaceId, parsed.noteId));
  const generation = doc && generationOf(doc, parsed.seq);
  if (!doc || !generation || doc.authorId !== userId) return undefined;
  const inbox = (await view.get<InboxDoc>(INBOX_COLLECTION, inboxDocId(workspaceId, userId))) ?? EMPTY_INBOX;
  const dueAt = Date.parse(generation.dueAt);
  if (dueAt > now || (inbox.clearedUpTo !== null && dueAt <= inbox.clearedUpTo)) return undefined;
  return toNotification(doc, generation, inbox);
}
