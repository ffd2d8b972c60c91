import {
  REMOVED_PLACEHOLDER,
  streams,
  type AtendeEvent,
  type NewEvent,
  type ProjectionDump,
  type ReadModels,
  type StoredEvent,
} from '@atende/events';
import { FieldCipher, MasterKey, SqliteKeyStore } from '@atende/event-store';
import type { Projection } from '../projection.js';
import { applyBatch } from '../runner/apply-batch.js';
import { forEachReadModels } from '../testing/read-model-kinds.js';
import { TestLog, expectReplayStable, project } from '../testing/test-log.js';
import { ANALYTICS_PROJECTION, type ActivityDoc, type DayDoc } from './analytics/index.js';
import {
  CONVERSATIONS_PROJECTION,
  getConversation,
  getWorkspaceStats,
  type ConversationRow,
} from './conversations/index.js';
import { allProjections } from './index.js';
import { MESSAGES_PROJECTION, MESSAGE_IDS_PAGE_SIZE, latestMessages } from './messages/index.js';
import { REPLY_SUGGESTIONS_PROJECTION, lastCustomerMessage, replyPairs } from './reply-suggestions/index.js';

const WS = 'w1';
/** A LID chat id: unlike `{phone}@c.us`, it does not carry the phone (the stream and keys keep it). */
const CHAT = '207650001@lid';
const STREAM = streams.conversation(WS, CHAT);
/** What no read model may hold once Joana is erased. */
const JOANA = ['Joana', '5511988887777', '123.456.789-00', 'pedido 4455', 'joana-rg', 'Rua das Flores'];

/** Appends one customer's conversation events to a log (times ticking a minute per event). */
class Customer {
  private seq = 0;
  readonly stream: string;

  constructor(
    readonly log: TestLog,
    readonly chatId: string,
    readonly name: string,
    readonly phone: string,
  ) {
    this.stream = streams.conversation(WS, chatId);
  }

  event(event: AtendeEvent): StoredEvent {
    return this.log.append(this.stream, event, { workspaceId: WS });
  }

  start(name = this.name): StoredEvent {
    const { chatId, phone } = this;
    const data = {
      chatId,
      sessionId: 's1',
      channel: 'whatsapp' as const,
      customerId: phone,
      type: 'private' as const,
    };
    return this.event({ type: 'ConversationStarted', data: { ...data, customerName: name } });
  }

  inbound(content: string, media?: string): string {
    const messageId = `${this.chatId}:in-${(this.seq += 1)}`;
    this.event({
      type: 'InboundMessageReceived',
      data: {
        messageId,
        chatId: this.chatId,
        sessionId: 's1',
        providerMessageId: `wamid-${messageId}`,
        content,
        type: media ? 'image' : 'text',
        mediaUrl: media ?? null,
        mediaStatus: media ? 'pending' : 'none',
        senderName: this.name,
        senderPhone: this.phone,
        timestamp: new Date(Date.parse('2026-11-02T12:00:00Z') + this.seq * 60_000).toISOString(),
      },
    });
    return messageId;
  }

  outbound(content: string): string {
    const messageId = `${this.chatId}:out-${(this.seq += 1)}`;
    this.event({
      type: 'OutboundMessageRequested',
      data: {
        messageId,
        chatId: this.chatId,
        sessionId: 's1',
        agentId: 'a1',
        content,
        type: 'text',
        timestamp: new Date(Date.parse('2026-11-02T12:00:00Z') + this.seq * 60_000).toISOString(),
      },
    });
    return messageId;
  }

  erase(): StoredEvent {
    return this.event({ type: 'ContactDataErased', data: { byUserId: 'owner' } });
  }
}

/** Joana's conversation (every kind of personal field) next to Pedro's, then Joana's erasure. */
function erasureLog(): { log: TestLog; joana: Customer; pedro: Customer } {
  const log = new TestLog();
  const joana = new Customer(log, CHAT, 'Joana Sigilosa', '5511988887777');
  const pedro = new Customer(log, '5511977776666@c.us', 'Pedro Outro', '5511977776666');
  joana.start();
  joana.inbound('Meu CPF é 123.456.789-00');
  pedro.start();
  pedro.inbound('Quero um orçamento');
  const reply = joana.outbound('Joana, seu pedido 4455 sai hoje');
  joana.event({ type: 'OutboundMessageSent', data: { messageId: reply, providerMessageId: 'wamid-out' } });
  joana.event({ type: 'MessageDeliveryUpdated', data: { messageId: reply, status: 'read' } });
  const photo = joana.inbound('', 'https://media.example/joana-rg.jpg');
  joana.event({
    type: 'MessageMediaStored',
    data: { messageId: photo, mediaUrl: '/api/media/w1/joana-rg.jpg' },
  });
  pedro.outbound('Claro, Pedro, já envio');
  joana.event({ type: 'ConversationAssigned', data: { assigneeId: 'a1', byUserId: 'a1' } });
  joana.inbound('Moro na Rua das Flores 12');
  joana.event({ type: 'ConversationRead', data: { readerId: 'a1', upToMessageId: null, count: 3 } });
  joana.outbound('Obrigado, Joana!');
  joana.event({ type: 'ConversationRated', data: { rating: 5, byUserId: 'a1' } });
  joana.inbound('Mais uma dúvida, Joana aqui');
  joana.event({ type: 'ConversationArchived', data: { byUserId: 'a1' } });
  joana.erase();
  return { log, joana, pedro };
}

/**
 * The log as a rebuild reads it after the erasures of `stream`: its events up to the last
 * ContactDataErased sealed with the contact's key (the real FieldCipher), the key destroyed, opened.
 */
async function readBackErased(events: readonly StoredEvent[], stream = STREAM): Promise<StoredEvent[]> {
  const keys = new SqliteKeyStore(':memory:', MasterKey.random());
  const cipher = new FieldCipher(keys);
  const last = events.findLastIndex((e) => e.streamId === stream && e.type === 'ContactDataErased');
  const stored: StoredEvent[] = [];
  for (const [i, event] of events.entries()) {
    if (event.streamId !== stream || i > last) {
      stored.push(event);
      continue;
    }
    const { type, data, metadata } = event;
    const [sealed] = await cipher.seal(stream, [{ type, data, metadata } as NewEvent]);
    stored.push({ ...event, data: sealed!.data });
  }
  await cipher.destroyContact(WS, stream);
  const opened = await cipher.open(stored);
  await keys.close();
  return opened;
}

const byName = (name: string): Projection => allProjections.find((p) => p.name === name)!;

/** Applies the events one batch each, as the live projector meets them. */
async function applyLive(
  readModels: ReadModels,
  projections: readonly Projection[],
  events: readonly StoredEvent[],
): Promise<void> {
  for (const p of projections) {
    const writer = readModels.writer(p.name);
    for (const event of events) await applyBatch(p, writer, [event]);
  }
}

/** A rebuild: every event in one batch per projection. */
async function applyRebuild(
  readModels: ReadModels,
  projections: readonly Projection[],
  events: readonly StoredEvent[],
): Promise<void> {
  for (const p of projections) await applyBatch(p, readModels.writer(p.name), events);
}

type Dumps = Record<string, Omit<ProjectionDump, 'checkpoint'>>;

async function dumps(readModels: ReadModels, projections: readonly Projection[]): Promise<Dumps> {
  const out: Dumps = {};
  for (const p of projections) {
    const { docs, indexes } = await readModels.view(p.name).dump();
    out[p.name] = { docs, indexes };
  }
  return out;
}

function plaintextIn(dump: unknown, secrets: readonly string[]): string[] {
  const text = JSON.stringify(dump);
  return secrets.filter((s) => text.includes(s));
}

forEachReadModels((kind, make) => {
  describe(`contact erasure (LGPD), ${kind}`, () => {
    /** Live (real values, one batch per event) and rebuilt (placeholders, one batch) read models. */
    async function liveAndRebuilt(events: readonly StoredEvent[], projections = allProjections) {
      const [live, rebuilt] = [await make(), await make()];
      try {
        await applyLive(live.readModels, projections, events);
        await applyRebuild(rebuilt.readModels, projections, await readBackErased(events));
        return {
          live: await dumps(live.readModels, projections),
          rebuilt: await dumps(rebuilt.readModels, projections),
        };
      } finally {
        await live.cleanup();
        await rebuilt.cleanup();
      }
    }

    it('live and rebuilt read models agree and hold nothing of the erased customer', async () => {
      const { log } = erasureLog();
      const readBack = await readBackErased(log.events);
      expect(plaintextIn(readBack, JOANA)).toEqual([]); // the rebuild's input: placeholders only
      const { live, rebuilt } = await liveAndRebuilt(log.events);
      expect(plaintextIn(live, JOANA)).toEqual([]);
      for (const name of allProjections.map((p) => p.name))
        expect([name, live[name]]).toEqual([name, rebuilt[name]]);
      // Pedro's conversation keeps everything.
      expect(plaintextIn(live, ['Pedro Outro', 'Quero um orçamento', 'Claro, Pedro'])).toHaveLength(3);
    });

    it('a conversation erased twice (after starting afresh) still rebuilds as it was live', async () => {
      const { log, joana } = erasureLog();
      joana.start('Joana Nova');
      joana.inbound('Voltei, Joana de novo');
      joana.outbound('Bem-vinda de volta, Joana');
      joana.erase();
      const { live, rebuilt } = await liveAndRebuilt(log.events);
      expect(plaintextIn(live, [...JOANA, 'Voltei'])).toEqual([]);
      expect(live).toEqual(rebuilt);
    });

    it('rewrites every message of a long conversation (ids listed in pages)', async () => {
      const log = new TestLog();
      const joana = new Customer(log, CHAT, 'Joana Sigilosa', '5511988887777');
      joana.start();
      for (let i = 0; i < MESSAGE_IDS_PAGE_SIZE * 2 + 5; i += 1) joana.inbound(`Rua das Flores ${i}`);
      joana.erase();
      const { live, rebuilt } = await liveAndRebuilt(log.events, [byName(MESSAGES_PROJECTION)]);
      expect(plaintextIn(live[MESSAGES_PROJECTION], JOANA)).toEqual([]);
      expect(live[MESSAGES_PROJECTION]).toEqual(rebuilt[MESSAGES_PROJECTION]);
    });
  });
});

describe('contact erasure (LGPD), per projection', () => {
  const { log } = erasureLog();
  const beforeErasure = log.events.slice(0, -1);
  const viewOf = async (events: readonly StoredEvent[], name: string) =>
    (await project(byName(name), events)).view(name);

  it('conversations: personal fields as placeholders, the rest as it was', async () => {
    const before = await getConversation(await viewOf(beforeErasure, CONVERSATIONS_PROJECTION), WS, CHAT);
    const after = await getConversation(await viewOf(log.events, CONVERSATIONS_PROJECTION), WS, CHAT);
    expect(after).toEqual<ConversationRow>({
      ...before!,
      customerName: REMOVED_PLACEHOLDER,
      customerId: REMOVED_PLACEHOLDER,
      lastMessage: REMOVED_PLACEHOLDER,
      profilePic: null,
      erased: true,
      updatedAt: log.events.at(-1)!.metadata.occurredAt,
    });
    expect(after).toMatchObject({
      messageCount: 6,
      unreadCount: 1,
      rating: 5,
      assigneeId: 'a1',
      isArchived: true,
    });
  });

  it('messages: texts, names, phones and media of the conversation dropped, agents named', async () => {
    const { messages } = await latestMessages(await viewOf(log.events, MESSAGES_PROJECTION), WS, CHAT);
    expect(messages).toHaveLength(6);
    for (const m of messages) {
      expect(m).toMatchObject({ content: REMOVED_PLACEHOLDER, mediaUrl: null });
      expect([m.senderName, m.senderPhone]).toEqual(
        m.fromMe ? ['Atendente', ''] : [REMOVED_PLACEHOLDER, REMOVED_PLACEHOLDER],
      );
    }
    expect(messages.map((m) => [m.status, m.mediaStatus])).toEqual([
      ['read', 'none'],
      ['read', 'none'],
      ['read', 'stored'],
      ['read', 'none'],
      ['sent', 'none'],
      ['delivered', 'none'],
    ]);
  });

  it("reply suggestions: the conversation's pairs and last text dropped, the ring's numbering kept", async () => {
    const view = await viewOf(log.events, REPLY_SUGGESTIONS_PROJECTION);
    expect(await lastCustomerMessage(view, WS, CHAT)).toBeUndefined();
    expect((await replyPairs(view, WS)).map((p) => [p.n, p.question, p.answer])).toEqual([
      [1, 'Quero um orçamento', 'Claro, Pedro, já envio'],
    ]);
  });

  it('analytics: totals unchanged, the name gone from the activity feed', async () => {
    const before = await (await viewOf(beforeErasure, ANALYTICS_PROJECTION)).dump();
    const after = await (await viewOf(log.events, ANALYTICS_PROJECTION)).dump();
    expect(after.docs['day']).toEqual(before.docs['day']);
    expect(after.docs['agent-day']).toEqual(before.docs['agent-day']);
    const feed = (after.docs['activity']![WS] as ActivityDoc).entries;
    expect(feed.filter((e) => e.chatId === CHAT).map((e) => [e.kind, e.customerName])).toEqual([
      ['conversation-resolved', REMOVED_PLACEHOLDER],
      ['conversation-rated', REMOVED_PLACEHOLDER],
      ['conversation-started', REMOVED_PLACEHOLDER],
    ]);
    expect(Object.values(after.docs['day']!).map((d) => (d as DayDoc).inbound)).toEqual([5]);
  });

  it('starts afresh when the phone writes again: the new name and message, a fresh row', async () => {
    const { log: again, joana } = erasureLog();
    joana.start('Joana Nova');
    joana.inbound('Voltei!');
    const row = await getConversation(await viewOf(again.events, CONVERSATIONS_PROJECTION), WS, CHAT);
    expect(row).toMatchObject({
      customerName: 'Joana Nova',
      customerId: '5511988887777',
      lastMessage: 'Voltei!',
      lastMessageFromMe: false,
      messageCount: 7,
      unreadCount: 1,
      isArchived: false,
      status: 'active',
      assigneeId: null,
      rating: null,
    });
    expect(row).not.toHaveProperty('erased');
    const stats = await getWorkspaceStats(await viewOf(again.events, CONVERSATIONS_PROJECTION), WS);
    expect(stats).toMatchObject({ totalConversations: 2, activeConversations: 2, unreadTotal: 2 });
    const { messages } = await latestMessages(await viewOf(again.events, MESSAGES_PROJECTION), WS, CHAT);
    expect(messages.map((m) => m.content)).toEqual([
      ...Array<string>(6).fill(REMOVED_PLACEHOLDER),
      'Voltei!',
    ]);
    const suggestions = await viewOf(again.events, REPLY_SUGGESTIONS_PROJECTION);
    expect(await lastCustomerMessage(suggestions, WS, CHAT)).toMatchObject({
      text: 'Voltei!',
      agentReplies: 0,
    });
    // Replays (in any batch size) give the same read models.
    for (const name of [
      CONVERSATIONS_PROJECTION,
      MESSAGES_PROJECTION,
      REPLY_SUGGESTIONS_PROJECTION,
      ANALYTICS_PROJECTION,
    ]) {
      await expectReplayStable(byName(name), again.events);
    }
  });
});
