import { streams, type ProjectionView } from '@atende/events';
import { TestLog, project } from '../../testing/test-log.js';
import { messagesProjection } from './messages-projection.js';
import { getMessage, latestMessages } from './queries.js';

const WS = 'w1';
const CHAT = '5511999990001@c.us';

/** A conversation with `count` messages m1..mN (inbound and outbound alternating), plus another chat. */
async function viewWith(count: number): Promise<{ view: ProjectionView; positions: Map<string, number> }> {
  const log = new TestLog();
  const stream = streams.conversation(WS, CHAT);
  const positions = new Map<string, number>();
  const ctx = { workspaceId: WS };
  log.append(
    stream,
    {
      type: 'ConversationStarted',
      data: {
        chatId: CHAT,
        sessionId: 's1',
        channel: 'whatsapp',
        customerId: '5511999990001',
        customerName: 'Maria',
        type: 'private',
      },
    },
    ctx,
  );
  for (let n = 1; n <= count; n += 1) {
    const messageId = `m${n}`;
    // Message times go backwards: the order is the log's, not the message clock's.
    const timestamp = new Date(Date.UTC(2026, 10, 2, 12, 0, 0) - n * 1000).toISOString();
    const event =
      n % 2 === 1
        ? log.append(
            stream,
            {
              type: 'InboundMessageReceived',
              data: {
                messageId,
                chatId: CHAT,
                sessionId: 's1',
                providerMessageId: `p${n}`,
                content: `mensagem ${n}`,
                type: 'text',
                mediaUrl: null,
                mediaStatus: 'none',
                senderName: 'Maria',
                senderPhone: '5511999990001',
                timestamp,
              },
            },
            ctx,
          )
        : log.append(
            stream,
            {
              type: 'OutboundMessageRequested',
              data: {
                messageId,
                chatId: CHAT,
                sessionId: 's1',
                agentId: 'u1',
                content: `resposta ${n}`,
                type: 'text',
                timestamp,
              },
            },
            ctx,
          );
    positions.set(messageId, event.globalPosition);
    // Another chat interleaved.
    log.append(
      streams.conversation(WS, 'other@c.us'),
      { type: 'OutboundMessageSent', data: { messageId: 'x', providerMessageId: 'y' } },
      ctx,
    );
  }
  const rm = await project(messagesProjection, log.events);
  return { view: rm.view('messages'), positions };
}

const ids = (page: { messages: { id: string }[] }) => page.messages.map((m) => m.id);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `m${from + i}`);

describe('message queries', () => {
  it('returns the latest 100 messages oldest first, with a cursor to older ones', async () => {
    const { view, positions } = await viewWith(230);
    const first = await latestMessages(view, WS, CHAT);
    expect(ids(first)).toEqual(range(131, 230));
    expect(first.nextCursor).toBe(positions.get('m131'));
    const second = await latestMessages(view, WS, CHAT, { before: first.nextCursor! });
    expect(ids(second)).toEqual(range(31, 130));
    const third = await latestMessages(view, WS, CHAT, { before: second.nextCursor! });
    expect(ids(third)).toEqual(range(1, 30));
    expect(third.nextCursor).toBeNull();
  });

  it('honours the limit, capped at 500', async () => {
    const { view } = await viewWith(520);
    expect(ids(await latestMessages(view, WS, CHAT, { limit: 3 }))).toEqual(['m518', 'm519', 'm520']);
    expect((await latestMessages(view, WS, CHAT, { limit: 10_000 })).messages).toHaveLength(500);
    const exact = await latestMessages(view, WS, CHAT, { limit: 520 });
    expect(exact.messages).toHaveLength(500);
    expect(exact.nextCursor).not.toBeNull();
  });

  it('gives no cursor when the page holds everything', async () => {
    const { view } = await viewWith(4);
    expect(await latestMessages(view, WS, CHAT, { limit: 4 })).toMatchObject({ nextCursor: null });
    expect(ids(await latestMessages(view, WS, CHAT, { limit: 4 }))).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(await latestMessages(view, WS, 'unknown@c.us')).toEqual({ messages: [], nextCursor: null });
    expect(await latestMessages(view, WS, CHAT, { before: 1 })).toEqual({ messages: [], nextCursor: null });
  });

  it('reads one message', async () => {
    const { view } = await viewWith(2);
    expect(await getMessage(view, WS, CHAT, 'm2')).toMatchObject({
      id: 'm2',
      fromMe: true,
      content: 'resposta 2',
    });
    expect(await getMessage(view, WS, CHAT, 'nope')).toBeNull();
    expect(await getMessage(view, 'w2', CHAT, 'm2')).toBeNull();
  });
});
