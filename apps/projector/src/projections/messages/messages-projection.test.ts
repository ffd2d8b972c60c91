import { REMOVED_PLACEHOLDER, streams, type StoredEvent } from '@atende/events';
import { MemoryReadModels } from '@atende/read-models';
import { applyBatch } from '../../runner/apply-batch.js';
import { TestLog, expectReplayStable, project } from '../../testing/test-log.js';
import {
  AGENT_SENDER_NAME,
  SEND_FAILED_TEXT,
  CHAT_MESSAGE_IDS_COLLECTION,
  CHAT_MESSAGE_PAGE_COLLECTION,
  CHAT_READ_COLLECTION,
  MESSAGE_IDS_PAGE_SIZE,
  chatMessageIdsKey,
  chatMessagePageKey,
  chatMessagesIndex,
  type ChatMessageIdsDoc,
  type ChatMessagePageDoc,
  type MessageRow,
} from './message-row.js';
import { messagesProjection } from './messages-projection.js';
import { getMessage } from './queries.js';

const WS = 'w1';
const CHAT = '5511999990001@c.us';
const T0 = Date.parse('2026-11-02T12:00:00.000Z');
const at = (minute: number) => new Date(T0 + minute * 60_000).toISOString();

type EventInput = Parameters<TestLog['append']>[1];

/** Appends conversation events for one chat of one workspace. */
class Chat {
  readonly stream: string;

  constructor(
    readonly log: TestLog,
    readonly chatId = CHAT,
    readonly ws = WS,
  ) {
    this.stream = streams.conversation(ws, chatId);
  }

  start(minute: number): StoredEvent {
    return this.event(minute, {
      type: 'ConversationStarted',
      data: {
        chatId: this.chatId,
        sessionId: 's1',
        channel: 'whatsapp',
        customerId: '5511999990001',
        customerName: 'Maria Souza',
        type: 'private',
      },
    });
  }

  inbound(
    minute: number,
    messageId: string,
    opts: { content?: string; type?: 'text' | 'image'; messageTime?: string } = {},
  ): StoredEvent {
    const media = opts.type === 'image';
    return this.event(minute, {
      type: 'InboundMessageReceived',
      data: {
        messageId,
        chatId: this.chatId,
        sessionId: 's1',
        providerMessageId: `p-${messageId}`,
        content: opts.content ?? `texto ${messageId}`,
        type: opts.type ?? 'text',
        mediaUrl: media ? 'https://provider.example/tmp.jpg' : null,
        mediaStatus: media ? 'pending' : 'none',
        senderName: 'Maria Souza',
        senderPhone: '5511999990001',
        timestamp: opts.messageTime ?? at(minute),
      },
    });
  }

  outbound(
    minute: number,
    messageId: string,
    content = 'Bom dia!',
    media: Record<string, unknown> = { type: 'text' },
  ): StoredEvent {
    return this.log.append(
      this.stream,
      {
        type: 'OutboundMessageRequested',
        data: {
          messageId,
          chatId: this.chatId,
          sessionId: 's1',
          agentId: 'u-agent',
          content,
          type: 'text',
          timestamp: at(minute),
          ...media,
        },
      },
      { workspaceId: this.ws, actorId: 'u-agent', at: at(minute) },
    );
  }

  sent(minute: number, messageId: string): StoredEvent {
    return this.event(minute, {
      type: 'OutboundMessageSent',
      data: { messageId, providerMessageId: `wa-${messageId}` },
    });
  }

  ack(minute: number, messageId: string, status: 'delivered' | 'read'): StoredEvent {
    return this.event(minute, { type: 'MessageDeliveryUpdated', data: { messageId, status } });
  }

  failed(minute: number, messageId: string): StoredEvent {
    return this.event(minute, { type: 'OutboundMessageFailed', data: { messageId, error: 'ETIMEDOUT' } });
  }

  read(minute: number): StoredEvent {
    return this.event(minute, {
      type: 'ConversationRead',
      data: { readerId: 'u-agent', upToMessageId: null, count: 1 },
    });
  }

  event(minute: number, event: EventInput): StoredEvent {
    return this.log.append(this.stream, event, { workspaceId: this.ws, at: at(minute) });
  }
}

async function messageOf(
  readModels: MemoryReadModels,
  messageId: string,
  chatId = CHAT,
  ws = WS,
): Promise<MessageRow | null> {
  return getMessage(readModels.view('messages'), ws, chatId, messageId);
}

async function statuses(readModels: MemoryReadModels, ...ids: string[]): Promise<(string | undefined)[]> {
  return Promise.all(ids.map(async (id) => (await messageOf(readModels, id))?.status));
}

/** A log touching every event type, in two workspaces and three chats. */
function richLog(): TestLog {
  const log = new TestLog();
  const a = new Chat(log);
  const b = new Chat(log, '5511999990002@c.us');
  const other = new Chat(log, CHAT, 'w2');
  a.start(0);
  a.inbound(1, 'i1');
  b.start(2);
  b.inbound(3, 'i1', { type: 'image', content: '' });
  a.outbound(4, 'o1');
  a.sent(5, 'o1');
  a.ack(6, 'o1', 'delivered');
  a.inbound(7, 'i2');
  b.event(8, { type: 'MessageMediaStored', data: { messageId: 'i1', mediaUrl: 'https://cdn/i1.jpg' } });
  a.read(9);
  other.start(10);
  other.inbound(11, 'i1');
  a.ack(12, 'o1', 'read');
  a.ack(13, 'o1', 'delivered');
  b.outbound(14, 'o1');
  b.failed(15, 'o1');
  a.inbound(16, 'i3', { messageTime: at(0) });
  a.event(17, { type: 'MessageMediaFailed', data: { messageId: 'i3', error: 'x', attempt: 0 } });
  b.read(18);
  a.ack(19, 'ghost', 'read');
  a.outbound(20, 'o2');
  a.ack(21, 'o2', 'read');
  a.sent(22, 'o2');
  return log;
}

describe('messages projection', () => {
  it('stores an inbound message as delivered', async () => {
    const log = new TestLog();
    const chat = new Chat(log);
    chat.start(0);
    const event = chat.inbound(1, 'm1', { content: 'Olá', messageTime: '2026-11-02T09:01:00-03:00' });
    const rm = await project(messagesProjection, log.events);
    expect(await messageOf(rm, 'm1')).toEqual<MessageRow>({
      id: 'm1',
      conversationId: CHAT,
      workspaceId: WS,
      content: 'Olá',
      sender: 'customer',
      senderName: 'Maria Souza',
      senderPhone: '5511999990001',
      fromMe: false,
      agentId: null,
      timestamp: at(1),
      createdAt: at(1),
      type: 'text',
      status: 'delivered',
      mediaUrl: null,
      mediaStatus: 'none',
      fileName: null,
      providerMessageId: 'p-m1',
      sentAt: null,
      error: null,
      position: event.globalPosition,
    });
    expect(await rm.view('messages').range(chatMessagesIndex(WS, CHAT))).toEqual([
      { id: `${WS}:${CHAT}:m1`, score: event.globalPosition },
    ]);
  });

  it('stores an outbound message as sent, then records the provider id', async () => {
    const log = new TestLog();
    const chat = new Chat(log);
    chat.start(0);
    const requested = chat.outbound(1, 'o1', 'Posso ajudar?');
    let rm = await project(messagesProjection, log.events);
    expect(await messageOf(rm, 'o1')).toEqual<MessageRow>({
      id: 'o1',
      conversationId: CHAT,
      workspaceId: WS,
      content: 'Posso ajudar?',
      sender: 'agent',
      senderName: AGENT_SENDER_NAME,
      senderPhone: '',
      fromMe: true,
      agentId: 'u-agent',
      timestamp: at(1),
      createdAt: at(1),
      type: 'text',
      status: 'sent',
      mediaUrl: null,
      mediaStatus: 'none',
      fileName: null,
      providerMessageId: null,
      sentAt: null,
      error: null,
      position: requested.globalPosition,
    });
    chat.sent(2, 'o1');
    rm = await project(messagesProjection, log.events);
    expect(await messageOf(rm, 'o1')).toMatchObject({
      status: 'sent',
      providerMessageId: 'wa-o1',
      sentAt: at(2),
    });
  });

  it("stores an agent's file as a stored media message with its name", async () => {
    const log = new TestLog();
    const chat = new Chat(log);
    chat.start(0);
    chat.outbound(1, 'o-doc', '', {
      type: 'document',
      mediaUrl: '/api/media/s1/out-1.pdf',
      mimeType: 'application/pdf',
      fileName: 'contrato.pdf',
      mediaSize: 10,
      mediaSha256: 'a'.repeat(64),
    });
    const rm = await project(messagesProjection, log.events);
    expect(await messageOf(rm, 'o-doc')).toMatchObject({
      type: 'document',
      content: '',
      mediaUrl: '/api/media/s1/out-1.pdf',
      mediaStatus: 'stored',
      fileName: 'contrato.pdf',
      status: 'sent',
    });
  });

  it('advances delivery sent → delivered → read and never back', async () => {
    const log = new TestLog();
    const chat = new Chat(log);
    chat.start(0);
    chat.outbound(1, 'o1');
    chat.sent(2, 'o1');
    chat.ack(3, 'o1', 'delivered');
    let rm = await project(messagesProjection, log.events);
    expect(await statuses(rm, 'o1')).toEqual(['delivered']);
    chat.ack(4, 'o1', 'read');
    chat.ack(5, 'o1', 'delivered');
    rm = await project(messagesProjection, log.events);
    expect(await statuses(rm, 'o1')).toEqual(['read']);
  });

  it('keeps an ack that arrived before the send confirmation', async () => {
    const log = new TestLog();
    const chat = new Chat(log);
    chat.start(0);
    chat.outbound(1, 'o1');
    chat.ack(2, 'o1', 'read');
    chat.sent(3, 'o1');
    const rm = await project(messagesProjection, log.events);
    expect(await messageOf(rm, 'o1')).toMatchObject({
      status: 'read',
      providerMessageId: 'wa-o1',
      sentAt: at(3),
    });
  });

  it('marks a failed send with the spec text, and only a message not sent yet', async () => {
    const log = new TestLog();
    const chat = new Chat(log);
    chat.start(0);
    chat.outbound(1, 'o1');
    chat.failed(2, 'o1');
    chat.outbound(3, 'o2');
    chat.sent(4, 'o2');
    chat.failed(5, 'o2');
    let rm = await project(messagesProjection, log.events);
    expect(SEND_FAILED_TEXT).toBe('Erro ao enviar mensagem');
    expect(await messageOf(rm, 'o1')).toMatchObject({ status: 'failed', error: SEND_FAILED_TEXT });
    expect(await messageOf(rm, 'o2')).toMatchObject({ status: 'sent', error: null });
    // A late confirmation proves it went out.
    chat.sent(6, 'o1');
    rm = await project(messagesProjection, log.events);
    expect(await messageOf(rm, 'o1')).toMatchObject({
      status: 'sent',
      error: null,
      providerMessageId: 'wa-o1',
    });
  });

  it('records stored and failed media', async () => {
    const log = new TestLog();
    const chat = new Chat(log);
    chat.start(0);
    chat.inbound(1, 'img', { type: 'image', content: '' });
    chat.inbound(2, 'img2', { type: 'image', content: 'legenda' });
    let rm = await project(messagesProjection, log.events);
    expect(await messageOf(rm, 'img')).toMatchObject({
      type: 'image',
      content: '',
      mediaUrl: 'https://provider.example/tmp.jpg',
      mediaStatus: 'pending',
    });
    chat.event(3, {
      type: 'MessageMediaStored',
      data: { messageId: 'img', mediaUrl: 'https://cdn/img.jpg' },
    });
    chat.event(4, { type: 'MessageMediaFailed', data: { messageId: 'img', error: 'late', attempt: 0 } });
    chat.event(5, { type: 'MessageMediaFailed', data: { messageId: 'img2', error: '404', attempt: 0 } });
    rm = await project(messagesProjection, log.events);
    expect(await messageOf(rm, 'img')).toMatchObject({
      mediaUrl: 'https://cdn/img.jpg',
      mediaStatus: 'stored',
    });
    expect(await messageOf(rm, 'img2')).toMatchObject({
      mediaUrl: 'https://provider.example/tmp.jpg',
      mediaStatus: 'failed',
      error: null,
    });
    // An agent retries: pending again, then stored; a retry of a stored one changes nothing.
    const retry = (messageId: string, attempt: number) => ({
      type: 'MessageMediaRetryRequested' as const,
      data: { messageId, sessionId: 's1', providerMessageId: `p-${messageId}`, attempt, byUserId: 'ana' },
    });
    chat.event(6, retry('img2', 1));
    chat.event(7, retry('img', 1));
    rm = await project(messagesProjection, log.events);
    expect(await messageOf(rm, 'img2')).toMatchObject({ mediaStatus: 'pending' });
    expect(await messageOf(rm, 'img')).toMatchObject({ mediaStatus: 'stored' });
    chat.event(8, {
      type: 'MessageMediaStored',
      data: { messageId: 'img2', mediaUrl: '/api/media/s1/img2.jpg' },
    });
    rm = await project(messagesProjection, log.events);
    expect(await messageOf(rm, 'img2')).toMatchObject({
      mediaStatus: 'stored',
      mediaUrl: '/api/media/s1/img2.jpg',
    });
    await expectReplayStable(messagesProjection, log.events);
  });

  it('marks the inbound messages still delivered as read when the conversation is read', async () => {
    const log = new TestLog();
    const chat = new Chat(log);
    const other = new Chat(log, 'other@c.us');
    chat.start(0);
    other.start(0);
    chat.inbound(1, 'i1');
    chat.inbound(2, 'i2');
    other.inbound(2, 'x1');
    chat.outbound(3, 'o1');
    chat.sent(3, 'o1');
    chat.ack(3, 'o1', 'delivered');
    chat.read(4);
    chat.inbound(5, 'i3');
    let rm = await project(messagesProjection, log.events);
    expect(await statuses(rm, 'i1', 'i2', 'o1', 'i3')).toEqual(['read', 'read', 'delivered', 'delivered']);
    expect((await messageOf(rm, 'x1', 'other@c.us'))!.status).toBe('delivered');
    // One number per conversation records the read, not a rewrite of every message.
    const readState = await rm
      .view('messages')
      .get<{ readUpTo: number }>(CHAT_READ_COLLECTION, `${WS}:${CHAT}`);
    expect(readState!.readUpTo).toBeGreaterThan(0);
    chat.read(6);
    chat.read(7); // nothing left to read
    rm = await project(messagesProjection, log.events);
    expect(await statuses(rm, 'i1', 'i2', 'o1', 'i3')).toEqual(['read', 'read', 'delivered', 'read']);
  });

  it('marks reads correctly when unread lists span batches', async () => {
    const log = new TestLog();
    const chat = new Chat(log);
    chat.start(0);
    for (let n = 1; n <= 6; n += 1) chat.inbound(n, `i${n}`);
    chat.read(7);
    chat.inbound(8, 'i7');
    const live = new MemoryReadModels({ freezeDocs: true });
    const writer = live.writer('messages');
    for (const slice of [log.events.slice(0, 3), log.events.slice(3, 5), log.events.slice(5)]) {
      await applyBatch(messagesProjection, writer, slice);
    }
    expect(await statuses(live, 'i1', 'i2', 'i3', 'i4', 'i5', 'i6', 'i7')).toEqual([
      'read',
      'read',
      'read',
      'read',
      'read',
      'read',
      'delivered',
    ]);
  });

  it('reads a long run of unread messages at once, and only those before the read', async () => {
    const log = new TestLog();
    const chat = new Chat(log);
    chat.start(0);
    const total = 300;
    for (let n = 1; n <= total; n += 1) chat.inbound(1, `i${n}`);
    let rm = await project(messagesProjection, log.events);
    expect((await messageOf(rm, 'i1'))!.status).toBe('delivered');
    chat.read(2);
    chat.inbound(3, 'after');
    rm = await project(messagesProjection, log.events);
    const rows = await Promise.all(Array.from({ length: total }, (_, i) => messageOf(rm, `i${i + 1}`)));
    expect(rows.every((row) => row?.status === 'read')).toBe(true);
    expect((await messageOf(rm, 'after'))!.status).toBe('delivered');

    // Live in small batches gives the same.
    const live = new MemoryReadModels({ freezeDocs: true });
    const writer = live.writer('messages');
    for (let i = 0; i < log.events.length; i += 37) {
      await applyBatch(messagesProjection, writer, log.events.slice(i, i + 37));
    }
    expect(await live.view('messages').dump()).toEqual(await rm.view('messages').dump());
  });

  it('ignores duplicates and events for messages it never saw', async () => {
    const log = new TestLog();
    const chat = new Chat(log);
    chat.start(0);
    const first = chat.inbound(1, 'm1', { content: 'primeira' });
    chat.inbound(2, 'm1', { content: 'repetida' });
    chat.outbound(3, 'm1', 'colide');
    chat.sent(4, 'ghost');
    chat.ack(5, 'ghost', 'read');
    chat.failed(6, 'ghost');
    chat.event(7, { type: 'MessageMediaStored', data: { messageId: 'ghost', mediaUrl: 'https://x/y' } });
    chat.event(8, { type: 'MessageMediaFailed', data: { messageId: 'ghost', error: 'x', attempt: 0 } });
    new Chat(log, 'never-started@c.us').read(9);
    const rm = await project(messagesProjection, log.events);
    expect(await messageOf(rm, 'm1')).toMatchObject({ content: 'primeira', position: first.globalPosition });
    expect(await messageOf(rm, 'ghost')).toBeNull();
    const dump = await rm.view('messages').dump();
    expect(Object.keys(dump.docs['message']!)).toEqual([`${WS}:${CHAT}:m1`]);
    expect(dump.checkpoint).toBe(log.events.length);
  });

  it('keeps workspaces and conversations apart', async () => {
    const rm = await project(messagesProjection, richLog().events);
    const view = rm.view('messages');
    expect(await getMessage(view, 'w2', CHAT, 'i1')).toMatchObject({
      workspaceId: 'w2',
      status: 'delivered',
    });
    expect(await getMessage(view, WS, CHAT, 'i1')).toMatchObject({ workspaceId: WS, status: 'read' });
    expect(await getMessage(view, WS, '5511999990002@c.us', 'i1')).toMatchObject({
      status: 'read',
      mediaStatus: 'stored',
      mediaUrl: 'https://cdn/i1.jpg',
    });
    expect(await statuses(rm, 'o1', 'i2', 'i3', 'o2')).toEqual(['read', 'read', 'delivered', 'read']);
    expect(await messageOf(rm, 'i3')).toMatchObject({ mediaStatus: 'failed', timestamp: at(0) });
    expect(await getMessage(view, WS, '5511999990002@c.us', 'o1')).toMatchObject({
      status: 'failed',
      error: SEND_FAILED_TEXT,
    });
    expect((await view.range(chatMessagesIndex(WS, CHAT))).map((e) => e.id.split(':').pop())).toEqual([
      'i1',
      'o1',
      'i2',
      'i3',
      'o2',
    ]);
  });

  it('pages a list of message ids longer than a page (as pages of 128 left it), and an erasure reaches them all', async () => {
    const log = new TestLog();
    const chat = new Chat(log);
    chat.start(0);
    const ids = Array.from({ length: MESSAGE_IDS_PAGE_SIZE * 2 + 8 }, (_, i) => `m${i}`);
    for (const id of ids) chat.inbound(1, id);
    const readModels = await project(messagesProjection, log.events);
    // Rewritten as code with pages of 128 ids left it: every id still in the conversation's list.
    const old = await readModels.writer(messagesProjection.name).beginBatch();
    old.put(CHAT_MESSAGE_IDS_COLLECTION, chatMessageIdsKey(WS, CHAT), {
      pages: 0,
      ids,
    } satisfies ChatMessageIdsDoc);
    for (let page = 0; page < 2; page += 1)
      old.delete(CHAT_MESSAGE_PAGE_COLLECTION, chatMessagePageKey(WS, CHAT, page));
    await old.commit(old.baseCheckpoint);

    const next = [
      chat.inbound(2, 'm-next'),
      chat.event(3, { type: 'ContactDataErased', data: { byUserId: 'owner' } }),
    ];
    await project(messagesProjection, next, readModels);

    const view = readModels.view(messagesProjection.name);
    const page = await view.get<ChatMessagePageDoc>(
      CHAT_MESSAGE_PAGE_COLLECTION,
      chatMessagePageKey(WS, CHAT, 0),
    );
    expect(page?.ids).toEqual([...ids, 'm-next']);
    expect(await view.get(CHAT_MESSAGE_IDS_COLLECTION, chatMessageIdsKey(WS, CHAT))).toEqual({
      pages: 1,
      ids: [],
    });
    for (const id of [...ids, 'm-next']) {
      expect((await getMessage(view, WS, CHAT, id))?.content).toBe(REMOVED_PLACEHOLDER);
    }
  });

  it('changes nothing when the same events are projected twice, and equals live in overlapping batches', async () => {
    // Overlapping deliveries, as after a reconnect: already applied positions are skipped.
    await expectReplayStable(messagesProjection, richLog().events, {
      sizes: [1, 2, 3, 7],
      overlap: 2,
      prefix: 12,
    });
  });
});
