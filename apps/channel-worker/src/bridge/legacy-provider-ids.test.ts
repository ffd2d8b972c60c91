import { pino } from 'pino';
import { createSqliteEventStore } from '@atende/event-store';
import { atendeRegistry, conversationDecider, handleCommand, streams, type EventStore } from '@atende/events';
import { roomyAllowance } from '@atende/events/testing';
import { TEST_CHAT, TEST_SESSION, TEST_WS, inboundEvent, waitFor } from './bridge-test-helpers.js';
import { startChannelBridge, type ChannelBridge } from './channel-bridge.js';
import { FakeChannel } from './fake-channel.js';

const WS = TEST_WS;
const SESSION = TEST_SESSION;
const CHAT = TEST_CHAT;
const CONVERSATION = streams.conversation(WS, CHAT);

/**
 * A log written before issue 26 holds whole whatsapp-web.js ids (`false_<chat>_<id>`); the driver
 * now reports them without the chat. The messages they name must still be found by the new form.
 */
describe('channel bridge: provider ids recorded with their address (before issue 26)', () => {
  let store: EventStore;
  let channel: FakeChannel;
  const bridges: ChannelBridge[] = [];

  beforeEach(() => {
    store = createSqliteEventStore({ filename: ':memory:', pollIntervalMs: 5 });
    channel = new FakeChannel(); // sends answer the old form: `true_<chat>_P<n>`
  });

  afterEach(async () => {
    for (const bridge of bridges.splice(0)) await bridge.stop();
    await store.close();
  });

  async function start(fromPosition?: number): Promise<void> {
    const bridge = await startChannelBridge({
      store,
      channel,
      logger: pino({ level: 'silent' }),
      conversationIdFor: async (_workspaceId, address) => address,
      workspaceOf: async (sessionId) => (sessionId === SESSION ? WS : undefined),
      ...(fromPosition ? { fromPosition } : {}),
    });
    bridges.push(bridge);
  }

  const types = async () => (await store.readStream(CONVERSATION)).map((e) => e.type);
  const inbound = (providerMessageId: string) => inboundEvent(providerMessageId);

  it('a message stored under its whole id, backfilled under the new form, is not stored twice', async () => {
    await start();
    channel.emit(inbound(`false_${CHAT}_3EB0OLD`));
    await waitFor('stored', async () => (await types()).includes('InboundMessageReceived'));
    channel.emit(inbound('false_3EB0OLD'));
    channel.emit(inbound('false_3EB0NEW'));
    await waitFor('next stored', async () => (await types()).length === 3);
    await new Promise((r) => setTimeout(r, 30));
    expect(await types()).toEqual([
      'ConversationStarted',
      'InboundMessageReceived',
      'InboundMessageReceived',
    ]);
  });

  it('acks in the new form reach a message sent under its whole id, also after a restart', async () => {
    await start();
    channel.emit(inbound('false_3EB0IN'));
    await waitFor('conversation', async () => (await types()).includes('InboundMessageReceived'));
    await handleCommand(
      { store, registry: atendeRegistry },
      conversationDecider,
      CONVERSATION,
      {
        type: 'RequestOutboundMessage',
        data: {
          messageId: 'm-1',
          agentId: 'u-1',
          content: 'Olá',
          receivedAt: new Date().toISOString(),
          allowance: roomyAllowance(),
        },
      },
      { workspaceId: WS, actorId: 'u-1' },
    );
    await waitFor('sent', async () => (await types()).includes('OutboundMessageSent'));
    const sent = (await store.readStream(CONVERSATION)).find((e) => e.type === 'OutboundMessageSent')!;
    expect(sent.data).toMatchObject({ providerMessageId: `true_${CHAT}_P1` });

    for (const bridge of bridges.splice(0)) await bridge.stop();
    await start(1); // a new process: it learns the sent message from the log
    await new Promise((r) => setTimeout(r, 30));
    channel.emit({ type: 'ack', sessionId: SESSION, providerMessageId: 'true_P1', status: 'read' });
    await waitFor('ack', async () => (await types()).includes('MessageDeliveryUpdated'));
    const update = (await store.readStream(CONVERSATION)).find((e) => e.type === 'MessageDeliveryUpdated')!;
    expect(update.data).toEqual({ messageId: 'm-1', status: 'read' });
  });
});
