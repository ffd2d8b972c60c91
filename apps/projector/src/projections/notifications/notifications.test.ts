import { TestLog, project, expectReplayStable } from '../../testing/test-log.js';
import { getNotification, listNotifications, notificationsProjection, MAX_FIRED_PER_NOTE } from './index.js';

const ms = (iso: string) => Date.parse(iso);

function create(
  log: TestLog,
  noteId: string,
  options: { ws?: string; at?: string; reminder?: string | null; author?: string; title?: string } = {},
) {
  return log.append(
    `note-${noteId}`,
    {
      type: 'NoteCreated',
      data: {
        noteId,
        authorId: options.author ?? 'ana',
        title: options.title ?? `Título ${noteId}`,
        content: 'Conteúdo',
        reminder: options.reminder ?? null,
        tags: [],
        isPinned: false,
      },
    },
    {
      workspaceId: options.ws ?? 'w1',
      actorId: options.author ?? 'ana',
      ...(options.at ? { at: options.at } : {}),
    },
  );
}

const setReminder = (log: TestLog, noteId: string, reminder: string | null, at: string, ws = 'w1') =>
  log.append(
    `note-${noteId}`,
    { type: 'NoteReminderSet', data: { noteId, reminder } },
    { workspaceId: ws, at },
  );

const read = (log: TestLog, userId: string, notificationId: string, at: string, ws = 'w1') =>
  log.append(
    `notifications-${ws}-${userId}`,
    { type: 'NotificationRead', data: { userId, notificationId } },
    { workspaceId: ws, actorId: userId, at },
  );

const clear = (log: TestLog, userId: string, upTo: string, ws = 'w1') =>
  log.append(
    `notifications-${ws}-${userId}`,
    { type: 'NotificationsCleared', data: { userId, upTo } },
    { workspaceId: ws, actorId: userId, at: upTo },
  );

async function viewOf(log: TestLog) {
  return (await project(notificationsProjection, log.events)).view('notifications');
}

describe('notifications projection', () => {
  it("lists the author's due reminders, newest first, with the unread count", async () => {
    const log = new TestLog();
    create(log, 'a', { at: '2026-11-02T10:00:00.000Z', reminder: '2026-11-02T11:00:00.000Z' });
    create(log, 'b', { at: '2026-11-02T10:01:00.000Z', reminder: '2026-11-02T12:00:00.000Z' });
    create(log, 'c', { at: '2026-11-02T10:02:00.000Z', reminder: '2026-11-03T09:00:00.000Z' });
    create(log, 'd', { at: '2026-11-02T10:03:00.000Z' });
    create(log, 'e', { at: '2026-11-02T10:04:00.000Z', reminder: '2026-11-02T11:30:00.000Z', author: 'bia' });
    create(log, 'f', { ws: 'w2', at: '2026-11-02T10:05:00.000Z', reminder: '2026-11-02T11:00:00.000Z' });
    const view = await viewOf(log);

    const before = await listNotifications(view, 'w1', 'ana', { now: ms('2026-11-02T10:59:59.000Z') });
    expect(before).toEqual({ notifications: [], unreadCount: 0, total: 0 });

    const later = await listNotifications(view, 'w1', 'ana', { now: ms('2026-11-02T12:00:00.000Z') });
    expect(later.notifications).toEqual([
      {
        id: 'b:1',
        noteId: 'b',
        title: 'Título b',
        reminder: '2026-11-02T12:00:00.000Z',
        dueAt: '2026-11-02T12:00:00.000Z',
        read: false,
      },
      {
        id: 'a:1',
        noteId: 'a',
        title: 'Título a',
        reminder: '2026-11-02T11:00:00.000Z',
        dueAt: '2026-11-02T11:00:00.000Z',
        read: false,
      },
    ]);
    expect(later.unreadCount).toBe(2);
    expect(later.total).toBe(2);
    expect(
      (await listNotifications(view, 'w1', 'bia', { now: ms('2026-11-04T00:00:00.000Z') })).notifications.map(
        (n) => n.id,
      ),
    ).toEqual(['e:1']);
    expect(
      (await listNotifications(view, 'w2', 'ana', { now: ms('2026-11-04T00:00:00.000Z') })).notifications.map(
        (n) => n.id,
      ),
    ).toEqual(['f:1']);
    const limited = await listNotifications(view, 'w1', 'ana', {
      now: ms('2026-11-04T00:00:00.000Z'),
      limit: 1,
    });
    expect(limited.notifications.map((n) => n.id)).toEqual(['c:1']);
    expect(limited.unreadCount).toBe(3);
    expect(limited.total).toBe(3);
  });

  it('a reminder already past when set is due at once', async () => {
    const log = new TestLog();
    create(log, 'a', { at: '2026-11-02T10:00:00.000Z', reminder: '2026-11-01T08:00:00.000Z' });
    const view = await viewOf(log);
    expect(await getNotification(view, 'w1', 'ana', 'a:1', ms('2026-11-02T10:00:00.000Z'))).toMatchObject({
      reminder: '2026-11-01T08:00:00.000Z',
      dueAt: '2026-11-02T10:00:00.000Z',
    });
    expect(await getNotification(view, 'w1', 'ana', 'a:1', ms('2026-11-02T09:59:59.000Z'))).toBeUndefined();
  });

  it('marks read, counts unread, and keeps read marks per member', async () => {
    const log = new TestLog();
    create(log, 'a', { at: '2026-11-02T10:00:00.000Z', reminder: '2026-11-02T10:30:00.000Z' });
    create(log, 'b', { at: '2026-11-02T10:01:00.000Z', reminder: '2026-11-02T10:40:00.000Z' });
    read(log, 'ana', 'a:1', '2026-11-02T11:00:00.000Z');
    // Someone else's id, or a missing one, changes nothing.
    read(log, 'bia', 'b:1', '2026-11-02T11:00:01.000Z');
    read(log, 'ana', 'zzz:1', '2026-11-02T11:00:02.000Z');
    const view = await viewOf(log);
    const list = await listNotifications(view, 'w1', 'ana', { now: ms('2026-11-02T11:00:00.000Z') });
    expect(list.notifications.map((n) => [n.id, n.read])).toEqual([
      ['b:1', false],
      ['a:1', true],
    ]);
    expect(list.unreadCount).toBe(1);
    expect(list.total).toBe(2);
    expect(await getNotification(view, 'w1', 'bia', 'b:1', ms('2026-11-03T00:00:00.000Z'))).toBeUndefined();
    expect(await getNotification(view, 'w1', 'ana', 'b:1', ms('2026-11-03T00:00:00.000Z'))).toMatchObject({
      read: false,
    });
  });

  it('clears what was due; a reminder set or due later notifies again', async () => {
    const log = new TestLog();
    create(log, 'a', { at: '2026-11-02T10:00:00.000Z', reminder: '2026-11-02T10:30:00.000Z' });
    create(log, 'b', { at: '2026-11-02T10:01:00.000Z', reminder: '2026-11-02T13:00:00.000Z' });
    read(log, 'ana', 'a:1', '2026-11-02T11:00:00.000Z');
    clear(log, 'ana', '2026-11-02T12:00:00.000Z');
    let view = await viewOf(log);
    expect(await listNotifications(view, 'w1', 'ana', { now: ms('2026-11-02T12:30:00.000Z') })).toEqual({
      notifications: [],
      unreadCount: 0,
      total: 0,
    });
    expect(await getNotification(view, 'w1', 'ana', 'a:1', ms('2026-11-02T12:30:00.000Z'))).toBeUndefined();
    // b was not due yet when cleared: it shows once due.
    const atOne = await listNotifications(view, 'w1', 'ana', { now: ms('2026-11-02T13:00:00.000Z') });
    expect(atOne.notifications.map((n) => n.id)).toEqual(['b:1']);
    // a new (past) reminder on a: a new notification, after the clear.
    setReminder(log, 'a', '2026-11-02T09:00:00.000Z', '2026-11-02T12:10:00.000Z');
    view = await viewOf(log);
    const after = await listNotifications(view, 'w1', 'ana', { now: ms('2026-11-02T12:10:00.000Z') });
    expect(after.notifications).toEqual([
      expect.objectContaining({
        id: 'a:2',
        reminder: '2026-11-02T09:00:00.000Z',
        dueAt: '2026-11-02T12:10:00.000Z',
        read: false,
      }),
    ]);
    expect(after.unreadCount).toBe(1);
    const dump = await view.dump();
    expect(dump.docs.inbox).toEqual({ 'w1:ana': { clearedUpTo: ms('2026-11-02T12:00:00.000Z'), read: {} } });
  });

  it('a changed reminder replaces one not yet due, and keeps one that already notified', async () => {
    const log = new TestLog();
    create(log, 'a', { at: '2026-11-02T10:00:00.000Z', reminder: '2026-11-02T18:00:00.000Z' });
    setReminder(log, 'a', '2026-11-02T11:00:00.000Z', '2026-11-02T10:05:00.000Z');
    let view = await viewOf(log);
    let list = await listNotifications(view, 'w1', 'ana', { now: ms('2026-11-02T19:00:00.000Z') });
    expect(list.notifications.map((n) => n.id)).toEqual(['a:2']);

    // a:2 is due at 11:00; changing it at 12:00 keeps it and adds a:3.
    setReminder(log, 'a', '2026-11-02T15:00:00.000Z', '2026-11-02T12:00:00.000Z');
    log.append(
      'note-a',
      {
        type: 'NoteUpdated',
        data: {
          noteId: 'a',
          title: 'Novo título',
          content: 'c',
          reminder: '2026-11-02T15:00:00.000Z',
          tags: [],
          isPinned: false,
        },
      },
      { workspaceId: 'w1', at: '2026-11-02T12:01:00.000Z' },
    );
    view = await viewOf(log);
    list = await listNotifications(view, 'w1', 'ana', { now: ms('2026-11-02T19:00:00.000Z') });
    expect(list.notifications.map((n) => [n.id, n.title])).toEqual([
      ['a:3', 'Novo título'],
      ['a:2', 'Novo título'],
    ]);

    // Clearing the reminder keeps what notified; deleting the note removes all of it.
    setReminder(log, 'a', null, '2026-11-02T16:00:00.000Z');
    view = await viewOf(log);
    list = await listNotifications(view, 'w1', 'ana', { now: ms('2026-11-02T19:00:00.000Z') });
    expect(list.notifications.map((n) => n.id)).toEqual(['a:3', 'a:2']);
    read(log, 'ana', 'a:3', '2026-11-02T19:00:00.000Z');
    log.append('note-a', { type: 'NoteDeleted', data: { noteId: 'a' } }, { workspaceId: 'w1' });
    view = await viewOf(log);
    expect(await listNotifications(view, 'w1', 'ana', { now: ms('2026-11-03T00:00:00.000Z') })).toEqual({
      notifications: [],
      unreadCount: 0,
      total: 0,
    });
    const dump = await view.dump();
    expect(dump.indexes).toEqual({});
    expect(dump.docs.inbox).toEqual({ 'w1:ana': { clearedUpTo: null, read: {} } });
  });

  it(`keeps at most ${MAX_FIRED_PER_NOTE} earlier reminders per note`, async () => {
    const log = new TestLog();
    create(log, 'a', { at: '2026-11-02T10:00:00.000Z', reminder: '2026-11-01T00:00:00.000Z' });
    for (let i = 1; i <= MAX_FIRED_PER_NOTE + 2; i += 1) {
      setReminder(
        log,
        'a',
        new Date(ms('2026-11-01T00:00:00.000Z') + i * 60_000).toISOString(),
        new Date(ms('2026-11-02T10:00:00.000Z') + i * 1000).toISOString(),
      );
    }
    const view = await viewOf(log);
    const list = await listNotifications(view, 'w1', 'ana', {
      now: ms('2026-11-03T00:00:00.000Z'),
      limit: 100,
    });
    expect(list.notifications).toHaveLength(MAX_FIRED_PER_NOTE + 1);
    expect(list.notifications[0]!.id).toBe(`a:${MAX_FIRED_PER_NOTE + 3}`);
    expect(list.notifications.at(-1)!.id).toBe('a:3');
  });

  it('is batch-independent', async () => {
    const log = new TestLog();
    create(log, 'a', { reminder: '2026-11-02T10:30:00.000Z' });
    create(log, 'b', { reminder: '2026-11-01T10:30:00.000Z', author: 'bia' });
    read(log, 'ana', 'a:1', '2026-11-02T13:00:00.000Z');
    setReminder(log, 'a', '2026-11-09T10:00:00.000Z', '2026-11-02T13:01:00.000Z');
    read(log, 'bia', 'b:1', '2026-11-02T13:02:00.000Z');
    clear(log, 'bia', '2026-11-02T13:03:00.000Z');
    log.append('note-b', { type: 'NoteDeleted', data: { noteId: 'b' } }, { workspaceId: 'w1' });
    await expectReplayStable(notificationsProjection, log.events);
  });
});
