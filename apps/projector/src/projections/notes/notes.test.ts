import { TestLog, project, expectReplayStable } from '../../testing/test-log.js';
import { dueReminders, getNote, listNotes, notesProjection } from './index.js';

const T0 = '2026-11-02T10:00:00.000Z';

function create(
  log: TestLog,
  noteId: string,
  options: { ws?: string; at?: string; reminder?: string | null; isPinned?: boolean } = {},
) {
  return log.append(
    `note-${noteId}`,
    {
      type: 'NoteCreated',
      data: {
        noteId,
        authorId: 'ana',
        title: `Título ${noteId}`,
        content: 'Conteúdo',
        reminder: options.reminder ?? null,
        tags: ['vip'],
        isPinned: options.isPinned ?? false,
      },
    },
    { workspaceId: options.ws ?? 'w1', actorId: 'ana', ...(options.at ? { at: options.at } : {}) },
  );
}

describe('notes projection', () => {
  it('stores a created note with its indexes', async () => {
    const log = new TestLog();
    create(log, 'n1', { at: T0, reminder: '2026-11-03T09:00:00-03:00' });
    const view = (await project(notesProjection, log.events)).view('notes');
    expect(await getNote(view, 'w1', 'n1')).toEqual({
      id: 'n1',
      workspaceId: 'w1',
      authorId: 'ana',
      title: 'Título n1',
      content: 'Conteúdo',
      createdAt: T0,
      updatedAt: T0,
      reminder: '2026-11-03T12:00:00.000Z',
      isPinned: false,
      tags: ['vip'],
    });
    expect(await getNote(view, 'w2', 'n1')).toBeUndefined();
    const dump = await view.dump();
    expect(dump.indexes).toEqual({
      'ws:w1': [{ id: 'n1', score: Date.parse(T0) }],
      reminders: [{ id: 'w1:n1', score: Date.parse('2026-11-03T12:00:00.000Z') }],
    });
  });

  it('applies updates, reminders, tags and pins, moving updatedAt', async () => {
    const log = new TestLog();
    create(log, 'n1', { at: T0 });
    const ctx = (at: string) => ({ workspaceId: 'w1', actorId: 'ana', at });
    log.append(
      'note-n1',
      {
        type: 'NoteUpdated',
        data: {
          noteId: 'n1',
          title: 'Novo',
          content: 'Novo conteúdo',
          reminder: '2026-11-05T10:00:00.000Z',
          tags: ['a', 'b'],
          isPinned: true,
        },
      },
      ctx('2026-11-02T10:01:00.000Z'),
    );
    let view = (await project(notesProjection, log.events)).view('notes');
    expect(await getNote(view, 'w1', 'n1')).toMatchObject({
      title: 'Novo',
      content: 'Novo conteúdo',
      reminder: '2026-11-05T10:00:00.000Z',
      tags: ['a', 'b'],
      isPinned: true,
      createdAt: T0,
      updatedAt: '2026-11-02T10:01:00.000Z',
    });
    expect((await view.dump()).indexes['ws:w1:pinned']).toHaveLength(1);

    log.append(
      'note-n1',
      { type: 'NoteReminderSet', data: { noteId: 'n1', reminder: null } },
      ctx('2026-11-02T10:02:00.000Z'),
    );
    log.append(
      'note-n1',
      { type: 'NoteTagsChanged', data: { noteId: 'n1', tags: ['c'] } },
      ctx('2026-11-02T10:03:00.000Z'),
    );
    log.append('note-n1', { type: 'NoteUnpinned', data: { noteId: 'n1' } }, ctx('2026-11-02T10:04:00.000Z'));
    view = (await project(notesProjection, log.events)).view('notes');
    expect(await getNote(view, 'w1', 'n1')).toMatchObject({
      reminder: null,
      tags: ['c'],
      isPinned: false,
      updatedAt: '2026-11-02T10:04:00.000Z',
    });
    expect((await view.dump()).indexes).toEqual({
      'ws:w1': [{ id: 'n1', score: Date.parse('2026-11-02T10:04:00.000Z') }],
    });

    log.append('note-n1', { type: 'NotePinned', data: { noteId: 'n1' } }, ctx('2026-11-02T10:05:00.000Z'));
    log.append(
      'note-n1',
      { type: 'NoteReminderSet', data: { noteId: 'n1', reminder: '2026-11-04T00:00:00.000Z' } },
      ctx('2026-11-02T10:06:00.000Z'),
    );
    view = (await project(notesProjection, log.events)).view('notes');
    expect(await getNote(view, 'w1', 'n1')).toMatchObject({
      isPinned: true,
      reminder: '2026-11-04T00:00:00.000Z',
    });
  });

  it('deletes a note with all its index entries', async () => {
    const log = new TestLog();
    create(log, 'n1', { reminder: '2026-11-05T10:00:00.000Z', isPinned: true });
    create(log, 'n2');
    log.append('note-n1', { type: 'NoteDeleted', data: { noteId: 'n1' } }, { workspaceId: 'w1' });
    const view = (await project(notesProjection, log.events)).view('notes');
    expect(await getNote(view, 'w1', 'n1')).toBeUndefined();
    const dump = await view.dump();
    expect(Object.keys(dump.docs.note ?? {})).toEqual(['w1:n2']);
    expect(Object.keys(dump.indexes)).toEqual(['ws:w1']);
  });

  it('skips events about missing notes (or another workspace)', async () => {
    const log = new TestLog();
    create(log, 'n1', { ws: 'w1' });
    const ctx = { workspaceId: 'w2' };
    log.append(
      'note-n1',
      {
        type: 'NoteUpdated',
        data: { noteId: 'n1', title: 't', content: 'c', reminder: null, tags: [], isPinned: true },
      },
      ctx,
    );
    log.append('note-n1', { type: 'NoteReminderSet', data: { noteId: 'n1', reminder: null } }, ctx);
    log.append('note-n1', { type: 'NoteTagsChanged', data: { noteId: 'n1', tags: [] } }, ctx);
    log.append('note-n1', { type: 'NotePinned', data: { noteId: 'n1' } }, ctx);
    log.append('note-n1', { type: 'NoteUnpinned', data: { noteId: 'n1' } }, ctx);
    log.append('note-n1', { type: 'NoteDeleted', data: { noteId: 'n1' } }, ctx);
    const onlyCreate = await (await project(notesProjection, log.events.slice(0, 1))).view('notes').dump();
    const all = await (await project(notesProjection, log.events)).view('notes').dump();
    expect({ ...all, checkpoint: 1 }).toEqual(onlyCreate);
  });

  it('lists pinned first, then newest updated, with a limit', async () => {
    const log = new TestLog();
    create(log, 'a', { at: '2026-11-02T10:00:00.000Z' });
    create(log, 'b', { at: '2026-11-02T10:01:00.000Z', isPinned: true });
    create(log, 'c', { at: '2026-11-02T10:02:00.000Z' });
    create(log, 'd', { at: '2026-11-02T10:03:00.000Z', isPinned: true });
    create(log, 'e', { at: '2026-11-02T10:04:00.000Z' });
    create(log, 'x', { ws: 'w2', at: '2026-11-02T10:05:00.000Z' });
    const view = (await project(notesProjection, log.events)).view('notes');
    const ids = async (limit?: number) =>
      (await listNotes(view, 'w1', limit === undefined ? {} : { limit })).map((n) => n.id);
    expect(await ids()).toEqual(['d', 'b', 'e', 'c', 'a']);
    expect(await ids(1)).toEqual(['d']);
    expect(await ids(2)).toEqual(['d', 'b']);
    expect(await ids(3)).toEqual(['d', 'b', 'e']);
    expect(await ids(4)).toEqual(['d', 'b', 'e', 'c']);
    expect(await ids(10)).toEqual(['d', 'b', 'e', 'c', 'a']);
    expect(await ids(0)).toEqual([]);
    expect(await listNotes(view, 'w3')).toEqual([]);
  });

  it('finds due reminders across workspaces', async () => {
    const log = new TestLog();
    create(log, 'a', { reminder: '2026-11-03T10:00:00.000Z' });
    create(log, 'b', { ws: 'w2', reminder: '2026-11-03T09:00:00.000Z' });
    create(log, 'c', { reminder: '2026-11-04T10:00:00.000Z' });
    create(log, 'd');
    const view = (await project(notesProjection, log.events)).view('notes');
    const due = async (until: string, limit?: number) =>
      (await dueReminders(view, { until: Date.parse(until), ...(limit ? { limit } : {}) })).map(
        (n) => `${n.workspaceId}:${n.id}`,
      );
    expect(await due('2026-11-03T10:00:00.000Z')).toEqual(['w2:b', 'w1:a']);
    expect(await due('2026-11-03T10:00:00.000Z', 1)).toEqual(['w2:b']);
    expect(await due('2026-11-01T00:00:00.000Z')).toEqual([]);
    expect(await due('2027-01-01T00:00:00.000Z')).toEqual(['w2:b', 'w1:a', 'w1:c']);
  });

  it('is idempotent and batch-independent', async () => {
    const log = new TestLog();
    create(log, 'a', { reminder: '2026-11-03T10:00:00.000Z' });
    create(log, 'b', { isPinned: true });
    const ctx = { workspaceId: 'w1' };
    log.append(
      'note-a',
      {
        type: 'NoteUpdated',
        data: { noteId: 'a', title: 't', content: 'c', reminder: null, tags: ['x'], isPinned: true },
      },
      ctx,
    );
    log.append(
      'note-a',
      { type: 'NoteReminderSet', data: { noteId: 'a', reminder: '2026-11-09T10:00:00.000Z' } },
      ctx,
    );
    log.append('note-b', { type: 'NoteTagsChanged', data: { noteId: 'b', tags: ['y'] } }, ctx);
    log.append('note-b', { type: 'NoteUnpinned', data: { noteId: 'b' } }, ctx);
    log.append('note-a', { type: 'NotePinned', data: { noteId: 'a' } }, ctx);
    log.append('note-b', { type: 'NoteDeleted', data: { noteId: 'b' } }, ctx);
    await expectReplayStable(notesProjection, log.events);
  });
});
