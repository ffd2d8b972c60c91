import { TestLog, project, expectReplayStable } from '../../testing/test-log.js';
import { erasable } from '../workspace-erasure-plans.js';
import {
  channelSessionsProjection,
  getSession,
  listPendingSessions,
  listRestorableSessions,
  listSessionsOfUser,
  listSessionsOfWorkspace,
} from './index.js';

const QR = 'data:image/png;base64,iVBORw0KGgo=';

function request(
  log: TestLog,
  sessionId: string,
  options: { ws?: string; userId?: string; at?: string } = {},
) {
  const ws = options.ws ?? 'w1';
  return log.append(
    `channel-${sessionId}`,
    {
      type: 'ChannelSessionRequested',
      data: {
        sessionId,
        workspaceId: ws,
        channel: 'whatsapp',
        driver: 'sandbox',
        userId: options.userId ?? 'ana',
        phoneNumber: '5511999999999',
        name: 'Suporte',
      },
    },
    { workspaceId: ws, actorId: options.userId ?? 'ana', ...(options.at ? { at: options.at } : {}) },
  );
}

describe('channel-sessions projection', () => {
  it('follows a session from request to QR, connection, disconnection and failure', async () => {
    const log = new TestLog();
    request(log, 's1', { at: '2026-11-02T10:00:00.000Z' });
    let view = (await project(channelSessionsProjection, log.events)).view('channel-sessions');
    expect(await getSession(view, 's1')).toEqual({
      sessionId: 's1',
      workspaceId: 'w1',
      userId: 'ana',
      channel: 'whatsapp',
      driver: 'sandbox',
      phoneNumber: '5511999999999',
      name: 'Suporte',
      status: 'requested',
      qrCode: null,
      lastError: null,
      connectedAt: null,
      updatedAt: '2026-11-02T10:00:00.000Z',
    });

    log.append(
      'channel-s1',
      { type: 'ChannelQrIssued', data: { sessionId: 's1', qrCode: QR } },
      { at: '2026-11-02T10:00:05.000Z' },
    );
    view = (await project(channelSessionsProjection, log.events)).view('channel-sessions');
    expect(await getSession(view, 's1')).toMatchObject({
      status: 'qr_issued',
      qrCode: QR,
      updatedAt: '2026-11-02T10:00:05.000Z',
    });

    log.append(
      'channel-s1',
      { type: 'ChannelConnected', data: { sessionId: 's1', phoneNumber: '5511888888888' } },
      { at: '2026-11-02T10:01:00.000Z' },
    );
    view = (await project(channelSessionsProjection, log.events)).view('channel-sessions');
    expect(await getSession(view, 's1')).toMatchObject({
      status: 'connected',
      qrCode: null,
      phoneNumber: '5511888888888',
      connectedAt: '2026-11-02T10:01:00.000Z',
    });

    log.append(
      'channel-s1',
      { type: 'ChannelDisconnected', data: { sessionId: 's1', reason: 'LOGOUT' } },
      { at: '2026-11-02T11:00:00.000Z' },
    );
    view = (await project(channelSessionsProjection, log.events)).view('channel-sessions');
    expect(await getSession(view, 's1')).toMatchObject({
      status: 'disconnected',
      lastError: null,
      connectedAt: '2026-11-02T10:01:00.000Z',
    });

    log.append(
      'channel-s1',
      { type: 'ChannelFailed', data: { sessionId: 's1', error: 'boom', retryInMs: null } },
      { at: '2026-11-02T11:00:01.000Z' },
    );
    view = (await project(channelSessionsProjection, log.events)).view('channel-sessions');
    expect(await getSession(view, 's1')).toMatchObject({ status: 'failed', lastError: 'boom', qrCode: null });

    request(log, 's1', { at: '2026-11-02T12:00:00.000Z' });
    log.append(
      'channel-s1',
      { type: 'ChannelConnected', data: { sessionId: 's1', phoneNumber: null } },
      { at: '2026-11-02T12:00:30.000Z' },
    );
    view = (await project(channelSessionsProjection, log.events)).view('channel-sessions');
    expect(await getSession(view, 's1')).toMatchObject({
      status: 'connected',
      lastError: null,
      phoneNumber: '5511999999999',
      connectedAt: '2026-11-02T12:00:30.000Z',
      updatedAt: '2026-11-02T12:00:30.000Z',
    });
    expect((await view.dump()).indexes).toEqual({
      'ws:w1': [{ id: 's1', score: Date.parse('2026-11-02T12:00:30.000Z') }],
      'user:ana': [{ id: 's1', score: Date.parse('2026-11-02T12:00:30.000Z') }],
      restorable: [{ id: 's1', score: Date.parse('2026-11-02T12:00:30.000Z') }],
    });
  });

  it('lists sessions per user and per workspace, most recently updated first', async () => {
    const log = new TestLog();
    request(log, 's1', { at: '2026-11-02T10:00:00.000Z' });
    request(log, 's2', { at: '2026-11-02T10:01:00.000Z', userId: 'bia' });
    request(log, 's3', { at: '2026-11-02T10:02:00.000Z' });
    request(log, 's4', { at: '2026-11-02T10:03:00.000Z', ws: 'w2' });
    log.append(
      'channel-s1',
      { type: 'ChannelQrIssued', data: { sessionId: 's1', qrCode: QR } },
      { at: '2026-11-02T10:05:00.000Z' },
    );
    const view = (await project(channelSessionsProjection, log.events)).view('channel-sessions');
    expect((await listSessionsOfUser(view, 'ana')).map((s) => s.sessionId)).toEqual(['s1', 's4', 's3']);
    expect((await listSessionsOfUser(view, 'bia')).map((s) => s.sessionId)).toEqual(['s2']);
    expect((await listSessionsOfWorkspace(view, 'w1')).map((s) => s.sessionId)).toEqual(['s1', 's3', 's2']);
    expect((await listSessionsOfWorkspace(view, 'w2')).map((s) => s.sessionId)).toEqual(['s4']);
    expect(await listSessionsOfUser(view, 'nobody')).toEqual([]);
  });

  it('lists as restorable the sessions connected and not disconnected since, failed ones included', async () => {
    const log = new TestLog();
    const connect = (id: string, at: string) =>
      log.append(
        `channel-${id}`,
        { type: 'ChannelConnected', data: { sessionId: id, phoneNumber: null } },
        { at },
      );
    for (const id of ['s1', 's2', 's3', 's4']) request(log, id);
    connect('s1', '2026-11-02T10:00:00.000Z');
    connect('s2', '2026-11-02T10:01:00.000Z');
    connect('s3', '2026-11-02T10:02:00.000Z');
    log.append('channel-s2', { type: 'ChannelDisconnected', data: { sessionId: 's2', reason: 'logout' } });
    log.append('channel-s3', {
      type: 'ChannelFailed',
      data: { sessionId: 's3', error: 'offline', retryInMs: 1000 },
    });
    let view = (await project(channelSessionsProjection, log.events)).view('channel-sessions');
    expect((await listRestorableSessions(view)).map((s) => s.sessionId).sort()).toEqual(['s1', 's3']);
    // Asked to connect again (a new QR flow): not restorable until it connects.
    request(log, 's1');
    view = (await project(channelSessionsProjection, log.events)).view('channel-sessions');
    expect((await listRestorableSessions(view)).map((s) => s.sessionId)).toEqual(['s3']);
    await expectReplayStable(channelSessionsProjection, log.events);
  });

  it('lists as pending the sessions waiting for their QR code, by when they were last asked for', async () => {
    const log = new TestLog();
    const at = (minute: number) => `2026-11-02T10:${String(minute).padStart(2, '0')}:00.000Z`;
    const qr = (id: string, minute: number, ws = 'w1') =>
      log.append(
        `channel-${id}`,
        { type: 'ChannelQrIssued', data: { sessionId: id, qrCode: QR } },
        { at: at(minute), workspaceId: ws },
      );
    request(log, 's1', { at: at(0) });
    qr('s1', 12); // its QR code was renewed: asked for at 10:12
    request(log, 's2', { at: at(5) }); // no QR code yet: waiting too
    request(log, 's3', { at: at(1) }); // asked for long ago
    request(log, 's4', { at: at(6) });
    log.append(
      'channel-s4',
      { type: 'ChannelConnected', data: { sessionId: 's4', phoneNumber: null } },
      { at: at(7) },
    );
    request(log, 's5', { at: at(8) });
    log.append(
      'channel-s5',
      { type: 'ChannelFailed', data: { sessionId: 's5', error: 'x', retryInMs: null } },
      { at: at(9) },
    );
    request(log, 's6', { at: at(10), ws: 'w2' });
    qr('s6', 11, 'w2');
    log.append(
      'channel-s1',
      { type: 'ChannelQrIssued', data: { sessionId: 's1', qrCode: QR } },
      {
        at: at(13),
        workspaceId: 'w2', // another workspace's event about s1: skipped
      },
    );
    const projection = erasable(channelSessionsProjection);
    let view = (await project(projection, log.events)).view('channel-sessions');
    const pending = async (since: number) =>
      (await listPendingSessions(view, new Date(at(since)))).map((s) => s.sessionId);
    expect(await pending(2)).toEqual(['s1', 's6', 's2']);
    expect(await pending(0)).toEqual(['s1', 's6', 's2', 's3']);
    expect(await pending(13)).toEqual([]);

    // Logged out, then asked for again: waiting again. A deleted workspace's sessions are gone.
    log.append('channel-s4', { type: 'ChannelDisconnected', data: { sessionId: 's4', reason: 'LOGOUT' } });
    request(log, 's4', { at: at(14) });
    log.append(
      'workspace-w2',
      {
        type: 'WorkspaceDataDeleted',
        data: { workspaceId: 'w2', deletedBy: 'ana', memberIds: ['ana'], channelSessionIds: ['s6'] },
      },
      { workspaceId: 'w2', at: at(15) },
    );
    view = (await project(projection, log.events)).view('channel-sessions');
    expect(await pending(2)).toEqual(['s4', 's1', 's2']);
    await expectReplayStable(projection, log.events);
  });

  it('moves a re-requested session to its new user', async () => {
    const log = new TestLog();
    request(log, 's1', { userId: 'ana' });
    log.append('channel-s1', {
      type: 'ChannelFailed',
      data: { sessionId: 's1', error: 'x', retryInMs: 1000 },
    });
    request(log, 's1', { userId: 'bia' });
    const view = (await project(channelSessionsProjection, log.events)).view('channel-sessions');
    expect(await listSessionsOfUser(view, 'ana')).toEqual([]);
    expect((await listSessionsOfUser(view, 'bia')).map((s) => s.status)).toEqual(['requested']);
  });

  it("skips events about missing sessions or another workspace's session", async () => {
    const log = new TestLog();
    request(log, 's1');
    const other = { workspaceId: 'w2' };
    log.append('channel-s1', { type: 'ChannelQrIssued', data: { sessionId: 's1', qrCode: QR } }, other);
    log.append(
      'channel-s1',
      { type: 'ChannelConnected', data: { sessionId: 's1', phoneNumber: null } },
      other,
    );
    log.append('channel-s1', { type: 'ChannelDisconnected', data: { sessionId: 's1', reason: 'x' } }, other);
    log.append(
      'channel-s1',
      { type: 'ChannelFailed', data: { sessionId: 's1', error: 'x', retryInMs: null } },
      other,
    );
    request(log, 's1', { ws: 'w2' });
    log.append('channel-s9', { type: 'ChannelQrIssued', data: { sessionId: 's9', qrCode: QR } });
    log.append('channel-s9', { type: 'ChannelConnected', data: { sessionId: 's9', phoneNumber: null } });
    log.append('channel-s9', { type: 'ChannelDisconnected', data: { sessionId: 's9', reason: 'x' } });
    log.append('channel-s9', {
      type: 'ChannelFailed',
      data: { sessionId: 's9', error: 'x', retryInMs: null },
    });
    const first = await (
      await project(channelSessionsProjection, log.events.slice(0, 1))
    )
      .view('channel-sessions')
      .dump();
    const all = await (await project(channelSessionsProjection, log.events)).view('channel-sessions').dump();
    expect({ ...all, checkpoint: 1 }).toEqual(first);
  });

  it('is idempotent and batch-independent', async () => {
    const log = new TestLog();
    request(log, 's1');
    request(log, 's2', { userId: 'bia' });
    log.append('channel-s1', { type: 'ChannelQrIssued', data: { sessionId: 's1', qrCode: QR } });
    log.append('channel-s1', {
      type: 'ChannelConnected',
      data: { sessionId: 's1', phoneNumber: '5511888888888' },
    });
    log.append('channel-s2', {
      type: 'ChannelFailed',
      data: { sessionId: 's2', error: 'x', retryInMs: null },
    });
    request(log, 's2', { userId: 'ana' });
    log.append('channel-s1', { type: 'ChannelDisconnected', data: { sessionId: 's1', reason: 'LOGOUT' } });
    await expectReplayStable(channelSessionsProjection, log.events);
  });
});
