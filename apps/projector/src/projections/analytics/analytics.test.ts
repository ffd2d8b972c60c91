import type { WorkspaceSettings } from '@atende/events';
import { defaultWorkspaceSettings } from '@atende/events';
import { TestLog, project, expectReplayStable } from '../../testing/test-log.js';
import { addDays, dayOf, dayScore } from './days.js';
import { RECENT_ACTIVITY_LIMIT, analyticsProjection, analyticsSummary, recentActivity } from './index.js';

const WS = 'w1';
const ctx = (at: string, actorId?: string) => ({ workspaceId: WS, at, ...(actorId ? { actorId } : {}) });
const stream = (chatId: string) => `conversation-${WS}-${chatId}`;

/** A small conversation log writer. */
class Chat {
  private n = 0;
  constructor(
    private readonly log: TestLog,
    readonly chatId: string,
  ) {}

  start(at: string, customerName = 'Cliente') {
    this.log.append(
      stream(this.chatId),
      {
        type: 'ConversationStarted',
        data: {
          chatId: this.chatId,
          sessionId: 's1',
          channel: 'whatsapp',
          customerId: '5511999999999',
          customerName,
          type: 'private',
        },
      },
      ctx(at),
    );
    return this;
  }

  inbound(timestamp: string, at = timestamp) {
    this.n += 1;
    this.log.append(
      stream(this.chatId),
      {
        type: 'InboundMessageReceived',
        data: {
          messageId: `${this.chatId}-in-${this.n}`,
          chatId: this.chatId,
          sessionId: 's1',
          providerMessageId: `${this.chatId}-p-${this.n}`,
          content: 'Olá',
          type: 'text',
          mediaUrl: null,
          mediaStatus: 'none',
          senderName: 'Cliente',
          senderPhone: '5511999999999',
          timestamp,
        },
      },
      ctx(at),
    );
    return this;
  }

  outbound(agentId: string, timestamp: string, at = timestamp) {
    this.n += 1;
    this.log.append(
      stream(this.chatId),
      {
        type: 'OutboundMessageRequested',
        data: {
          messageId: `${this.chatId}-out-${this.n}`,
          chatId: this.chatId,
          sessionId: 's1',
          agentId,
          content: 'Oi!',
          type: 'text',
          timestamp,
        },
      },
      ctx(at, agentId),
    );
    return this;
  }

  assign(assigneeId: string, at: string) {
    this.log.append(
      stream(this.chatId),
      { type: 'ConversationAssigned', data: { assigneeId, byUserId: 'boss' } },
      ctx(at),
    );
    return this;
  }

  transfer(toAssigneeId: string, at: string) {
    this.log.append(
      stream(this.chatId),
      { type: 'ConversationTransferred', data: { fromAssigneeId: null, toAssigneeId, byUserId: 'boss' } },
      ctx(at),
    );
    return this;
  }

  archive(byUserId: string, at: string) {
    this.log.append(
      stream(this.chatId),
      { type: 'ConversationArchived', data: { byUserId } },
      ctx(at, byUserId),
    );
    return this;
  }

  rate(rating: number, byUserId: string, at: string) {
    this.log.append(
      stream(this.chatId),
      { type: 'ConversationRated', data: { rating, byUserId } },
      ctx(at, byUserId),
    );
    return this;
  }
}

function createWorkspace(log: TestLog, at = '2026-10-01T00:00:00.000Z') {
  log.append(
    `workspace-${WS}`,
    {
      type: 'WorkspaceCreated',
      data: { workspaceId: WS, name: 'Minha Empresa', ownerId: 'owner', trialStartedAt: at, trialDays: 7 },
    },
    ctx(at),
  );
}

function settingsWithTimezone(timezone: WorkspaceSettings['appearance']['timezone']): WorkspaceSettings {
  const s = defaultWorkspaceSettings('Minha Empresa');
  return { ...s, appearance: { ...s.appearance, timezone } };
}

describe('analytics days', () => {
  it('computes days in a timezone, scores and offsets', () => {
    expect(dayOf(Date.parse('2026-11-02T02:59:59.999Z'), 'America/Sao_Paulo')).toBe('2026-11-01');
    expect(dayOf(Date.parse('2026-11-02T03:00:00.000Z'), 'America/Sao_Paulo')).toBe('2026-11-02');
    expect(dayOf(Date.parse('2026-11-02T00:30:00.000Z'), 'Europe/London')).toBe('2026-11-02');
    expect(dayOf(Date.parse('2026-07-02T23:30:00.000Z'), 'Europe/London')).toBe('2026-07-03');
    expect(dayOf(Date.parse('2026-07-02T23:30:00.000Z'), 'Not/AZone')).toBe('2026-07-02');
    expect(dayScore('2026-11-02')).toBe(Date.UTC(2026, 10, 2));
    expect(dayScore('2026-02-30')).toBeNaN();
    expect(dayScore('nope')).toBeNaN();
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('analytics projection', () => {
  it('counts messages, conversations, response times, resolutions and ratings per day and agent', async () => {
    const log = new TestLog();
    createWorkspace(log);
    // Day 2026-11-02 in São Paulo (UTC-3).
    new Chat(log, 'c1')
      .start('2026-11-02T12:00:00.000Z')
      .inbound('2026-11-02T12:00:00.000Z')
      .inbound('2026-11-02T12:00:30.000Z') // still waiting since the first one
      .outbound('ana', '2026-11-02T12:01:00.000Z') // first response: 60 s
      .outbound('ana', '2026-11-02T12:01:10.000Z') // not a response
      .inbound('2026-11-02T12:05:00.000Z')
      .outbound('bia', '2026-11-02T12:05:20.000Z') // response: 20 s (not first)
      .assign('bia', '2026-11-02T12:06:00.000Z')
      .rate(5, 'ana', '2026-11-02T12:07:00.000Z') // credited to the assignee (bia)
      .archive('ana', '2026-11-02T12:08:00.000Z'); // credited to ana
    // 2026-11-03T01:00Z is still 2026-11-02 in São Paulo.
    new Chat(log, 'c2')
      .start('2026-11-03T01:00:00.000Z')
      .inbound('2026-11-03T01:00:00.000Z')
      .outbound('ana', '2026-11-03T01:02:00.000Z') // first response: 120 s
      .rate(2, 'ana', '2026-11-03T01:03:00.000Z'); // no assignee: byUserId
    const view = (await project(analyticsProjection, log.events)).view('analytics');

    expect(await view.get('day', 'w1:2026-11-02')).toEqual({
      workspaceId: 'w1',
      day: '2026-11-02',
      inbound: 4,
      outbound: 4,
      conversationsStarted: 2,
      firstResponses: 2,
      firstResponseTotalMs: 180_000,
      responses: 3,
      responseTotalMs: 200_000,
      resolved: 1,
      ratings: 2,
      ratingTotal: 7,
      ratingsByScore: [0, 1, 0, 0, 1],
    });
    expect(await view.get('agent-day', 'w1:2026-11-02:ana')).toEqual({
      workspaceId: 'w1',
      day: '2026-11-02',
      agentId: 'ana',
      outbound: 3,
      firstResponses: 2,
      firstResponseTotalMs: 180_000,
      responses: 2,
      responseTotalMs: 180_000,
      resolved: 1,
      ratings: 1,
      ratingTotal: 2,
    });
    expect(await view.get('agent-day', 'w1:2026-11-02:bia')).toEqual({
      workspaceId: 'w1',
      day: '2026-11-02',
      agentId: 'bia',
      outbound: 1,
      firstResponses: 0,
      firstResponseTotalMs: 0,
      responses: 1,
      responseTotalMs: 20_000,
      resolved: 0,
      ratings: 1,
      ratingTotal: 5,
    });
    expect(await view.get('conversation-clock', 'w1:c1')).toEqual({
      waitingSince: null,
      answeredOnce: true,
      assigneeId: 'bia',
      customerName: 'Cliente',
    });
    const dump = await view.dump();
    expect(dump.docs['analytics-config']).toEqual({
      w1: { workspaceId: 'w1', timezone: 'America/Sao_Paulo' },
    });
    expect(dump.indexes).toEqual({
      'ws:w1:days': [{ id: '2026-11-02', score: Date.UTC(2026, 10, 2) }],
      'ws:w1:agent-days': [
        { id: '2026-11-02:ana', score: Date.UTC(2026, 10, 2) },
        { id: '2026-11-02:bia', score: Date.UTC(2026, 10, 2) },
      ],
    });
  });

  it('keeps waiting until answered, and follows transfers', async () => {
    const log = new TestLog();
    const chat = new Chat(log, 'c1')
      .start('2026-11-02T12:00:00.000Z')
      .outbound('ana', '2026-11-02T12:00:10.000Z') // agent speaks first: no response time
      .inbound('2026-11-02T12:01:00.000Z');
    let view = (await project(analyticsProjection, log.events)).view('analytics');
    expect(await view.get('conversation-clock', 'w1:c1')).toEqual({
      waitingSince: '2026-11-02T12:01:00.000Z',
      answeredOnce: false,
      assigneeId: null,
      customerName: 'Cliente',
    });
    chat.assign('ana', '2026-11-02T12:01:30.000Z').transfer('bia', '2026-11-02T12:02:00.000Z');
    chat.outbound('bia', '2026-11-02T12:03:00.000Z'); // first response: 120 s
    chat.rate(4, 'ana', '2026-11-02T12:04:00.000Z');
    view = (await project(analyticsProjection, log.events)).view('analytics');
    expect(await view.get('agent-day', 'w1:2026-11-02:bia')).toMatchObject({
      outbound: 1,
      firstResponses: 1,
      firstResponseTotalMs: 120_000,
      responses: 1,
      ratings: 1,
      ratingTotal: 4,
    });
    expect(await view.get('agent-day', 'w1:2026-11-02:ana')).toMatchObject({
      outbound: 1,
      responses: 0,
      ratings: 0,
    });
  });

  it("counts days in the workspace's timezone and follows changes of it", async () => {
    const log = new TestLog();
    createWorkspace(log);
    const chat = new Chat(log, 'c1').start('2026-11-02T01:00:00.000Z'); // São Paulo: 2026-11-01
    log.append(
      `workspace-${WS}`,
      { type: 'WorkspaceSettingsChanged', data: { settings: settingsWithTimezone('Europe/London') } },
      ctx('2026-11-02T01:30:00.000Z'),
    );
    chat.inbound('2026-11-02T01:40:00.000Z'); // London: 2026-11-02
    const view = (await project(analyticsProjection, log.events)).view('analytics');
    expect(await view.get('day', 'w1:2026-11-01')).toMatchObject({ conversationsStarted: 1, inbound: 0 });
    expect(await view.get('day', 'w1:2026-11-02')).toMatchObject({ conversationsStarted: 0, inbound: 1 });
    expect(await view.get('analytics-config', 'w1')).toEqual({
      workspaceId: 'w1',
      timezone: 'Europe/London',
    });
  });

  it('uses the message timestamp for message days and the event time for the others', async () => {
    const log = new TestLog();
    new Chat(log, 'c1')
      .start('2026-11-05T12:00:00.000Z')
      .inbound('2026-11-04T12:00:00.000Z', '2026-11-05T12:00:01.000Z')
      .outbound('ana', '2026-11-04T12:00:05.000Z', '2026-11-05T12:00:02.000Z');
    const view = (await project(analyticsProjection, log.events)).view('analytics');
    expect(await view.get('day', 'w1:2026-11-04')).toMatchObject({
      inbound: 1,
      outbound: 1,
      responseTotalMs: 5000,
    });
    expect(await view.get('day', 'w1:2026-11-05')).toMatchObject({ inbound: 0, conversationsStarted: 1 });
  });

  it('ignores conversation events from streams of another shape for the clock', async () => {
    const log = new TestLog();
    log.append(
      'conversation-w2-c1',
      { type: 'ConversationAssigned', data: { assigneeId: 'x', byUserId: 'y' } },
      ctx('2026-11-02T12:00:00.000Z'),
    );
    log.append(
      'conversation-w1-',
      { type: 'ConversationRated', data: { rating: 3, byUserId: 'y' } },
      ctx('2026-11-02T12:00:00.000Z'),
    );
    const view = (await project(analyticsProjection, log.events)).view('analytics');
    const dump = await view.dump();
    expect(dump.docs['conversation-clock']).toBeUndefined();
    expect(await view.get('agent-day', 'w1:2026-11-02:y')).toMatchObject({ ratings: 1, ratingTotal: 3 });
  });

  it('summarises a period: totals, every day and every agent', async () => {
    const log = new TestLog();
    createWorkspace(log);
    new Chat(log, 'c1')
      .start('2026-10-20T12:00:00.000Z') // outside a 7-day period ending 2026-11-02
      .inbound('2026-10-20T12:00:00.000Z')
      .outbound('ana', '2026-10-20T12:10:00.000Z');
    new Chat(log, 'c2')
      .start('2026-10-28T12:00:00.000Z')
      .inbound('2026-10-28T12:00:00.000Z')
      .outbound('ana', '2026-10-28T12:01:00.000Z')
      .inbound('2026-10-28T13:00:00.000Z')
      .outbound('bia', '2026-10-28T13:00:30.000Z')
      .archive('bia', '2026-10-28T14:00:00.000Z');
    new Chat(log, 'c3')
      .start('2026-11-02T12:00:00.000Z')
      .inbound('2026-11-02T12:00:00.000Z')
      .outbound('bia', '2026-11-02T12:03:00.000Z')
      .assign('bia', '2026-11-02T12:04:00.000Z')
      .rate(4, 'ana', '2026-11-02T12:05:00.000Z')
      .rate(5, 'ana', '2026-11-02T12:06:00.000Z');
    new Chat(log, 'c4').start('2026-11-03T12:00:00.000Z'); // after today
    const view = (await project(analyticsProjection, log.events)).view('analytics');

    const summary = await analyticsSummary(view, 'w1', { days: 7, today: '2026-11-02' });
    expect(summary.period).toEqual({ days: 7, from: '2026-10-27', to: '2026-11-02' });
    expect(summary.totals).toEqual({
      inbound: 3,
      outbound: 3,
      conversationsStarted: 2,
      resolved: 1,
      avgFirstResponseMs: 120_000, // (60 s + 180 s) / 2
      avgResponseMs: 90_000, // (60 + 30 + 180) / 3
      avgRating: 4.5,
      ratings: 2,
      ratingsByScore: [0, 0, 0, 1, 1],
    });
    // The 7 days before: c2 on 2026-10-20 only.
    expect(summary.previous).toEqual({
      from: '2026-10-20',
      to: '2026-10-26',
      totals: {
        inbound: 1,
        outbound: 1,
        conversationsStarted: 1,
        resolved: 0,
        avgFirstResponseMs: 600_000,
        avgResponseMs: 600_000,
        avgRating: null,
        ratings: 0,
        ratingsByScore: [0, 0, 0, 0, 0],
      },
    });
    expect(summary.perDay.map((d) => d.day)).toEqual([
      '2026-10-27',
      '2026-10-28',
      '2026-10-29',
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
    ]);
    expect(summary.perDay[0]).toEqual({
      day: '2026-10-27',
      inbound: 0,
      outbound: 0,
      conversationsStarted: 0,
      resolved: 0,
    });
    expect(summary.perDay[1]).toEqual({
      day: '2026-10-28',
      inbound: 2,
      outbound: 2,
      conversationsStarted: 1,
      resolved: 1,
    });
    expect(summary.perDay[6]).toEqual({
      day: '2026-11-02',
      inbound: 1,
      outbound: 1,
      conversationsStarted: 1,
      resolved: 0,
    });
    expect(summary.perAgent).toEqual([
      {
        agentId: 'bia',
        outbound: 2,
        resolved: 1,
        avgResponseMs: 105_000,
        avgFirstResponseMs: 180_000,
        avgRating: 4.5,
        ratings: 2,
      },
      {
        agentId: 'ana',
        outbound: 1,
        resolved: 0,
        avgResponseMs: 60_000,
        avgFirstResponseMs: 60_000,
        avgRating: null,
        ratings: 0,
      },
    ]);

    const month = await analyticsSummary(view, 'w1', { days: 30, today: '2026-11-02' });
    expect(month.perDay).toHaveLength(30);
    expect(month.totals).toMatchObject({ inbound: 4, outbound: 4, conversationsStarted: 3 });
    // Same messages sent: the one with more resolved first.
    expect(month.perAgent.map((a) => [a.agentId, a.outbound])).toEqual([
      ['bia', 2],
      ['ana', 2],
    ]);

    const empty = await analyticsSummary(view, 'w9', { days: 90, today: '2026-11-02' });
    expect(empty.perDay).toHaveLength(90);
    expect(empty.perDay.every((d) => d.inbound === 0)).toBe(true);
    expect(empty.totals).toEqual({
      inbound: 0,
      outbound: 0,
      conversationsStarted: 0,
      resolved: 0,
      avgFirstResponseMs: null,
      avgResponseMs: null,
      avgRating: null,
      ratings: 0,
      ratingsByScore: [0, 0, 0, 0, 0],
    });
    expect(empty.previous.totals.inbound).toBe(0);
    expect(empty.perAgent).toEqual([]);
    await expect(analyticsSummary(view, 'w1', { days: 7, today: '2026-13-01' })).rejects.toThrow(RangeError);
  });

  it('counts ratings per number of stars, re-ratings included', async () => {
    const log = new TestLog();
    createWorkspace(log);
    new Chat(log, 'c1')
      .start('2026-11-02T12:00:00.000Z')
      .rate(5, 'ana', '2026-11-02T12:01:00.000Z')
      .rate(3, 'ana', '2026-11-02T12:02:00.000Z');
    new Chat(log, 'c2').start('2026-11-01T12:00:00.000Z').rate(1, 'bia', '2026-11-01T12:01:00.000Z');
    const view = (await project(analyticsProjection, log.events)).view('analytics');
    expect(await view.get('day', 'w1:2026-11-02')).toMatchObject({ ratingsByScore: [0, 0, 1, 0, 1] });
    const summary = await analyticsSummary(view, 'w1', { days: 7, today: '2026-11-02' });
    expect(summary.totals).toMatchObject({ ratings: 3, avgRating: 3, ratingsByScore: [1, 0, 1, 0, 1] });
    // Only the previous 7 days count there.
    const next = await analyticsSummary(view, 'w1', { days: 7, today: '2026-11-09' });
    expect(next.totals.ratingsByScore).toEqual([0, 0, 0, 0, 0]);
    expect(next.previous.totals.ratingsByScore).toEqual([1, 0, 1, 0, 1]);
  });

  it('reads day documents written before the rating distribution existed', async () => {
    const log = new TestLog();
    createWorkspace(log);
    new Chat(log, 'c1').start('2026-11-02T12:00:00.000Z').rate(4, 'ana', '2026-11-02T12:01:00.000Z');
    const readModels = await project(analyticsProjection, log.events.slice(0, 2));
    // An older version wrote this day without ratingsByScore.
    const batch = await readModels.writer('analytics').beginBatch();
    const { ratingsByScore: _dropped, ...old } = batch.get<Record<string, unknown>>('day', 'w1:2026-11-02')!;
    batch.put('day', 'w1:2026-11-02', old);
    await batch.commit(await readModels.view('analytics').checkpoint());
    await project(analyticsProjection, log.events, readModels);
    const summary = await analyticsSummary(readModels.view('analytics'), 'w1', {
      days: 7,
      today: '2026-11-02',
    });
    expect(summary.totals).toMatchObject({ ratings: 1, ratingsByScore: [0, 0, 0, 1, 0] });
  });

  it('keeps the latest activity: conversations started, resolved and rated, newest first', async () => {
    const log = new TestLog();
    createWorkspace(log);
    new Chat(log, 'c1')
      .start('2026-11-02T12:00:00.000Z', 'Maria Souza')
      .inbound('2026-11-02T12:00:00.000Z')
      .outbound('ana', '2026-11-02T12:01:00.000Z')
      .assign('bia', '2026-11-02T12:02:00.000Z')
      .rate(5, 'ana', '2026-11-02T12:03:00.000Z') // credited to the assignee
      .archive('ana', '2026-11-02T12:04:00.000Z');
    log.append(
      'conversation-w1-',
      { type: 'ConversationRated', data: { rating: 3, byUserId: 'y' } },
      ctx('2026-11-02T12:05:00.000Z'),
    );
    const view = (await project(analyticsProjection, log.events)).view('analytics');
    const entries = await recentActivity(view, 'w1');
    expect(entries.map(({ position: _p, ...e }) => e)).toEqual([
      {
        kind: 'conversation-resolved',
        at: '2026-11-02T12:04:00.000Z',
        chatId: 'c1',
        customerName: 'Maria Souza',
        userId: 'ana',
        rating: null,
      },
      {
        kind: 'conversation-rated',
        at: '2026-11-02T12:03:00.000Z',
        chatId: 'c1',
        customerName: 'Maria Souza',
        userId: 'bia',
        rating: 5,
      },
      {
        kind: 'conversation-started',
        at: '2026-11-02T12:00:00.000Z',
        chatId: 'c1',
        customerName: 'Maria Souza',
        userId: null,
        rating: null,
      },
    ]);
    expect(entries[0]!.position).toBeGreaterThan(entries[1]!.position);
    expect(await recentActivity(view, 'w1', 1)).toHaveLength(1);
    expect(await recentActivity(view, 'w9')).toEqual([]);

    for (let i = 0; i < RECENT_ACTIVITY_LIMIT + 5; i += 1)
      new Chat(log, `x${i}`).start('2026-11-03T12:00:00.000Z');
    const full = await recentActivity(
      (await project(analyticsProjection, log.events)).view('analytics'),
      'w1',
    );
    expect(full).toHaveLength(RECENT_ACTIVITY_LIMIT);
    expect(full[0]!.chatId).toBe(`x${RECENT_ACTIVITY_LIMIT + 4}`);
  });

  it('is idempotent and batch-independent', async () => {
    const log = new TestLog();
    createWorkspace(log);
    new Chat(log, 'c1')
      .start('2026-11-02T12:00:00.000Z')
      .inbound('2026-11-02T12:00:00.000Z')
      .outbound('ana', '2026-11-02T12:01:00.000Z')
      .inbound('2026-11-02T12:02:00.000Z')
      .assign('bia', '2026-11-02T12:02:30.000Z')
      .outbound('bia', '2026-11-02T12:03:00.000Z')
      .transfer('ana', '2026-11-02T12:03:30.000Z')
      .rate(3, 'bia', '2026-11-02T12:04:00.000Z')
      .archive('ana', '2026-11-03T12:00:00.000Z');
    log.append(
      `workspace-${WS}`,
      { type: 'WorkspaceSettingsChanged', data: { settings: settingsWithTimezone('America/New_York') } },
      ctx('2026-11-03T13:00:00.000Z'),
    );
    new Chat(log, 'c2').start('2026-11-04T03:30:00.000Z').inbound('2026-11-04T03:30:00.000Z');
    await expectReplayStable(analyticsProjection, log.events);
  });
});
