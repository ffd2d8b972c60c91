import { pino } from 'pino';
import { createSqliteEventStore } from '@atende/event-store';
import {
  atendeRegistry,
  conversationDecider,
  handleCommand,
  streams,
  type ConversationCommand,
  type EventStore,
  type MediaStore,
  type StoredMedia,
} from '@atende/events';
import { roomyAllowance } from '@atende/events/testing';
import { TEST_CHAT, TEST_SESSION, TEST_WS, waitFor } from './bridge-test-helpers.js';
import { startChannelBridge, type ChannelBridge } from './channel-bridge.js';
import { FakeChannel } from './fake-channel.js';

// A file an agent attached goes out with its bytes read back from the media store; one whose bytes
// are gone (its customer erased meanwhile) fails at once instead of being retried for nothing.

const CONVERSATION = streams.conversation(TEST_WS, TEST_CHAT);
const PDF = Buffer.from('%PDF-1.4 contrato');
const MEDIA_ID = `${TEST_SESSION}/out-abc.pdf`;

/** A media store holding what the test put (a unit-test aid: the adapters have their own contract suite). */
function mediaStore(files: Map<string, StoredMedia>): Pick<MediaStore, 'get' | 'deleteWorkspace'> {
  return {
    get: async (workspaceId, mediaId) => files.get(`${workspaceId}|${mediaId}`),
    deleteWorkspace: async () => undefined,
  };
}

describe('a media message through the channel bridge', () => {
  let store: EventStore;
  let channel: FakeChannel;
  let bridge: ChannelBridge | undefined;

  const command = (c: ConversationCommand) =>
    handleCommand({ store, registry: atendeRegistry }, conversationDecider, CONVERSATION, c, {
      workspaceId: TEST_WS,
      actorId: 'user-1',
    });

  async function requestDocument(messageId: string): Promise<void> {
    await command({
      type: 'ReceiveInboundMessage',
      data: {
        messageId: 'in-0',
        chatId: TEST_CHAT,
        sessionId: TEST_SESSION,
        providerMessageId: 'P-in-0',
        customerId: '5511999990001',
        content: 'Manda o contrato?',
        type: 'chat',
        receivedAt: new Date().toISOString(),
      },
    });
    await command({
      type: 'RequestOutboundMessage',
      data: {
        messageId,
        agentId: 'user-1',
        content: 'Segue o contrato',
        receivedAt: new Date().toISOString(),
        allowance: roomyAllowance(),
        media: {
          mediaUrl: `/api/media/${MEDIA_ID}`,
          mimeType: 'application/pdf',
          fileName: 'contrato.pdf',
          size: PDF.length,
          sha256: 'c'.repeat(64),
        },
      },
    });
  }

  const types = async () => (await store.readStream(CONVERSATION)).map((e) => e.type);

  async function start(files: Map<string, StoredMedia>) {
    bridge = await startChannelBridge({
      store,
      channel,
      logger: pino({ level: 'silent' }),
      media: mediaStore(files),
      conversationIdFor: async (_workspaceId, address) => address,
      workspaceOf: async (sessionId) => (sessionId === TEST_SESSION ? TEST_WS : undefined),
      fromPosition: 1,
    });
  }

  beforeEach(() => {
    store = createSqliteEventStore({ filename: ':memory:', pollIntervalMs: 5 });
    channel = new FakeChannel();
  });
  afterEach(async () => {
    await bridge?.stop();
    bridge = undefined;
    await store.close();
  });

  it('sends the stored bytes as a document with its caption and name, and records it sent', async () => {
    await requestDocument('m-doc');
    await start(new Map([[`${TEST_WS}|${MEDIA_ID}`, { bytes: PDF, contentType: 'application/pdf' }]]));
    await waitFor('sent', async () => (await types()).includes('OutboundMessageSent'));
    expect(channel.sends).toHaveLength(1);
    const { message } = channel.sends[0]!;
    expect(message).toMatchObject({ chatId: TEST_CHAT, content: 'Segue o contrato', type: 'document' });
    expect(message.media).toEqual({ bytes: PDF, mimeType: 'application/pdf', fileName: 'contrato.pdf' });
  });

  it('fails the message at once when its file is no longer in the media store', async () => {
    await requestDocument('m-gone');
    await start(new Map());
    await waitFor('failed', async () => (await types()).includes('OutboundMessageFailed'));
    expect(channel.sends).toHaveLength(0);
    expect((await types()).filter((t) => t === 'OutboundMessageFailed')).toHaveLength(1);
  });
});
