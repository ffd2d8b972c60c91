import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import {
  EncryptedEventStore,
  FieldCipher,
  MasterKey,
  SqliteKeyStore,
  createSqliteEventStore,
  encryptSqliteLog,
} from '@atende/event-store';
import { atendeRegistry, conversationDecider, handleCommand, streams, type EventStore } from '@atende/events';
import { roomyAllowance } from '@atende/events/testing';
import { inboundMessageId } from '../sandbox/inbound-message-id.js';
import { waitFor } from './bridge-test-helpers.js';
import { startChannelBridge, type ChannelBridge } from './channel-bridge.js';
import { FakeChannel } from './fake-channel.js';

const WS = 'ws-1';
const SESSION = 'session-1';
const CHAT = '5511999990001@c.us';

describe('a conversation named by its WhatsApp id, after npm run events -- encrypt', () => {
  let dir: string;
  let store: EventStore;
  let bridge: ChannelBridge | undefined;
  beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'atende-routing-'))));
  afterEach(async () => {
    await bridge?.stop();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps getting its customer’s messages under its new id, and replies still reach them', async () => {
    const file = path.join(dir, 'events.db');
    // The code before pseudonyms: the conversation is named by the address, nothing sealed.
    const legacy = createSqliteEventStore({ filename: file });
    await handleCommand(
      { store: legacy, registry: atendeRegistry },
      conversationDecider,
      streams.conversation(WS, CHAT),
      {
        type: 'ReceiveInboundMessage',
        data: {
          messageId: inboundMessageId(SESSION, 'P-1'),
          chatId: CHAT,
          sessionId: SESSION,
          providerMessageId: 'P-1',
          customerId: '5511999990001',
          content: 'Olá',
          type: 'chat',
          receivedAt: new Date().toISOString(),
        },
      },
      { workspaceId: WS },
    );
    await legacy.close();

    const cipher = new FieldCipher(new SqliteKeyStore(path.join(dir, 'keys.db'), MasterKey.random()));
    expect(await encryptSqliteLog(file, cipher)).toMatchObject({ renamed: 1 });
    store = new EncryptedEventStore(createSqliteEventStore({ filename: file, pollIntervalMs: 5 }), cipher);
    const channel = new FakeChannel();
    bridge = await startChannelBridge({
      store,
      channel,
      logger: pino({ level: 'silent' }),
      conversationIdFor: (workspaceId, address) => cipher.conversationIdFor(workspaceId, address),
      workspaceOf: async (sessionId) => (sessionId === SESSION ? WS : undefined),
    });
    const id = await cipher.conversationIdFor(WS, CHAT);
    const conversation = streams.conversation(WS, id);
    const types = async () => (await store.readStream(conversation)).map((e) => e.type);

    channel.emit({
      type: 'inbound',
      sessionId: SESSION,
      message: {
        providerMessageId: 'P-2',
        chatId: CHAT,
        from: '5511999990001',
        senderName: 'Maria',
        chatType: 'private',
        content: 'Ainda estou aqui',
        type: 'chat',
        mediaUrl: null,
        timestamp: new Date().toISOString(),
      },
    });
    await waitFor('the new message', async () => (await types()).length === 3);
    expect(await types()).toEqual([
      'ConversationStarted',
      'InboundMessageReceived',
      'InboundMessageReceived',
    ]);
    expect(await store.readStream(streams.conversation(WS, CHAT))).toEqual([]);
    expect(await bridge.conversationIdOf(SESSION, CHAT)).toBe(id);

    await handleCommand(
      { store, registry: atendeRegistry },
      conversationDecider,
      conversation,
      {
        type: 'RequestOutboundMessage',
        data: {
          messageId: 'm-1',
          agentId: 'user-1',
          content: 'Bom dia!',
          receivedAt: new Date().toISOString(),
          allowance: roomyAllowance(),
        },
      },
      { workspaceId: WS, actorId: 'user-1' },
    );
    await waitFor('the reply', () => channel.sends.length === 1);
    expect(channel.sends[0]!.message).toMatchObject({ chatId: CHAT, content: 'Bom dia!' });
  });
});
