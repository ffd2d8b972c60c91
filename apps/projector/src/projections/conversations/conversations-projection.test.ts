import { streams, type StoredEvent } from '@atende/events';
import type { MemoryReadModels } from '@atende/read-models';
import { TestLog, expectReplayStable, project } from '../../testing/test-log.js';
import { conversationIndexes as idx, type ConversationRow } from './conversation-row.js';
import { LAST_MESSAGE_PREVIEW_MAX, conversationsProjection } from './conversations-projection.js';
import { getConversation, getWorkspaceStats } from './queries.js';

const WS = 'w1';
const CHAT = '5511999990001@c.us';
const KEY = `${WS}:${CHAT}`;
const T0 = '2026-11-02T12:00:00.000Z';

function at(minutes: number): string {
  return new Date(Date.parse(T0) + minutes * 60_000).toISOString();
}

/** Appends conversation events for one chat of one workspace. */
class Chat {
  private seq = 0;
  readonly stream: string;

  constructor(
    readonly log: TestLog,
    readonly chatId = CHAT,
    readonly ws = WS,
  ) {
    this.stream = streams.conversation(ws, chatId);
  }

  start(minute: number, name = 'Maria Souza', type: 'private' | 'group' = 'private'): StoredEvent {
    return this.log.append(
      this.stream,
      {
        type: 'ConversationStarted',
        data: {
          chatId: this.chatId,
          sessionId: 's1',
          channel: 'whatsapp',
          customerId: '5511999990001',
          customerName: name,
          type,
        },
      },
      { workspaceId: this.ws, at: at(minute) },
    );
  }

  inbound(
    minute: number,
    content = 'Olá',
    opts: { type?: 'text' | 'image' | 'audio'; messageTime?: number; sessionId?: string } = {},
  ): StoredEvent {
    this.seq += 1;
    return this.log.append(
      this.stream,
      {
        type: 'InboundMessageReceived',
        data: {
          messageId: `in-${this.seq}`,
          chatId: this.chatId,
          sessionId: opts.sessionId ?? 's1',
          providerMessageId: `p-${this.seq}`,
          content,
          type: opts.type ?? 'text',
          mediaUrl: opts.type && opts.type !== 'text' ? 'https://media.example/x' : null,
          mediaStatus: opts.type && opts.type !== 'text' ? 'pending' : 'none',
          senderName: 'Maria Souza',
          senderPhone: '5511999990001',
          timestamp: at(opts.messageTime ?? minute),
        },
      },
      { workspaceId: this.ws, at: at(minute) },
    );
  }

  outbound(minute: number, content = 'Bom dia!', messageTime = minute): StoredEvent {
    this.seq += 1;
    return this.log.append(
      this.stream,
      {
        type: 'OutboundMessageRequested',
        data: {
          messageId: `out-${this.seq}`,
          chatId: this.chatId,
          sessionId: 's1',
          agentId: 'u-agent',
          content,
          type: 'text',
          timestamp: at(messageTime),
        },
      },
      { workspaceId: this.ws, actorId: 'u-agent', at: at(minute) },
    );
  }

  read(minute: number, count = 1): StoredEvent {
    return this.log.append(
      this.stream,
      { type: 'ConversationRead', data: { readerId: 'u-agent', upToMessageId: null, count } },
      { workspaceId: this.ws, at: at(minute) },
    );
  }

  event(minute: number, event: Parameters<TestLog['append']>[1]): StoredEvent {
    return this.log.append(this.stream, event, { workspaceId: this.ws, at: at(minute) });
  }
}

async function rowOf(readModels: MemoryReadModels, chatId = CHAT, ws = WS): Promise<ConversationRow | null> {
  return getConversation(readModels.view('conversations'), ws, chatId);
}

async function indexIds(readModels: MemoryReadModels, index: string): Promise<string[]> {
  return (await readModels.view('conversations').range(index)).map((e) => e.id);
}

/** A log touching every event type, in two workspaces. */
function richLog(): TestLog {
  const log = new TestLog();
  const a = new Chat(log);
  const b = new Chat(log, '5511999990002@c.us');
  const g = new Chat(log, '1203630@g.us');
  const other = new Chat(log, CHAT, 'w2');
  a.start(0);
  b.start(1, 'João');
  a.inbound(2, 'Oi');
  b.inbound(3, '', { type: 'image' });
  g.start(4, 'Grupo', 'group');
  a.outbound(5, 'Olá, posso ajudar?');
  a.event(6, { type: 'OutboundMessageSent', data: { messageId: 'out-2', providerMessageId: 'p-out-2' } });
  a.event(7, { type: 'MessageDeliveryUpdated', data: { messageId: 'out-2', status: 'read' } });
  b.event(8, { type: 'MessageMediaStored', data: { messageId: 'in-1', mediaUrl: 'https://cdn/x.jpg' } });
  a.read(9);
  a.event(10, { type: 'ConversationPinned', data: {} });
  b.event(11, { type: 'ConversationAssigned', data: { assigneeId: 'u1', byUserId: 'u-admin' } });
  g.inbound(12, 'Oi grupo');
  other.start(13);
  other.inbound(14, 'outro workspace');
  b.event(15, {
    type: 'ConversationTransferred',
    data: { fromAssigneeId: 'u1', toAssigneeId: 'u2', byUserId: 'u1' },
  });
  g.event(16, { type: 'ConversationArchived', data: { byUserId: 'u1' } });
  a.inbound(17, 'Atrasada', { messageTime: 1 });
  b.event(18, { type: 'ConversationRated', data: { rating: 4, byUserId: 'u2' } });
  a.event(19, { type: 'ConversationUnpinned', data: {} });
  g.event(20, { type: 'ConversationUnarchived', data: {} });
  g.inbound(21, '', { type: 'audio' });
  b.outbound(22, 'Resolvido');
  b.event(23, { type: 'OutboundMessageFailed', data: { messageId: 'out-2', error: 'timeout' } });
  b.event(24, { type: 'ConversationArchived', data: { byUserId: 'u2' } });
  a.event(25, { type: 'MessageMediaFailed', data: { messageId: 'in-1', error: 'x', attempt: 0 } });
  return log;
}

describe('conversations projection', () => {
  it('starts a conversation with the list defaults', async () => {
    const log = new TestLog();
    new Chat(log).start(0);
    const rm = await project(conversationsProjection, log.events);
    expect(await rowOf(rm)).toEqual<ConversationRow>({
      id: CHAT,
      chatId: CHAT,
      workspaceId: WS,
      sessionId: 's1',
      customerName: 'Maria Souza',
      customerId: '5511999990001',
      channel: 'whatsapp',
      type: 'private',
      lastMessage: 'Nenhuma mensagem',
      lastMessageType: null,
      lastMessageFromMe: false,
      lastTimestamp: null,
      unreadCount: 0,
      messageCount: 0,
      hasMedia: false,
      mediaType: null,
      profilePic: null,
      isPinned: false,
      isArchived: false,
      assigneeId: null,
      status: 'active',
      rating: null,
      createdAt: T0,
      updatedAt: T0,
      lastReadAt: null,
      lastInboundAt: null,
    });
    const score = Date.parse(T0);
    const view = rm.view('conversations');
    expect(await view.range(idx.all(WS))).toEqual([{ id: KEY, score }]);
    expect(await view.range(idx.unassigned(WS))).toEqual([{ id: KEY, score }]);
    expect(await view.range(idx.archived(WS))).toEqual([]);
    expect(await view.range(idx.pinned(WS))).toEqual([]);
    expect(await getWorkspaceStats(view, WS)).toEqual({
      totalConversations: 1,
      activeConversations: 1,
      unreadTotal: 0,
      channels: ['whatsapp'],
    });
  });

  it('ignores a second ConversationStarted and events of conversations it never saw', async () => {
    const log = new TestLog();
    const chat = new Chat(log);
    const unknown = new Chat(log, 'ghost@c.us');
    chat.start(0);
    chat.start(1, 'Outro nome');
    unknown.inbound(2);
    unknown.read(3);
    unknown.event(4, { type: 'ConversationPinned', data: {} });
    const rm = await project(conversationsProjection, log.events);
    expect((await rowOf(rm))!.customerName).toBe('Maria Souza');
    expect((await rowOf(rm))!.updatedAt).toBe(at(0));
    expect(await rowOf(rm, 'ghost@c.us')).toBeNull();
    expect((await getWorkspaceStats(rm.view('conversations'), WS)).totalConversations).toBe(1);
  });

  it('counts an inbound message as unread and makes it the last message', async () => {
    const log = new TestLog();
    const chat = new Chat(log);
    chat.start(0);
    chat.inbound(5, 'Preciso de ajuda', { sessionId: 's2' });
    const rm = await project(conversationsProjection, log.events);
    expect(await rowOf(rm)).toMatchObject({
      sessionId: 's2',
      lastMessage: 'Preciso de ajuda',
      lastMessageType: 'text',
      lastMessageFromMe: false,
      lastTimestamp: at(5),
      lastInboundAt: at(5),
      unreadCount: 1,
      messageCount: 1,
      hasMedia: false,
      mediaType: null,
      updatedAt: at(5),
    });
    expect(await rm.view('conversations').range(idx.all(WS))).toEqual([
      { id: KEY, score: Date.parse(at(5)) },
    ]);
    expect((await getWorkspaceStats(rm.view('conversations'), WS)).unreadTotal).toBe(1);
  });

  it('shows media without text as [Mídia: type] and keeps long texts short', async () => {
    const log = new TestLog();
    const chat = new Chat(log);
    chat.start(0);
    chat.inbound(1, '', { type: 'image' });
    let rm = await project(conversationsProjection, log.events);
    expect(await rowOf(rm)).toMatchObject({
      lastMessage: '[Mídia: image]',
      lastMessageType: 'image',
      hasMedia: true,
      mediaType: 'image',
    });
    chat.inbound(2, 'x'.repeat(5000));
    rm = await project(conversationsProjection, log.events);
    expect((await rowOf(rm))!.lastMessage).toHaveLength(LAST_MESSAGE_PREVIEW_MAX);
    expect(await rowOf(rm)).toMatchObject({ hasMedia: false, mediaType: null, messageCount: 2 });
  });

  it('counts a late backfill without moving the last message back', async () => {
    const log = new TestLog();
    const chat = new Chat(log);
    chat.start(0);
    chat.inbound(10, 'Recente');
    chat.inbound(11, 'Antiga', { messageTime: 3 });
    chat.outbound(12, 'Resposta antiga', 4);
    const rm = await project(conversationsProjection, log.events);
    expect(await rowOf(rm)).toMatchObject({
      lastMessage: 'Recente',
      lastTimestamp: at(10),
      lastInboundAt: at(10),
      lastMessageFromMe: false,
      messageCount: 3,
      unreadCount: 2,
      updatedAt: at(12),
    });
    expect(await rm.view('conversations').range(idx.all(WS))).toEqual([
      { id: KEY, score: Date.parse(at(10)) },
    ]);
  });

  it('takes a message with the same time as the last one', async () => {
    const log = new TestLog();
    const chat = new Chat(log);
    chat.start(0);
    chat.inbound(10, 'Primeira');
    chat.outbound(11, 'Mesmo instante', 10);
    const rm = await project(conversationsProjection, log.events);
    expect(await rowOf(rm)).toMatchObject({ lastMessage: 'Mesmo instante', lastMessageFromMe: true });
  });

  it('makes an outbound message the last one without touching the unread count', async () => {
    const log = new TestLog();
    const chat = new Chat(log);
    chat.start(0);
    chat.inbound(1, 'Oi');
    chat.outbound(2, 'Olá! Como posso ajudar?');
    const rm = await project(conversationsProjection, log.events);
    expect(await rowOf(rm)).toMatchObject({
      lastMessage: 'Olá! Como posso ajudar?',
      lastMessageFromMe: true,
      lastMessageType: 'text',
      lastTimestamp: at(2),
      lastInboundAt: at(1),
      unreadCount: 1,
      messageCount: 2,
    });
  });

  it('clears the unread count on read', async () => {
    const log = new TestLog();
    const chat = new Chat(log);
    chat.start(0);
    chat.inbound(1);
    chat.inbound(2);
    chat.read(3, 2);
    chat.inbound(4);
    let rm = await project(conversationsProjection, log.events.slice(0, 4));
    expect(await rowOf(rm)).toMatchObject({ unreadCount: 0, lastReadAt: at(3), messageCount: 2 });
    expect((await getWorkspaceStats(rm.view('conversations'), WS)).unreadTotal).toBe(0);
    rm = await project(conversationsProjection, log.events);
    expect(await rowOf(rm)).toMatchObject({ unreadCount: 1, lastReadAt: at(3) });
    expect((await getWorkspaceStats(rm.view('conversations'), WS)).unreadTotal).toBe(1);
  });

  it('moves a conversation between indexes on pin, assign, transfer and archive', async () => {
    const log = new TestLog();
    const chat = new Chat(log);
    chat.start(0);
    chat.inbound(1);
    const steps: [StoredEvent, Record<string, string[]>][] = [];
    const expectIn = (event: StoredEvent, where: Record<string, string[]>) => steps.push([event, where]);
    const none = {
      [idx.all(WS)]: [],
      [idx.unassigned(WS)]: [],
      [idx.pinned(WS)]: [],
      [idx.archived(WS)]: [],
      [idx.assignee(WS, 'u1')]: [],
      [idx.assignee(WS, 'u2')]: [],
      [idx.archivedAssignee(WS, 'u2')]: [],
      [idx.archivedUnassigned(WS)]: [],
    };
    expectIn(chat.event(2, { type: 'ConversationPinned', data: {} }), {
      ...none,
      [idx.all(WS)]: [KEY],
      [idx.unassigned(WS)]: [KEY],
      [idx.pinned(WS)]: [KEY],
    });
    expectIn(chat.event(3, { type: 'ConversationAssigned', data: { assigneeId: 'u1', byUserId: 'a' } }), {
      ...none,
      [idx.all(WS)]: [KEY],
      [idx.assignee(WS, 'u1')]: [KEY],
      [idx.pinned(WS)]: [KEY],
    });
    expectIn(
      chat.event(4, {
        type: 'ConversationTransferred',
        data: { fromAssigneeId: 'u1', toAssigneeId: 'u2', byUserId: 'u1' },
      }),
      { ...none, [idx.all(WS)]: [KEY], [idx.assignee(WS, 'u2')]: [KEY], [idx.pinned(WS)]: [KEY] },
    );
    expectIn(chat.event(5, { type: 'ConversationArchived', data: { byUserId: 'u2' } }), {
      ...none,
      [idx.archived(WS)]: [KEY],
      [idx.archivedAssignee(WS, 'u2')]: [KEY],
    });
    expectIn(chat.event(6, { type: 'ConversationUnpinned', data: {} }), {
      ...none,
      [idx.archived(WS)]: [KEY],
      [idx.archivedAssignee(WS, 'u2')]: [KEY],
    });
    expectIn(chat.event(7, { type: 'ConversationUnarchived', data: {} }), {
      ...none,
      [idx.all(WS)]: [KEY],
      [idx.assignee(WS, 'u2')]: [KEY],
    });

    for (const [event, where] of steps) {
      const rm = await project(
        conversationsProjection,
        log.events.filter((e) => e.globalPosition <= event.globalPosition),
      );
      for (const [index, ids] of Object.entries(where)) {
        expect({ event: event.type, index, ids: await indexIds(rm, index) }).toEqual({
          event: event.type,
          index,
          ids,
        });
      }
    }
    const rm = await project(conversationsProjection, log.events);
    expect(await rowOf(rm)).toMatchObject({
      isPinned: false,
      isArchived: false,
      status: 'active',
      assigneeId: 'u2',
      updatedAt: at(7),
    });
    // Score stays the last message time through the moves.
    expect(await rm.view('conversations').range(idx.all(WS))).toEqual([
      { id: KEY, score: Date.parse(at(1)) },
    ]);
  });

  it('marks archived rows and rates conversations', async () => {
    const log = new TestLog();
    const chat = new Chat(log);
    chat.start(0);
    chat.event(1, { type: 'ConversationArchived', data: { byUserId: 'u1' } });
    chat.event(2, { type: 'ConversationRated', data: { rating: 5, byUserId: 'u1' } });
    const rm = await project(conversationsProjection, log.events);
    expect(await rowOf(rm)).toMatchObject({ isArchived: true, status: 'archived', rating: 5 });
    expect(await getWorkspaceStats(rm.view('conversations'), WS)).toMatchObject({
      totalConversations: 1,
      activeConversations: 0,
    });
  });

  it('marks a conversation started over the plan limit, and keeps the mark through later changes', async () => {
    const log = new TestLog();
    const chat = new Chat(log);
    chat.start(0);
    chat.event(0, {
      type: 'ConversationOverPlanLimit',
      data: { month: '2026-11', plan: 'starter', limit: 1000 },
    });
    chat.inbound(1, 'Oi');
    chat.event(2, { type: 'ConversationPinned', data: {} });
    const rm = await project(conversationsProjection, log.events);
    expect(await rowOf(rm)).toMatchObject({ overLimitMonth: '2026-11', lastMessage: 'Oi', isPinned: true });
    await expectReplayStable(conversationsProjection, log.events);
  });

  it('ignores delivery and media events (they do not change the list row)', async () => {
    const log = new TestLog();
    const chat = new Chat(log);
    chat.start(0);
    chat.outbound(1);
    const before = await (await project(conversationsProjection, log.events)).view('conversations').dump();
    chat.event(2, { type: 'OutboundMessageSent', data: { messageId: 'out-1', providerMessageId: 'p9' } });
    chat.event(3, { type: 'MessageDeliveryUpdated', data: { messageId: 'out-1', status: 'delivered' } });
    chat.event(4, { type: 'OutboundMessageFailed', data: { messageId: 'out-1', error: 'x' } });
    chat.event(5, { type: 'MessageMediaStored', data: { messageId: 'out-1', mediaUrl: 'https://m/1' } });
    chat.event(6, { type: 'MessageMediaFailed', data: { messageId: 'out-1', error: 'x', attempt: 0 } });
    const after = await (await project(conversationsProjection, log.events)).view('conversations').dump();
    expect(after.docs).toEqual(before.docs);
    expect(after.indexes).toEqual(before.indexes);
    expect(after.checkpoint).toBe(7);
  });

  it('keeps workspace stats per workspace', async () => {
    const rm = await project(conversationsProjection, richLog().events);
    const view = rm.view('conversations');
    // w1: a (unread 1: late backfill after read), b (archived, unread 1), g (2 inbound, never read).
    expect(await getWorkspaceStats(view, WS)).toEqual({
      totalConversations: 3,
      activeConversations: 2,
      unreadTotal: 4,
      channels: ['whatsapp'],
    });
    expect(await getWorkspaceStats(view, 'w2')).toEqual({
      totalConversations: 1,
      activeConversations: 1,
      unreadTotal: 1,
      channels: ['whatsapp'],
    });
    expect(await getWorkspaceStats(view, 'nobody')).toEqual({
      totalConversations: 0,
      activeConversations: 0,
      unreadTotal: 0,
      channels: [],
    });
    // The counters agree with the rows.
    const rows = Object.values((await view.dump()).docs['conversation']!) as ConversationRow[];
    const w1 = rows.filter((r) => r.workspaceId === WS);
    expect(w1.reduce((sum, r) => sum + r.unreadCount, 0)).toBe(4);
    expect(w1.filter((r) => !r.isArchived)).toHaveLength(2);
  });

  it('changes nothing when the same events are projected twice, and equals live in overlapping batches', async () => {
    // Overlapping deliveries, as after a reconnect: already applied positions are skipped.
    await expectReplayStable(conversationsProjection, richLog().events, {
      sizes: [1, 2, 5, 11],
      overlap: 1,
      prefix: 10,
    });
  });
});
