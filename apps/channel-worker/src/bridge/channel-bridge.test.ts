import { pino } from 'pino';
import { createSqliteEventStore } from '@atende/event-store';
import {
  ChannelSendError,
  MemoryCheckpointStore,
  SEND_FAILED_MESSAGE,
  atendeRegistry,
  channelSessionDecider,
  conversationDecider,
  handleCommand,
  streams,
} from '@atende/events';
import type { EventStore } from '@atende/events';
import { inboundMessageId } from '../sandbox/inbound-message-id.js';
import { randomUUID } from 'node:crypto';
import { describeWithRedis, testRedisUrl } from '@atende/read-models';
import { BullMqQueue } from '../queue/bullmq-queue.js';
import { InProcessQueue } from '../queue/in-process-queue.js';
import { startChannelBridge } from './channel-bridge.js';
import type { ChannelBridge, SendJob } from './channel-bridge.js';
import { FakeChannel } from './fake-channel.js';
import { roomyAllowance } from '@atende/events/testing';
import { TEST_CHAT, TEST_SESSION, TEST_WS, inboundEvent } from './bridge-test-helpers.js';

const WS = TEST_WS;
const SESSION = TEST_SESSION;
const CHAT = TEST_CHAT;
const CONVERSATION = streams.conversation(WS, CHAT);
const logger = pino({ level: 'silent' });

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}

const inbound = inboundEvent;

describe('startChannelBridge', () => {
  let store: EventStore;
  let channel: FakeChannel;
  const bridges: ChannelBridge[] = [];
  const deps = () => ({ store, registry: atendeRegistry });

  async function start(
    extra: Partial<Parameters<typeof startChannelBridge>[0]> = {},
  ): Promise<ChannelBridge> {
    const bridge = await startChannelBridge({
      store,
      channel,
      logger,
      // Conversations named by the address itself (as before pseudonyms), unless a test says otherwise.
      conversationIdFor: async (_workspaceId, address) => address,
      workspaceOf: async (sessionId) => (sessionId === SESSION ? WS : undefined),
      ...extra,
    });
    bridges.push(bridge);
    return bridge;
  }

  async function types(streamId: string): Promise<string[]> {
    return (await store.readStream(streamId)).map((e) => e.type);
  }

  async function requestSession(): Promise<void> {
    await handleCommand(
      deps(),
      channelSessionDecider,
      streams.channel(SESSION),
      {
        type: 'RequestChannelSession',
        data: {
          sessionId: SESSION,
          workspaceId: WS,
          driver: 'sandbox',
          userId: 'user-1',
          phoneNumber: '+55 11 99999-0000',
          name: 'Suporte Loja',
        },
      },
      { workspaceId: WS, actorId: 'user-1' },
    );
  }

  async function startConversation(): Promise<void> {
    await handleCommand(
      deps(),
      conversationDecider,
      CONVERSATION,
      {
        type: 'ReceiveInboundMessage',
        data: {
          messageId: inboundMessageId(SESSION, 'P-in-0'),
          chatId: CHAT,
          sessionId: SESSION,
          providerMessageId: 'P-in-0',
          customerId: '5511999990001',
          content: 'Olá',
          type: 'chat',
          receivedAt: new Date().toISOString(),
        },
      },
      { workspaceId: WS },
    );
  }

  async function requestOutbound(messageId: string, content = 'Bom dia!'): Promise<void> {
    await handleCommand(
      deps(),
      conversationDecider,
      CONVERSATION,
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
      { workspaceId: WS, actorId: 'user-1' },
    );
  }

  beforeEach(() => {
    store = createSqliteEventStore({ filename: ':memory:', pollIntervalMs: 5 });
    channel = new FakeChannel();
  });

  afterEach(async () => {
    for (const bridge of bridges.splice(0)) await bridge.stop();
    await store.close();
  });

  it('stores an inbound message delivered three times once', async () => {
    await start();
    for (let i = 0; i < 3; i += 1) channel.emit(inbound('P-100'));
    await waitFor(async () => (await types(CONVERSATION)).includes('InboundMessageReceived'));
    // let the two re-deliveries be applied too
    channel.emit(inbound('P-101', 'second'));
    await waitFor(
      async () => (await types(CONVERSATION)).filter((t) => t === 'InboundMessageReceived').length === 2,
    );
    const events = await store.readStream(CONVERSATION);
    expect(events.map((e) => e.type)).toEqual([
      'ConversationStarted',
      'InboundMessageReceived',
      'InboundMessageReceived',
    ]);
    expect(events[0]!.data).toMatchObject({
      customerId: '5511999990001',
      customerName: 'Maria',
      type: 'private',
    });
    expect(events[1]!.data).toMatchObject({
      messageId: inboundMessageId(SESSION, 'P-100'),
      providerMessageId: 'P-100',
      sessionId: SESSION,
      content: 'Oi',
      senderName: 'Maria',
      timestamp: '2026-01-02T10:00:00.000Z',
    });
    expect(events[0]!.metadata.workspaceId).toBe(WS);
  });

  it('ignores inbound messages of an unknown session', async () => {
    await start();
    channel.emit({ ...inbound('P-1'), sessionId: 'nobody' });
    channel.emit(inbound('P-2'));
    await waitFor(async () => (await types(CONVERSATION)).includes('InboundMessageReceived'));
    expect(await types(streams.conversation(WS, CHAT))).toHaveLength(2);
    expect(await store.lastGlobalPosition()).toBe(2);
  });

  it('records a new customer under a pseudonym of their address, and replies go to the address', async () => {
    const pseudonym = 'ct_0123456789abcdef01234567';
    const bridge = await start({
      conversationIdFor: async (ws, address) => (ws === WS && address === CHAT ? pseudonym : 'outro'),
    });
    channel.emit(inbound('P-1'));
    const stream = streams.conversation(WS, pseudonym);
    await waitFor(async () => (await types(stream)).includes('InboundMessageReceived'));
    expect(await types(CONVERSATION)).toEqual([]);
    const [started] = await store.readStream(stream);
    expect(started!.data).toMatchObject({ chatId: pseudonym, address: CHAT, customerId: '5511999990001' });
    expect(await bridge.conversationIdOf(SESSION, CHAT)).toBe(pseudonym);
    await handleCommand(
      deps(),
      conversationDecider,
      stream,
      {
        type: 'RequestOutboundMessage',
        data: {
          messageId: 'm-p',
          agentId: 'user-1',
          content: 'Resposta',
          receivedAt: new Date().toISOString(),
          allowance: roomyAllowance(),
        },
      },
      { workspaceId: WS, actorId: 'user-1' },
    );
    await waitFor(async () => (await types(stream)).includes('OutboundMessageSent'));
    expect(channel.sends.map((s) => s.message.chatId)).toEqual([CHAT]);
  });

  it('keeps a conversation the log already has under the address (before pseudonyms)', async () => {
    await startConversation();
    await start({ conversationIdFor: async () => 'ct_nunca_usado' });
    channel.emit(inbound('P-9'));
    await waitFor(
      async () => (await types(CONVERSATION)).filter((t) => t === 'InboundMessageReceived').length === 2,
    );
  });

  it('sends an OutboundMessageRequested once and records OutboundMessageSent', async () => {
    await startConversation();
    await start();
    await requestOutbound('m-1');
    await waitFor(async () => (await types(CONVERSATION)).includes('OutboundMessageSent'));
    expect(channel.sends).toEqual([
      {
        sessionId: SESSION,
        message: { chatId: CHAT, content: 'Bom dia!', type: 'text', messageId: 'm-1' },
      },
    ]);
    const sent = (await store.readStream(CONVERSATION)).find((e) => e.type === 'OutboundMessageSent')!;
    expect(sent.data).toEqual({ messageId: 'm-1', providerMessageId: `true_${CHAT}_P1` });
    // a browser retry with the same id appends nothing and sends nothing
    await requestOutbound('m-1');
    await requestOutbound('m-2', 'depois');
    await waitFor(() => channel.sends.length === 2);
    expect(channel.sends.map((s) => s.message.messageId)).toEqual(['m-1', 'm-2']);
  });

  it("reads a send's text from its request on, not the conversation's whole history", async () => {
    // The bridge's reads of the conversation, apart from the test's own commands.
    const reads: number[] = [];
    const watched = new Proxy(store, {
      get(target, property) {
        if (property === 'readStream') {
          return (streamId: string, options?: Parameters<EventStore['readStream']>[1]) => {
            if (streamId === CONVERSATION) reads.push(options?.fromStreamPosition ?? 0);
            return target.readStream(streamId, options);
          };
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    await start({ store: watched });
    for (let i = 0; i < 20; i += 1) channel.emit(inbound(`P-h${i}`, `mensagem ${i}`));
    await waitFor(
      async () => (await types(CONVERSATION)).filter((t) => t === 'InboundMessageReceived').length === 20,
    );
    reads.length = 0; // recording the messages read the new conversation (empty) once
    await requestOutbound('m-late', 'Obrigado pela paciência');
    await waitFor(async () => (await types(CONVERSATION)).includes('OutboundMessageSent'));
    expect(channel.sends.map((s) => s.message)).toEqual([
      { chatId: CHAT, content: 'Obrigado pela paciência', type: 'text', messageId: 'm-late' },
    ]);
    // The request is the 22nd event (position 21): nothing before it was read again.
    expect(reads.length).toBeGreaterThan(0);
    expect(Math.min(...reads)).toBeGreaterThanOrEqual(21);
  });

  it('does not send again when a restarted bridge replays the log', async () => {
    await startConversation();
    const first = await start();
    await requestOutbound('m-1');
    await waitFor(async () => (await types(CONVERSATION)).includes('OutboundMessageSent'));
    await first.stop();

    await start({ fromPosition: 1 });
    await requestOutbound('m-2', 'depois');
    await waitFor(
      async () => (await types(CONVERSATION)).filter((t) => t === 'OutboundMessageSent').length === 2,
    );
    expect(channel.sends.map((s) => s.message.messageId)).toEqual(['m-1', 'm-2']);
  });

  it('moves the delivery status with acks and ignores unknown ones', async () => {
    await startConversation();
    await start();
    await requestOutbound('m-1');
    await waitFor(async () => (await types(CONVERSATION)).includes('OutboundMessageSent'));
    const providerMessageId = `true_${CHAT}_P1`;
    channel.emit({ type: 'ack', sessionId: SESSION, providerMessageId: 'unknown', status: 'read' });
    channel.emit({ type: 'ack', sessionId: SESSION, providerMessageId, status: 'delivered' });
    channel.emit({ type: 'ack', sessionId: SESSION, providerMessageId, status: 'read' });
    channel.emit({ type: 'ack', sessionId: SESSION, providerMessageId, status: 'read' });
    await waitFor(
      async () => (await types(CONVERSATION)).filter((t) => t === 'MessageDeliveryUpdated').length === 2,
    );
    await new Promise((r) => setTimeout(r, 30));
    const updates = (await store.readStream(CONVERSATION)).filter((e) => e.type === 'MessageDeliveryUpdated');
    expect(updates.map((e) => e.data)).toEqual([
      { messageId: 'm-1', status: 'delivered' },
      { messageId: 'm-1', status: 'read' },
    ]);
  });

  it('knows sent messages of the replayed log for acks after a restart', async () => {
    await startConversation();
    const first = await start();
    await requestOutbound('m-1');
    await waitFor(async () => (await types(CONVERSATION)).includes('OutboundMessageSent'));
    await first.stop();
    await start({ fromPosition: 1 });
    await new Promise((r) => setTimeout(r, 30));
    channel.emit({
      type: 'ack',
      sessionId: SESSION,
      providerMessageId: `true_${CHAT}_P1`,
      status: 'delivered',
    });
    await waitFor(async () => (await types(CONVERSATION)).includes('MessageDeliveryUpdated'));
  });

  it('records OutboundMessageFailed when a send keeps failing', async () => {
    await startConversation();
    channel.sendError = new ChannelSendError('timeout', false);
    await start({
      queue: new InProcessQueue<SendJob>({
        attempts: 3,
        baseDelayMs: 1,
        maxDelayMs: 4,
        keyOf: (j) => j.sessionId,
      }),
    });
    await requestOutbound('m-1');
    await waitFor(async () => (await types(CONVERSATION)).includes('OutboundMessageFailed'));
    expect(channel.sends).toHaveLength(3);
    const failed = (await store.readStream(CONVERSATION)).find((e) => e.type === 'OutboundMessageFailed')!;
    expect(failed.data).toEqual({ messageId: 'm-1', error: SEND_FAILED_MESSAGE });
    expect(SEND_FAILED_MESSAGE).toBe('Erro ao enviar mensagem');
  });

  it('does not retry a permanent send error', async () => {
    await startConversation();
    channel.sendError = new ChannelSendError('número inválido', true);
    await start();
    await requestOutbound('m-1');
    await waitFor(async () => (await types(CONVERSATION)).includes('OutboundMessageFailed'));
    expect(channel.sends).toHaveLength(1);
  });

  it('connects a requested session and records its qr and connection', async () => {
    await start();
    await requestSession();
    await waitFor(() => channel.connects.length === 1);
    expect(channel.connects[0]).toEqual({
      sessionId: SESSION,
      phoneNumber: '5511999990000',
      name: 'Suporte Loja',
    });

    const qrCode = 'data:image/png;base64,AAAA';
    channel.emit({ type: 'qr', sessionId: SESSION, qrCode });
    channel.emit({ type: 'qr', sessionId: SESSION, qrCode });
    channel.emit({ type: 'connected', sessionId: SESSION, phoneNumber: '5511999990000' });
    await waitFor(async () => (await types(streams.channel(SESSION))).includes('ChannelConnected'));
    const events = await store.readStream(streams.channel(SESSION));
    expect(events.map((e) => e.type)).toEqual([
      'ChannelSessionRequested',
      'ChannelQrIssued',
      'ChannelConnected',
    ]);
    expect(events[1]!.data).toEqual({ sessionId: SESSION, qrCode });
    expect(events[2]!.data).toEqual({ sessionId: SESSION, phoneNumber: '5511999990000' });

    channel.emit({ type: 'disconnected', sessionId: SESSION, reason: 'LOGOUT' });
    await waitFor(async () => (await types(streams.channel(SESSION))).includes('ChannelDisconnected'));
  });

  it('uses the channel stream when the read model does not know the session yet', async () => {
    const bridge = await startChannelBridge({
      store,
      channel,
      logger,
      conversationIdFor: async (_workspaceId, address) => address,
      workspaceOf: async () => undefined,
    });
    bridges.push(bridge);
    await requestSession();
    channel.emit({ type: 'failed', sessionId: SESSION, error: 'auth failure', retryInMs: 1000 });
    await waitFor(async () => (await types(streams.channel(SESSION))).includes('ChannelFailed'));
    const failed = (await store.readStream(streams.channel(SESSION)))[1]!;
    expect(failed.data).toEqual({ sessionId: SESSION, error: 'auth failure', retryInMs: 1000 });
    expect(failed.metadata.workspaceId).toBe(WS);
  });

  describe("'Excluir todos os dados da conta'", () => {
    const OTHER = streams.conversation('ws-2', CHAT);

    async function deleteWorkspace(): Promise<void> {
      await store.appendToStream(streams.workspace(WS), [
        atendeRegistry.prepare(
          {
            type: 'WorkspaceDataDeleted',
            data: {
              workspaceId: WS,
              deletedBy: 'user-1',
              memberIds: ['user-1'],
              channelSessionIds: [SESSION],
            },
          },
          { workspaceId: WS, actorId: 'user-1' },
        ),
      ]);
    }

    async function otherWorkspaceMessage(): Promise<void> {
      await handleCommand(
        deps(),
        conversationDecider,
        OTHER,
        {
          type: 'ReceiveInboundMessage',
          data: {
            messageId: 'other-1',
            chatId: CHAT,
            sessionId: 'session-2',
            providerMessageId: 'P-other',
            customerId: '5511999990001',
            content: 'Oi',
            type: 'chat',
            receivedAt: new Date().toISOString(),
          },
        },
        { workspaceId: 'ws-2' },
      );
    }

    it("logs the workspace's phone out, erases its events and drops what the phone still reports", async () => {
      await requestSession();
      await startConversation();
      await otherWorkspaceMessage();
      // Its saved WhatsApp logins go too, once its phones are logged out.
      const sessionArchives = {
        deleteWorkspace: jest.fn(async () => {
          expect(channel.disconnects).toEqual([SESSION]);
        }),
      };
      await start({ startAtBeginning: true, sessionArchives });
      await waitFor(() => channel.connects.length === 1);

      await deleteWorkspace();
      await waitFor(async () => (await types(CONVERSATION)).length === 0);
      expect(channel.disconnects).toEqual([SESSION]);
      expect(sessionArchives.deleteWorkspace).toHaveBeenCalledWith(WS);
      expect(await types(streams.channel(SESSION))).toEqual([]);
      expect(await types(streams.workspace(WS))).toEqual(['WorkspaceDataDeleted']);
      expect(await types(OTHER)).toEqual(['ConversationStarted', 'InboundMessageReceived']);

      // What the phone still reports (late messages, acks) is not recorded for the deleted workspace.
      channel.emit(inbound('P-late', 'Ainda aí?'));
      channel.emit({ type: 'connected', sessionId: SESSION, phoneNumber: '5511999990000' });
      await new Promise((r) => setTimeout(r, 100));
      expect(await types(CONVERSATION)).toEqual([]);
      expect(await types(streams.channel(SESSION))).toEqual([]);
    });

    it('tries the erasure again when the store fails, and only then moves its checkpoint past it', async () => {
      const checkpoints = new MemoryCheckpointStore();
      let failures = 1;
      const flaky: EventStore = Object.create(store) as EventStore;
      flaky.eraseWorkspace = (workspaceId, options) => {
        if (failures > 0) {
          failures -= 1;
          return Promise.reject(new Error('disk busy'));
        }
        return store.eraseWorkspace(workspaceId, options);
      };
      await startConversation();
      await start({ store: flaky, checkpoints, startAtBeginning: true });
      await deleteWorkspace();
      const deletion = (await store.readStream(streams.workspace(WS)))[0]!;
      await waitFor(async () => (await types(CONVERSATION)).length === 0, 8000);
      expect(failures).toBe(0);
      await waitFor(async () => ((await checkpoints.load('channel-bridge')) ?? 0) >= deletion.globalPosition);
    });
  });

  describe('checkpoint', () => {
    it('saves the end of the log on a first start, so a restart does not replay older requests', async () => {
      await startConversation();
      await requestOutbound('old');
      const checkpoints = new MemoryCheckpointStore();
      const end = await store.lastGlobalPosition();
      const first = await start({ checkpoints });
      expect(await checkpoints.load('channel-bridge')).toBe(end);
      await first.stop();
      await start({ checkpoints });
      await new Promise((r) => setTimeout(r, 50));
      expect(channel.sends).toEqual([]);
    });

    it('picks up after a restart the sends still pending when it stopped, and sends each once', async () => {
      await startConversation();
      const checkpoints = new MemoryCheckpointStore();
      channel.sendError = new ChannelSendError('offline', false);
      const first = await start({
        checkpoints,
        queue: new InProcessQueue<SendJob>({ attempts: 10, baseDelayMs: 60_000, keyOf: (j) => j.sessionId }),
      });
      await requestOutbound('m-1');
      await requestOutbound('m-2', 'segunda');
      await waitFor(() => channel.sends.length === 2); // both tried once, now waiting to retry
      const requests = (await store.readStream(CONVERSATION)).filter(
        (e) => e.type === 'OutboundMessageRequested',
      );
      await first.stop(); // drops the pending retries
      expect(await checkpoints.load('channel-bridge')).toBeLessThan(requests[0]!.globalPosition);

      channel.sendError = undefined;
      channel.sends.length = 0;
      await start({ checkpoints });
      await waitFor(
        async () => (await types(CONVERSATION)).filter((t) => t === 'OutboundMessageSent').length === 2,
      );
      await new Promise((r) => setTimeout(r, 50));
      expect(channel.sends.map((s) => s.message.messageId).sort()).toEqual(['m-1', 'm-2']);
      // Everything is finished: the checkpoint moves past both requests.
      await waitFor(
        async () => ((await checkpoints.load('channel-bridge')) ?? 0) >= requests[1]!.globalPosition,
      );
    });

    it('connects again the sessions that were connected when it stopped', async () => {
      await start({
        restorableSessions: async () => [
          { sessionId: SESSION, phoneNumber: '5511999990000', name: 'Suporte' },
        ],
      });
      await waitFor(() => channel.connects.length === 1);
      expect(channel.connects[0]).toEqual({
        sessionId: SESSION,
        phoneNumber: '5511999990000',
        name: 'Suporte',
      });
    });
  });

  describe('media', () => {
    function mediaInbound(providerMessageId: string) {
      const event = inbound(providerMessageId, '');
      return {
        ...event,
        message: { ...event.message, type: 'image', mediaUrl: `wwebjs-media:${providerMessageId}` },
      };
    }

    it('records the stored media of an inbound message, or its failure, and a retry asks the channel', async () => {
      await start();
      channel.emit(mediaInbound('P-img'));
      channel.emit({
        type: 'media',
        sessionId: SESSION,
        providerMessageId: 'P-img',
        status: 'failed',
        error: 'download failed',
      });
      await waitFor(async () => (await types(CONVERSATION)).includes('MessageMediaFailed'));
      const messageId = inboundMessageId(SESSION, 'P-img');
      await handleCommand(
        deps(),
        conversationDecider,
        CONVERSATION,
        { type: 'RetryMedia', data: { messageId, byUserId: 'user-1' } },
        { workspaceId: WS, actorId: 'user-1' },
      );
      await waitFor(() => channel.mediaRetries.length === 1);
      expect(channel.mediaRetries[0]).toMatchObject({ sessionId: SESSION, providerMessageId: 'P-img' });
      expect(channel.mediaRetries[0]?.recorded).toEqual({ mediaUrl: 'wwebjs-media:P-img' });
      channel.emit({
        type: 'media',
        sessionId: SESSION,
        providerMessageId: 'P-img',
        status: 'stored',
        mediaUrl: '/api/media/session-1/abc.jpg',
      });
      await waitFor(async () => (await types(CONVERSATION)).includes('MessageMediaStored'));
      const stored = (await store.readStream(CONVERSATION)).find((e) => e.type === 'MessageMediaStored')!;
      expect(stored.data).toEqual({ messageId, mediaUrl: '/api/media/session-1/abc.jpg' });
    });

    it('ignores media of a message it never received', async () => {
      await start();
      channel.emit({
        type: 'media',
        sessionId: SESSION,
        providerMessageId: 'ghost',
        status: 'stored',
        mediaUrl: '/x',
      });
      channel.emit(inbound('P-1'));
      await waitFor(async () => (await types(CONVERSATION)).includes('InboundMessageReceived'));
      expect(await types(CONVERSATION)).toEqual(['ConversationStarted', 'InboundMessageReceived']);
    });
  });

  describeWithRedis('with the BullMQ queue (distributed mode)', () => {
    it('sends each requested message once, a repeated request included, and records it', async () => {
      await startConversation();
      const options = {
        name: `bridge-${randomUUID()}`,
        redisUrl: testRedisUrl(),
        prefix: 'atende-test-bull',
      };
      await start({ queue: new BullMqQueue<SendJob>({ ...options, keyOf: (j) => j.sessionId }) });
      await requestOutbound('m-1');
      await requestOutbound('m-1');
      await requestOutbound('m-2', 'outra');
      await waitFor(
        async () => (await types(CONVERSATION)).filter((t) => t === 'OutboundMessageSent').length === 2,
      );
      await new Promise((r) => setTimeout(r, 100));
      expect(channel.sends.map((s) => s.message.messageId).sort()).toEqual(['m-1', 'm-2']);
      for (const bridge of bridges.splice(0)) await bridge.stop();
      const cleaner = new BullMqQueue<SendJob>(options);
      await cleaner.obliterate();
      await cleaner.close();
    });
  });
});
