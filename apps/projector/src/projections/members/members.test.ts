import { allEventDefinitions } from '@atende/events';
import { TestLog, project, expectReplayStable } from '../../testing/test-log.js';
import { getMember, listMembers, membersProjection, workspacesOf } from './index.js';

function add(log: TestLog, ws: string, userId: string, at: string, actorId?: string) {
  return log.append(
    `member-${ws}-${userId}`,
    {
      type: 'MemberAdded',
      data: {
        workspaceId: ws,
        userId,
        name: `Nome ${userId}`,
        email: `${userId}@example.com`,
        role: 'Agente',
        status: 'active',
      },
    },
    { workspaceId: ws, at, ...(actorId ? { actorId } : {}) },
  );
}

describe('members projection', () => {
  it('lists added members by join time and records memberships', async () => {
    const log = new TestLog();
    add(log, 'w1', 'owner', '2026-11-01T10:00:00.000Z');
    add(log, 'w1', 'ana', '2026-11-01T11:00:00.000Z');
    add(log, 'w2', 'ana', '2026-11-01T09:00:00.000Z');
    add(log, 'w1', 'bia', '2026-11-01T10:30:00.000Z');
    const view = (await project(membersProjection, log.events)).view('members');

    expect((await listMembers(view, 'w1')).map((m) => m.userId)).toEqual(['owner', 'bia', 'ana']);
    expect(await getMember(view, 'w1', 'ana')).toEqual({
      workspaceId: 'w1',
      userId: 'ana',
      name: 'Nome ana',
      email: 'ana@example.com',
      role: 'Agente',
      status: 'active',
      joinedAt: '2026-11-01T11:00:00.000Z',
      lastActive: null,
    });
    expect(await workspacesOf(view, 'ana')).toEqual(['w1', 'w2']);
    expect(await workspacesOf(view, 'nobody')).toEqual([]);
    expect(await listMembers(view, 'w3')).toEqual([]);
    expect((await view.dump()).indexes['ws:w2']).toEqual([
      { id: 'ana', score: Date.parse('2026-11-01T09:00:00.000Z') },
    ]);
  });

  it('changes details, role and status', async () => {
    const log = new TestLog();
    add(log, 'w1', 'ana', '2026-11-01T11:00:00.000Z');
    const ctx = { workspaceId: 'w1' };
    log.append(
      'member-w1-ana',
      { type: 'MemberDetailsChanged', data: { userId: 'ana', name: 'Ana Paula', email: 'ap@example.com' } },
      ctx,
    );
    log.append(
      'member-w1-ana',
      { type: 'MemberRoleChanged', data: { userId: 'ana', role: 'Supervisor' } },
      ctx,
    );
    log.append(
      'member-w1-ana',
      { type: 'MemberStatusChanged', data: { userId: 'ana', status: 'inactive' } },
      ctx,
    );
    const view = (await project(membersProjection, log.events)).view('members');
    expect(await getMember(view, 'w1', 'ana')).toMatchObject({
      name: 'Ana Paula',
      email: 'ap@example.com',
      role: 'Supervisor',
      status: 'inactive',
    });
  });

  it('removes a member: doc, index entry and membership', async () => {
    const log = new TestLog();
    add(log, 'w1', 'ana', '2026-11-01T11:00:00.000Z');
    add(log, 'w2', 'ana', '2026-11-01T11:00:00.000Z');
    add(log, 'w1', 'bia', '2026-11-01T12:00:00.000Z');
    log.append('member-w1-ana', { type: 'MemberRemoved', data: { userId: 'ana' } }, { workspaceId: 'w1' });
    log.append('member-w2-ana', { type: 'MemberRemoved', data: { userId: 'ana' } }, { workspaceId: 'w2' });
    log.append('member-w2-bia', { type: 'MemberRemoved', data: { userId: 'bia' } }, { workspaceId: 'w2' });
    const view = (await project(membersProjection, log.events)).view('members');
    expect(await getMember(view, 'w1', 'ana')).toBeUndefined();
    expect((await listMembers(view, 'w1')).map((m) => m.userId)).toEqual(['bia']);
    expect(await workspacesOf(view, 'ana')).toEqual([]);
    expect(await workspacesOf(view, 'bia')).toEqual(['w1']);
    const dump = await view.dump();
    expect(Object.keys(dump.docs.membership ?? {})).toEqual(['bia']);
    expect(dump.indexes['ws:w2']).toBeUndefined();
  });

  it('skips changes of unknown members', async () => {
    const log = new TestLog();
    const ctx = { workspaceId: 'w1', actorId: 'x' };
    log.append(
      'member-w1-x',
      { type: 'MemberDetailsChanged', data: { userId: 'x', name: 'X', email: 'x@example.com' } },
      ctx,
    );
    log.append('member-w1-x', { type: 'MemberRoleChanged', data: { userId: 'x', role: 'Admin' } }, ctx);
    log.append('member-w1-x', { type: 'MemberStatusChanged', data: { userId: 'x', status: 'active' } }, ctx);
    log.append('member-w1-x', { type: 'MemberRemoved', data: { userId: 'x' } }, ctx);
    const view = (await project(membersProjection, log.events)).view('members');
    expect(await view.dump()).toEqual({ checkpoint: 4, docs: {}, indexes: {} });
  });

  it('tracks lastActive from any event with a member actor, moving by at least a minute', async () => {
    const log = new TestLog();
    add(log, 'w1', 'ana', '2026-11-01T10:00:00.000Z', 'ana');
    add(log, 'w1', 'bia', '2026-11-01T10:00:10.000Z', 'ana'); // < 60 s after: no write
    const note = (at: string, actorId: string, workspaceId = 'w1') =>
      log.append('note-n1', { type: 'NotePinned', data: { noteId: 'n1' } }, { workspaceId, actorId, at });
    note('2026-11-01T10:00:59.000Z', 'ana'); // 59 s: no write
    note('2026-11-01T10:01:00.000Z', 'bia'); // bia's first activity
    note('2026-11-01T10:05:00.000Z', 'ana', 'w2'); // not a member of w2
    note('2026-11-01T10:05:00.000Z', 'stranger');
    log.append(
      'user-ana',
      { type: 'UserThemeChanged', data: { userId: 'ana', theme: 'dark' } },
      {
        workspaceId: 'w1',
        actorId: 'ana',
        at: '2026-11-01T10:02:00.000Z',
      },
    );
    log.append(
      'conversation-w1-c1',
      { type: 'ConversationPinned', data: {} },
      { workspaceId: 'w1', actorId: 'bia', at: '2026-11-01T10:01:30.000Z' },
    );
    log.append(
      'conversation-w1-c1',
      { type: 'ConversationUnpinned', data: {} },
      { workspaceId: 'w1', actorId: 'bia', at: '2026-11-01T09:00:00.000Z' }, // older: ignored
    );
    log.append('conversation-w1-c1', { type: 'ConversationPinned', data: {} }, { workspaceId: 'w1' }); // no actor
    const readModels = await project(membersProjection, log.events);
    const view = readModels.view('members');
    expect((await getMember(view, 'w1', 'ana'))?.lastActive).toBe('2026-11-01T10:02:00.000Z');
    expect((await getMember(view, 'w1', 'bia'))?.lastActive).toBe('2026-11-01T10:01:00.000Z');
    expect(membersProjection.eventTypes.has('OutboundMessageRequested')).toBe(true);
    expect(membersProjection.eventTypes.has('EmailDeleted')).toBe(true);
    // Events only systems record (customer messages, provider acks) carry no person and are skipped.
    expect(membersProjection.eventTypes.has('InboundMessageReceived')).toBe(false);
    expect(membersProjection.eventTypes.has('MessageDeliveryUpdated')).toBe(false);
    expect(membersProjection.eventTypes.size).toBeLessThan(allEventDefinitions.length);
  });

  it('is idempotent and batch-independent', async () => {
    const log = new TestLog();
    add(log, 'w1', 'ana', '2026-11-01T10:00:00.000Z', 'ana');
    add(log, 'w2', 'ana', '2026-11-01T10:01:00.000Z', 'ana');
    add(log, 'w1', 'bia', '2026-11-01T10:03:00.000Z', 'ana');
    log.append(
      'member-w1-bia',
      { type: 'MemberRoleChanged', data: { userId: 'bia', role: 'Admin' } },
      { workspaceId: 'w1', actorId: 'ana', at: '2026-11-01T10:04:30.000Z' },
    );
    log.append(
      'member-w1-bia',
      { type: 'MemberStatusChanged', data: { userId: 'bia', status: 'inactive' } },
      { workspaceId: 'w1', actorId: 'bia', at: '2026-11-01T10:05:00.000Z' },
    );
    log.append(
      'member-w1-bia',
      { type: 'MemberDetailsChanged', data: { userId: 'bia', name: 'B', email: 'b@example.com' } },
      { workspaceId: 'w1', actorId: 'bia', at: '2026-11-01T10:06:30.000Z' },
    );
    log.append(
      'member-w2-ana',
      { type: 'MemberRemoved', data: { userId: 'ana' } },
      { workspaceId: 'w2', actorId: 'ana', at: '2026-11-01T10:07:00.000Z' },
    );
    log.append(
      'note-n1',
      { type: 'NotePinned', data: { noteId: 'n1' } },
      { workspaceId: 'w1', actorId: 'ana', at: '2026-11-01T10:09:00.000Z' },
    );
    await expectReplayStable(membersProjection, log.events);
  });
});
