import { pino } from 'pino';
import { createSqliteEventStore } from '@atende/event-store';
import {
  MemoryCheckpointStore,
  atendeRegistry,
  conversationDecider,
  handleCommand,
  streams,
  type ConversationCommand,
  type EventStore,
} from '@atende/events';
import { roomyAllowance } from '@atende/events/testing';
import { InProcessQueue } from '../queue/in-process-queue.js';
import { TEST_CHAT, TEST_SESSION, TEST_WS, waitFor } from './bridge-test-helpers.js';
import { startChannelBridge, type ChannelBridge, type SendJob } from './channel-bridge.js';
import { FakeChannel } from './fake-channel.js';

/*
 * A send that reached the chat but whose worker died before recording it: the retry
 * finds the OutboundSendStarted with no outcome and asks the channel before sending again.
 */

const WS = TEST_WS;
const SESSION = TEST_SESSION;
const CHAT = TEST_CHAT;
const CONVERSATION = streams.conversation(WS, CHAT);

describe('a send retried after a crash', () => {
  let store: EventStore;
  let channel: FakeChannel;
  let warnings: string[];
  const bridges: ChannelBridge[] = [];

  /** A bridge whose warnings are kept in `warnings`. */
  async function start(
    extra: Partial<Parameters<typeof startChannelBridge>[0]> = {},
  ): Promise<ChannelBridge> {
    const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) });
    const bridge = await startChannelBridge({
      store,
      channel,
      logger,
      conversationIdFor: async (_workspaceId, address) => address,
      workspaceOf: async (sessionId) => (sessionId === SESSION ? WS : undefined),
      ...extra,
    });
    bridges.push(bridge);
    return bridge;
  }

  const command = (c: ConversationCommand, actorId?: string) =>
    handleCommand({ store, registry: atendeRegistry }, conversationDecider, CONVERSATION, c, {
      workspaceId: WS,
      ...(actorId ? { actorId } : {}),
    });

  async function conversationWithRequest(messageId: string, content = 'phone'): Promise<void> {
    await command({
      type: 'ReceiveInboundMessage',
      data: {
        messageId: 'in-0',
        chatId: CHAT,
        sessionId: SESSION,
        providerMessageId: 'P-in-0',
        customerId: '5511999990001',
        content: 'Qual o telefone?',
        type: 'chat',
        receivedAt: new Date().toISOString(),
      },
    });
    await command(
      {
        type: 'RequestOutboundMessage',
        data: {
          messageId,
          agentId: 'user-1',
          content,
          receivedAt: new Date().toISOString(),
          allowance: roomyAllowance(),
        },
      },
      'user-1',
    );
  }

  /** What a worker that died after recording the start left in the log. */
  const startedBefore = (messageId: string, startedAt: Date) =>
    command({ type: 'StartOutboundSend', data: { messageId, startedAt: startedAt.toISOString() } });

  async function types(): Promise<string[]> {
    return (await store.readStream(CONVERSATION)).map((e) => e.type);
  }

  async function sentEvent() {
    await waitFor('OutboundMessageSent', async () => (await types()).includes('OutboundMessageSent'));
    return (await store.readStream(CONVERSATION)).find((e) => e.type === 'OutboundMessageSent')!;
  }

  beforeEach(() => {
    store = createSqliteEventStore({ filename: ':memory:', pollIntervalMs: 5 });
    channel = new FakeChannel();
    warnings = [];
  });

  afterEach(async () => {
    for (const bridge of bridges.splice(0)) await bridge.stop();
    await store.close();
  });

  it('records before a first send that it started, and does not ask the chat then', async () => {
    await conversationWithRequest('m-1');
    await start({ fromPosition: 1 });
    await sentEvent();
    expect(await types()).toEqual([
      'ConversationStarted',
      'InboundMessageReceived',
      'OutboundMessageRequested',
      'OutboundSendStarted',
      'OutboundMessageSent',
    ]);
    const started = (await store.readStream(CONVERSATION)).find((e) => e.type === 'OutboundSendStarted')!;
    expect(Object.keys(started.data as object).sort()).toEqual(['messageId', 'startedAt']); // no content
    expect(channel.sends).toHaveLength(1);
    expect(channel.finds).toEqual([]);
  });

  it('finds the message a crashed worker sent but did not record, and records it without sending again', async () => {
    await conversationWithRequest('m-1');
    const checkpoints = new MemoryCheckpointStore();
    // The first worker: the phone takes the message, then the worker dies before recording it.
    const dying: EventStore = Object.create(store) as EventStore;
    dying.appendToStream = (streamId, events, options) =>
      events.some((e) => e.type === 'OutboundMessageSent')
        ? Promise.reject(new Error('killed'))
        : store.appendToStream(streamId, events, options);
    const first = await start({
      store: dying,
      checkpoints,
      fromPosition: 1,
      queue: new InProcessQueue<SendJob>({ attempts: 1, keyOf: (j) => j.sessionId }),
    });
    await waitFor('the phone took it', () => channel.delivered.length === 1);
    await new Promise((r) => setTimeout(r, 30));
    await first.stop();
    expect(await types()).not.toContain('OutboundMessageSent');

    // Restarted (or taken over): the request is still pending, its send started.
    await start({ checkpoints });
    const sent = await sentEvent();
    expect(sent.data).toEqual({
      messageId: 'm-1',
      providerMessageId: channel.delivered[0]!.providerMessageId,
    });
    expect(channel.sends).toHaveLength(1);
    expect(channel.finds).toHaveLength(1);
    expect(channel.finds[0]!.query).toMatchObject({ chatId: CHAT, content: 'phone' });
    expect((await types()).filter((t) => t === 'OutboundSendStarted')).toHaveLength(1);
  });

  it('sends once a started message the chat does not have (the worker died before the provider call)', async () => {
    await conversationWithRequest('m-1');
    await startedBefore('m-1', new Date(Date.now() - 1000));
    await start({ fromPosition: 1 });
    const sent = await sentEvent();
    expect(sent.data).toEqual({ messageId: 'm-1', providerMessageId: `true_${CHAT}_P1` });
    expect(channel.finds).toHaveLength(1);
    expect(channel.sends).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 30));
    expect(channel.sends).toHaveLength(1);
  });

  it('does not take the same text already recorded for another message for this one', async () => {
    await conversationWithRequest('m-1', 'Ok');
    const earlier = await channel.send(SESSION, {
      chatId: CHAT,
      content: 'Ok',
      type: 'text',
      messageId: 'm-0',
    });
    // m-0 went out and was recorded; m-1, same text, started just before and its worker died.
    await command(
      {
        type: 'RequestOutboundMessage',
        data: {
          messageId: 'm-0',
          agentId: 'user-1',
          content: 'Ok',
          receivedAt: new Date().toISOString(),
          allowance: roomyAllowance(),
        },
      },
      'user-1',
    );
    await command({
      type: 'MarkOutboundSent',
      data: { messageId: 'm-0', providerMessageId: earlier.providerMessageId },
    });
    await startedBefore('m-1', new Date(Date.now() - 1000));
    await start({ fromPosition: 1 });
    await waitFor('m-1 sent', () => channel.sends.length === 2);
    await waitFor(
      'm-1 recorded',
      async () => (await types()).filter((t) => t === 'OutboundMessageSent').length === 2,
    );
    expect(channel.sends.map((s) => s.message.messageId)).toEqual(['m-0', 'm-1']);
  });

  it('sends again when the channel cannot look (at least once), with a warning', async () => {
    await conversationWithRequest('m-1');
    await startedBefore('m-1', new Date(Date.now() - 1000));
    await channel.send(SESSION, { chatId: CHAT, content: 'phone', type: 'text', messageId: 'm-1' }); // it went out
    channel.findSent = undefined;
    await start({ fromPosition: 1 });
    await sentEvent();
    expect(channel.sends).toHaveLength(2);
    expect(warnings.join('\n')).toContain('this channel cannot tell: sending again');
  });

  it('sends again when looking fails (at least once), with a warning', async () => {
    await conversationWithRequest('m-1');
    await startedBefore('m-1', new Date(Date.now() - 1000));
    await channel.send(SESSION, { chatId: CHAT, content: 'phone', type: 'text', messageId: 'm-1' });
    channel.findError = new Error('WhatsApp Web did not answer');
    await start({ fromPosition: 1 });
    await sentEvent();
    expect(channel.finds).toHaveLength(1);
    expect(channel.sends).toHaveLength(2);
    expect(warnings.join('\n')).toContain('could not look for an earlier send');
  });
});
