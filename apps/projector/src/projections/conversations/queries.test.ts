import { streams, type ProjectionView } from '@atende/events';
import { TestLog, project } from '../../testing/test-log.js';
import { conversationsProjection } from './conversations-projection.js';
import {
  DEFAULT_CONVERSATIONS_LIMIT,
  MAX_CONVERSATIONS_LIMIT,
  getConversation,
  listConversations,
  pageLimit,
  type ListConversationsOptions,
} from './queries.js';

const WS = 'w1';
const T0 = Date.parse('2026-11-02T12:00:00.000Z');
const iso = (minute: number) => new Date(T0 + minute * 60_000).toISOString();

interface Spec {
  chat: string;
  /** Minute of its last message; none when undefined. */
  minute?: number;
  assignee?: string;
  archived?: boolean;
  pinned?: boolean;
}

function logOf(specs: readonly Spec[], ws = WS): TestLog {
  const log = new TestLog();
  specs.forEach((spec, n) => {
    const stream = streams.conversation(ws, spec.chat);
    const context = { workspaceId: ws, at: iso(-1000 + n) };
    log.append(
      stream,
      {
        type: 'ConversationStarted',
        data: {
          chatId: spec.chat,
          sessionId: 's1',
          channel: 'whatsapp',
          customerId: String(1000 + n),
          customerName: spec.chat,
          type: 'private',
        },
      },
      context,
    );
    if (spec.minute !== undefined) {
      log.append(
        stream,
        {
          type: 'InboundMessageReceived',
          data: {
            messageId: `m-${spec.chat}`,
            chatId: spec.chat,
            sessionId: 's1',
            providerMessageId: `p-${spec.chat}`,
            content: `oi de ${spec.chat}`,
            type: 'text',
            mediaUrl: null,
            mediaStatus: 'none',
            senderName: spec.chat,
            senderPhone: String(1000 + n),
            timestamp: iso(spec.minute),
          },
        },
        context,
      );
    }
    if (spec.assignee) {
      log.append(
        stream,
        { type: 'ConversationAssigned', data: { assigneeId: spec.assignee, byUserId: 'admin' } },
        context,
      );
    }
    if (spec.pinned) log.append(stream, { type: 'ConversationPinned', data: {} }, context);
    if (spec.archived) {
      log.append(stream, { type: 'ConversationArchived', data: { byUserId: 'admin' } }, context);
    }
  });
  return log;
}

async function viewOf(specs: readonly Spec[]): Promise<ProjectionView> {
  return (await project(conversationsProjection, logOf(specs).events)).view('conversations');
}

async function chats(view: ProjectionView, options: ListConversationsOptions): Promise<string[]> {
  return (await listConversations(view, WS, options)).conversations.map((c) => c.chatId);
}

/** Every page, following the cursors. */
async function allPages(view: ProjectionView, options: ListConversationsOptions): Promise<string[][]> {
  const pages: string[][] = [];
  let before: number | undefined;
  for (;;) {
    const page = await listConversations(view, WS, {
      ...options,
      ...(before === undefined ? {} : { before }),
    });
    pages.push(page.conversations.map((c) => c.chatId));
    if (page.nextCursor === null) return pages;
    before = page.nextCursor;
    if (pages.length > 100) throw new Error('cursor does not advance');
  }
}

const team: Spec[] = [
  { chat: 'a', minute: 1 },
  { chat: 'b', minute: 5, assignee: 'u1' },
  { chat: 'c', minute: 3, assignee: 'u2' },
  { chat: 'd', minute: 9, assignee: 'u1', pinned: true },
  { chat: 'e', minute: 7 },
  { chat: 'f', minute: 2, archived: true },
  { chat: 'g', minute: 8, assignee: 'u1', archived: true },
  { chat: 'h', minute: 4, assignee: 'u2', archived: true },
  { chat: 'i' }, // no message: sorted by creation time (long before the messages)
];

describe('conversation queries', () => {
  it('lists the workspace inbox newest first', async () => {
    const view = await viewOf(team);
    expect(await chats(view, { scope: { kind: 'all' } })).toEqual(['d', 'e', 'b', 'c', 'a', 'i']);
    const page = await listConversations(view, WS, { scope: { kind: 'all' } });
    expect(page.nextCursor).toBeNull();
    expect(page.conversations[0]).toMatchObject({ chatId: 'd', isPinned: true, assigneeId: 'u1' });
  });

  it('lists the archived conversations', async () => {
    const view = await viewOf(team);
    expect(await chats(view, { scope: { kind: 'all' }, archived: true })).toEqual(['g', 'h', 'f']);
    expect(await chats(view, { scope: { kind: 'agent', userId: 'u1' }, archived: true })).toEqual(['g', 'f']);
  });

  it("merges an agent's conversations with the unassigned ones", async () => {
    const view = await viewOf(team);
    expect(await chats(view, { scope: { kind: 'agent', userId: 'u1' } })).toEqual(['d', 'e', 'b', 'a', 'i']);
    expect(await chats(view, { scope: { kind: 'agent', userId: 'u2' } })).toEqual(['e', 'c', 'a', 'i']);
    expect(await chats(view, { scope: { kind: 'agent', userId: 'nobody' } })).toEqual(['e', 'a', 'i']);
    expect(await allPages(view, { scope: { kind: 'agent', userId: 'u1' }, limit: 2 })).toEqual([
      ['d', 'e'],
      ['b', 'a'],
      ['i'],
    ]);
  });

  it('pages with a score cursor', async () => {
    const view = await viewOf(team);
    const first = await listConversations(view, WS, { scope: { kind: 'all' }, limit: 4 });
    expect(first.conversations.map((c) => c.chatId)).toEqual(['d', 'e', 'b', 'c']);
    expect(first.nextCursor).toBe(T0 + 3 * 60_000);
    const second = await listConversations(view, WS, {
      scope: { kind: 'all' },
      limit: 4,
      before: first.nextCursor!,
    });
    expect(second.conversations.map((c) => c.chatId)).toEqual(['a', 'i']);
    expect(second.nextCursor).toBeNull();
    // Exactly a page full: no cursor.
    expect((await listConversations(view, WS, { scope: { kind: 'all' }, limit: 6 })).nextCursor).toBeNull();
  });

  it('never splits conversations with the same time across pages', async () => {
    const specs: Spec[] = [
      { chat: 'a', minute: 5 },
      { chat: 'b', minute: 4 },
      { chat: 'c', minute: 4, assignee: 'u1' },
      { chat: 'd', minute: 4 },
      { chat: 'e', minute: 3 },
      { chat: 'f', minute: 2 },
    ];
    const view = await viewOf(specs);
    // The tie group b/c/d would straddle the first page: the page stops before it.
    expect(await allPages(view, { scope: { kind: 'all' }, limit: 2 })).toEqual([
      ['a'],
      ['d', 'c', 'b'],
      ['e', 'f'],
    ]);
    expect(await allPages(view, { scope: { kind: 'agent', userId: 'u1' }, limit: 3 })).toEqual([
      ['a'],
      ['d', 'c', 'b'],
      ['e', 'f'],
    ]);
    const everything = (await allPages(view, { scope: { kind: 'all' }, limit: 1 })).flat();
    expect([...everything].sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('clamps the page size', async () => {
    expect(pageLimit(undefined, DEFAULT_CONVERSATIONS_LIMIT, MAX_CONVERSATIONS_LIMIT)).toBe(100);
    expect(pageLimit(10_000, DEFAULT_CONVERSATIONS_LIMIT, MAX_CONVERSATIONS_LIMIT)).toBe(500);
    expect(pageLimit(0, DEFAULT_CONVERSATIONS_LIMIT, MAX_CONVERSATIONS_LIMIT)).toBe(1);
    expect(pageLimit(2.7, DEFAULT_CONVERSATIONS_LIMIT, MAX_CONVERSATIONS_LIMIT)).toBe(2);
    expect(pageLimit(Number.NaN, DEFAULT_CONVERSATIONS_LIMIT, MAX_CONVERSATIONS_LIMIT)).toBe(100);
    const many = Array.from({ length: 120 }, (_, n): Spec => ({ chat: `c${n}`, minute: n }));
    const view = await viewOf(many);
    const page = await listConversations(view, WS, { scope: { kind: 'all' } });
    expect(page.conversations).toHaveLength(100);
    expect(page.conversations[0]!.chatId).toBe('c119');
    expect(page.nextCursor).toBe(T0 + 20 * 60_000);
  });

  it('reads one conversation and answers empty for an unknown workspace', async () => {
    const view = await viewOf(team);
    expect(await getConversation(view, WS, 'b')).toMatchObject({ chatId: 'b', assigneeId: 'u1' });
    expect(await getConversation(view, WS, 'zzz')).toBeNull();
    expect(await listConversations(view, 'w-empty', { scope: { kind: 'all' } })).toEqual({
      conversations: [],
      nextCursor: null,
    });
  });
});
