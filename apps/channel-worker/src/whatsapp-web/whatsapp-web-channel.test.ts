import { ChannelSendError, type ChannelEvent } from '@atende/events';
import { fakeClientFactory, fakeKey, fakeMessage, type FakeWwebjsClient } from './fake-wwebjs-client.js';
import type { MediaSink, MediaToStore } from './media-sink.js';
import { WhatsAppWebChannel, type WhatsAppWebChannelOptions } from './whatsapp-web-channel.js';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const session = { sessionId: 's-1', phoneNumber: '5511999990000', name: 'Suporte' };
const CUSTOMER = '5511988887777@c.us';

/** Lets pending promise callbacks (and real I/O callbacks) run. */
const flush = async (rounds = 5) => {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setImmediate(resolve));
};

/** Waits until `check` holds (drawing a QR image takes real time, longer on a busy machine). */
async function waitUntil(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

class MemoryMediaSink implements MediaSink {
  readonly saved: MediaToStore[] = [];
  fail: Error | null = null;
  async save(media: MediaToStore) {
    if (this.fail) throw this.fail;
    this.saved.push(media);
    return { mediaId: `${media.sessionId}/${media.providerMessageId}.jpg` };
  }
}

function setup(
  options: Partial<WhatsAppWebChannelOptions> = {},
  prepare?: (client: FakeWwebjsClient, index: number) => void,
) {
  const factory = fakeClientFactory(prepare);
  const mediaStore = new MemoryMediaSink();
  const channel = new WhatsAppWebChannel({
    createClient: factory.createClient,
    mediaSink: mediaStore,
    random: () => 0.5, // no jitter: delays are exactly 1 s, 2 s, 4 s…
    ...options,
  });
  const events: ChannelEvent[] = [];
  channel.onEvent((event) => void events.push(event));
  const of = <T extends ChannelEvent['type']>(type: T) =>
    events.filter((e): e is Extract<ChannelEvent, { type: T }> => e.type === type);
  return { channel, events, of, mediaStore, ...factory };
}

async function connected(options: Partial<WhatsAppWebChannelOptions> = {}) {
  const ctx = setup(options);
  await ctx.channel.connect(session);
  ctx.clients[0]!.ready();
  await flush();
  ctx.events.length = 0;
  return { ...ctx, client: ctx.clients[0]! };
}

function useFakeTimers() {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
}

afterEach(() => {
  jest.useRealTimers();
});

describe('WhatsAppWebChannel: session life cycle', () => {
  it('is named wwebjs and knows no session at first', () => {
    const { channel } = setup();
    expect(channel.name).toBe('wwebjs');
    expect(channel.status('nope')).toBe('disconnected');
  });

  it('connect makes one client per session and initializes it; connecting again reuses it', async () => {
    const { channel, clients, createClient } = setup();
    await channel.connect(session);
    await channel.connect(session);
    expect(createClient).toHaveBeenCalledTimes(1);
    expect(createClient).toHaveBeenCalledWith('s-1');
    expect(clients[0]!.initialize).toHaveBeenCalledTimes(1);
    expect(channel.status('s-1')).toBe('connecting');
    await channel.connect({ ...session, sessionId: 's-2' });
    expect(createClient).toHaveBeenLastCalledWith('s-2');
    expect(clients).toHaveLength(2);
  });

  it('qr → a PNG data URL QR event', async () => {
    const { channel, clients, of } = setup();
    await channel.connect(session);
    clients[0]!.emit('qr', '2@abcdef,ghijk,lmnop');
    await waitUntil(() => of('qr').length > 0);
    expect(channel.status('s-1')).toBe('qr');
    const [qr] = of('qr');
    expect(qr?.sessionId).toBe('s-1');
    expect(qr?.qrCode.startsWith('data:image/png;base64,')).toBe(true);
    const bytes = Buffer.from(qr!.qrCode.slice('data:image/png;base64,'.length), 'base64');
    expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  });

  it('a QR still being drawn when the session is disconnected is dropped', async () => {
    const { channel, clients, of } = setup();
    await channel.connect(session);
    clients[0]!.emit('qr', '2@stale');
    await channel.disconnect('s-1');
    // Another session's QR, drawn after the stale one, tells when the stale one is done too.
    await channel.connect({ ...session, sessionId: 's-2' });
    clients[1]!.emit('qr', '2@fresh');
    await waitUntil(() => of('qr').length > 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(of('qr').map((e) => e.sessionId)).toEqual(['s-2']);
  });

  it('ready → connected with the phone of the logged-in account', async () => {
    const { channel, clients, events } = setup();
    await channel.connect(session);
    clients[0]!.ready('5511912345678');
    expect(channel.status('s-1')).toBe('connected');
    expect(events).toContainEqual({ type: 'connected', sessionId: 's-1', phoneNumber: '5511912345678' });
    // Connecting a connected session reports it again without a new client.
    events.length = 0;
    await channel.connect(session);
    expect(events).toEqual([{ type: 'connected', sessionId: 's-1', phoneNumber: '5511912345678' }]);
    expect(clients).toHaveLength(1);
  });

  it('auth_failure → failed without retry (a new QR is needed); the client is closed', async () => {
    useFakeTimers();
    const { channel, clients, of } = setup();
    await channel.connect(session);
    clients[0]!.emit('auth_failure', 'restore failed');
    await flush();
    expect(of('failed')).toEqual([
      { type: 'failed', sessionId: 's-1', error: expect.stringContaining('restore failed'), retryInMs: null },
    ]);
    expect(channel.status('s-1')).toBe('disconnected');
    expect(clients[0]!.destroy).toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(120_000);
    expect(clients).toHaveLength(1);
  });

  it('disconnected → reported, old client destroyed, a NEW client after the backoff', async () => {
    useFakeTimers();
    const { channel, client, clients, events, of } = await connected();
    client.emit('disconnected', 'NAVIGATION');
    await flush();
    expect(events).toEqual([{ type: 'disconnected', sessionId: 's-1', reason: 'NAVIGATION' }]);
    expect(client.destroy).toHaveBeenCalled();
    expect(channel.status('s-1')).toBe('disconnected');

    await jest.advanceTimersByTimeAsync(999);
    expect(clients).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(clients).toHaveLength(2);
    const fresh = clients[1]!;
    expect(fresh).not.toBe(client);
    expect(fresh.initialize).toHaveBeenCalledTimes(1);
    expect(channel.status('s-1')).toBe('connecting');

    // The old client is gone: whatever it still says is ignored.
    client.emit('message', fakeMessage({ body: 'late' }));
    client.ready();
    expect(of('inbound')).toHaveLength(0);
    expect(of('connected')).toHaveLength(0);

    fresh.ready();
    expect(of('connected')).toHaveLength(1);
    expect(channel.status('s-1')).toBe('connected');
  });

  it('a second disconnect in a row waits longer (exponential backoff), reset by ready', async () => {
    useFakeTimers();
    const { clients } = await connected();
    clients[0]!.emit('disconnected', 'CONFLICT');
    await jest.advanceTimersByTimeAsync(1_000);
    expect(clients).toHaveLength(2);
    clients[1]!.emit('disconnected', 'CONFLICT'); // dropped again before ready
    await jest.advanceTimersByTimeAsync(1_999);
    expect(clients).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(clients).toHaveLength(3);
    clients[2]!.ready();
    clients[2]!.emit('disconnected', 'CONFLICT');
    await jest.advanceTimersByTimeAsync(1_000);
    expect(clients).toHaveLength(4);
  });

  it('disconnected by LOGOUT (unlinked on the phone) → no reconnect', async () => {
    useFakeTimers();
    const { channel, client, clients, events } = await connected();
    client.emit('disconnected', 'LOGOUT');
    expect(events).toEqual([{ type: 'disconnected', sessionId: 's-1', reason: 'LOGOUT' }]);
    await jest.advanceTimersByTimeAsync(600_000);
    expect(clients).toHaveLength(1);
    expect(channel.status('s-1')).toBe('disconnected');
  });

  it('disconnect() logs out, destroys and never reconnects', async () => {
    useFakeTimers();
    const { channel, client, clients, events } = await connected();
    await channel.disconnect('s-1');
    expect(client.logout).toHaveBeenCalledTimes(1);
    expect(client.destroy).toHaveBeenCalled();
    expect(channel.status('s-1')).toBe('disconnected');
    expect(events).toEqual([{ type: 'disconnected', sessionId: 's-1', reason: 'logout' }]);
    // The browser going away after our logout is not a drop to recover from.
    client.emit('disconnected', 'NAVIGATION');
    await jest.advanceTimersByTimeAsync(600_000);
    expect(clients).toHaveLength(1);
    expect(events).toHaveLength(1);
  });

  it('detach() closes the browser without logout, report or reconnect (the session moves to another worker)', async () => {
    useFakeTimers();
    const { channel, client, clients, events } = await connected();
    await channel.detach('s-1');
    expect(client.logout).not.toHaveBeenCalled();
    expect(client.destroy).toHaveBeenCalled();
    expect(channel.status('s-1')).toBe('disconnected');
    client.emit('disconnected', 'NAVIGATION');
    await jest.advanceTimersByTimeAsync(600_000);
    expect(clients).toHaveLength(1);
    expect(events).toEqual([]);
  });

  it('disconnect() of a session still waiting for its QR destroys without logout', async () => {
    const { channel, clients } = setup();
    await channel.connect(session);
    await channel.disconnect('s-1');
    expect(clients[0]!.logout).not.toHaveBeenCalled();
    expect(clients[0]!.destroy).toHaveBeenCalled();
  });

  it('close() destroys every client and cancels pending reconnects', async () => {
    useFakeTimers();
    const { channel, clients } = setup();
    await channel.connect(session);
    await channel.connect({ ...session, sessionId: 's-2' });
    clients[0]!.ready();
    clients[0]!.emit('disconnected', 'NAVIGATION'); // s-1 now waits to reconnect
    await channel.close();
    expect(clients[1]!.destroy).toHaveBeenCalled();
    expect(clients[1]!.logout).not.toHaveBeenCalled(); // the saved login stays for the next start
    await jest.advanceTimersByTimeAsync(600_000);
    expect(clients).toHaveLength(2);
    expect(channel.status('s-1')).toBe('disconnected');
    expect(channel.status('s-2')).toBe('disconnected');
  });

  it('delivered() waits for what listeners are still recording', async () => {
    const { channel, clients } = setup();
    let record!: () => void;
    channel.onEvent(() => new Promise<void>((resolve) => (record = resolve)));
    await channel.connect(session);
    clients[0]!.ready();
    let done = false;
    const waiting = channel.delivered().then(() => (done = true));
    await flush();
    expect(done).toBe(false);
    record();
    await waiting;
    expect(done).toBe(true);
  });
});

describe('WhatsAppWebChannel: initialize() failing (offline)', () => {
  const offline = () => new Error('net::ERR_NAME_NOT_RESOLVED at https://web.whatsapp.com/');

  it('destroys the client, reports unavailable with the retry delay, retries with backoff, then connects', async () => {
    useFakeTimers();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const { channel, clients, of } = setup({}, (client, index) => {
        if (index < 2) client.initialize.mockRejectedValue(offline());
      });
      await channel.connect(session);
      await flush();
      expect(clients[0]!.destroy).toHaveBeenCalledTimes(1);
      expect(channel.status('s-1')).toBe('unavailable');
      expect(of('failed')).toEqual([
        {
          type: 'failed',
          sessionId: 's-1',
          error: expect.stringContaining('ERR_NAME_NOT_RESOLVED'),
          retryInMs: 1_000,
        },
      ]);

      await jest.advanceTimersByTimeAsync(999);
      expect(clients).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(1);
      await flush();
      expect(clients).toHaveLength(2);
      expect(clients[1]!.destroy).toHaveBeenCalledTimes(1);
      expect(of('failed').map((e) => e.retryInMs)).toEqual([1_000, 2_000]);

      await jest.advanceTimersByTimeAsync(2_000);
      await flush();
      expect(clients).toHaveLength(3);
      expect(channel.status('s-1')).toBe('connecting');
      clients[2]!.ready();
      expect(channel.status('s-1')).toBe('connected');
      expect(of('connected')).toHaveLength(1);
      expect(of('failed')).toHaveLength(2);
      await flush();
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('a destroy() that throws is ignored', async () => {
    const { channel, of } = setup({}, (client) => {
      client.initialize.mockRejectedValue(offline());
      client.destroy.mockRejectedValue(new Error('browser already closed'));
    });
    await channel.connect(session);
    await flush();
    expect(channel.status('s-1')).toBe('unavailable');
    expect(of('failed')).toHaveLength(1);
    await channel.close();
  });

  it('the delay is capped at 60 s', async () => {
    useFakeTimers();
    const { channel, of } = setup({}, (client) => client.initialize.mockRejectedValue(offline()));
    await channel.connect(session);
    for (let i = 0; i < 9; i++) {
      await flush();
      await jest.advanceTimersByTimeAsync(60_000);
    }
    await flush();
    const delays = of('failed').map((e) => e.retryInMs);
    expect(delays.slice(0, 7)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000]);
    expect(Math.max(...(delays as number[]))).toBe(60_000);
    await channel.close();
  });

  it('a client factory that throws is a failed attempt too', async () => {
    useFakeTimers();
    let calls = 0;
    const { channel, of } = setup({
      createClient: () => {
        calls++;
        throw new Error('whatsapp-web.js did not load');
      },
    });
    await channel.connect(session);
    expect(channel.status('s-1')).toBe('unavailable');
    expect(of('failed')[0]?.retryInMs).toBe(1_000);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(2);
    await channel.close();
  });

  it('disconnect() stops the retries', async () => {
    useFakeTimers();
    const { channel, clients, events } = setup({}, (client) =>
      client.initialize.mockRejectedValue(offline()),
    );
    await channel.connect(session);
    await flush();
    expect(channel.status('s-1')).toBe('unavailable');
    await channel.disconnect('s-1');
    expect(channel.status('s-1')).toBe('disconnected');
    expect(events.at(-1)).toEqual({ type: 'disconnected', sessionId: 's-1', reason: 'logout' });
    await jest.advanceTimersByTimeAsync(600_000);
    expect(clients).toHaveLength(1);
  });

  it('connect() while waiting to retry tries at once', async () => {
    useFakeTimers();
    const { channel, clients } = setup({}, (client, index) => {
      if (index === 0) client.initialize.mockRejectedValue(offline());
    });
    await channel.connect(session);
    await flush();
    await channel.connect(session);
    expect(clients).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(clients).toHaveLength(2); // the old timer was cancelled
  });

  it('its retry timer does not keep the process alive', async () => {
    const timeouts = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = timeouts();
    const { channel } = setup({ backoff: { baseDelayMs: 3_600_000 } }, (client) =>
      client.initialize.mockRejectedValue(offline()),
    );
    try {
      await channel.connect(session);
      await flush();
      expect(channel.status('s-1')).toBe('unavailable');
      expect(timeouts()).toBe(before);
    } finally {
      await channel.close();
    }
  });
});

describe('WhatsAppWebChannel: messages', () => {
  it('a text from a customer → inbound', async () => {
    const { client, events } = await connected();
    client.emit('message', fakeMessage({ id: 'ABC', body: 'Oi, tudo bem?', timestamp: 1_700_000_000 }));
    expect(events).toEqual([
      {
        type: 'inbound',
        sessionId: 's-1',
        message: {
          providerMessageId: 'false_ABC',
          chatId: CUSTOMER,
          from: '5511988887777',
          senderName: 'Maria',
          chatType: 'private',
          content: 'Oi, tudo bem?',
          type: 'chat',
          mediaUrl: null,
          timestamp: '2023-11-14T22:13:20.000Z',
        },
      },
    ]);
  });

  it('a group message → chatType group, from = the participant who wrote it', async () => {
    const { client, of } = await connected();
    client.emit(
      'message',
      fakeMessage({ from: '120363025@g.us', author: '5511977776666@c.us', _data: { notifyName: 'João' } }),
    );
    const [inbound] = of('inbound');
    expect(inbound?.message).toMatchObject({
      chatId: '120363025@g.us',
      chatType: 'group',
      from: '5511977776666',
      senderName: 'João',
    });
  });

  it('our own messages and status updates are skipped', async () => {
    const { client, events } = await connected();
    client.emit('message', fakeMessage({ fromMe: true }));
    client.emit('message', fakeMessage({ from: 'status@broadcast', author: '5511988887777@c.us' }));
    client.emit('message', fakeMessage({ type: 'e2e_notification', body: '' }));
    expect(events).toEqual([]);
  });

  it('an image → inbound with a pending media placeholder, then media stored', async () => {
    const { client, events, mediaStore } = await connected();
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const msg = fakeMessage({
      id: 'IMG1',
      type: 'image',
      body: 'veja a foto',
      hasMedia: true,
      media: { mimetype: 'image/jpeg', data: bytes.toString('base64') },
    });
    client.emit('message', msg);
    await flush();
    expect(events[0]).toMatchObject({
      type: 'inbound',
      message: { type: 'image', content: 'veja a foto', mediaUrl: `wwebjs-media:${msg.id._serialized}` },
    });
    expect(msg.downloadMedia).toHaveBeenCalledTimes(1);
    expect(mediaStore.saved).toHaveLength(1);
    expect(mediaStore.saved[0]).toMatchObject({
      sessionId: 's-1',
      providerMessageId: 'false_IMG1',
      chatId: CUSTOMER, // whose key seals it
      mimetype: 'image/jpeg',
    });
    expect(mediaStore.saved[0]!.data.equals(bytes)).toBe(true);
    expect(events[1]).toEqual({
      type: 'media',
      sessionId: 's-1',
      providerMessageId: 'false_IMG1',
      status: 'stored',
      mediaUrl: '/api/media/s-1/false_IMG1.jpg',
    });
  });

  it('media download throwing or returning nothing → media failed', async () => {
    const { client, of } = await connected();
    client.emit(
      'message',
      fakeMessage({ id: 'V1', type: 'video', hasMedia: true, media: new Error('Media expired') }),
    );
    client.emit('message', fakeMessage({ id: 'P1', type: 'ptt', body: '', hasMedia: true, media: null }));
    await flush();
    expect(of('inbound').map((e) => [e.message.type, e.message.mediaUrl])).toEqual([
      ['video', `wwebjs-media:false_${CUSTOMER}_V1`],
      ['ptt', `wwebjs-media:false_${CUSTOMER}_P1`],
    ]);
    expect(of('media')).toEqual([
      {
        type: 'media',
        sessionId: 's-1',
        providerMessageId: 'false_V1',
        status: 'failed',
        error: 'Media expired',
      },
      {
        type: 'media',
        sessionId: 's-1',
        providerMessageId: 'false_P1',
        status: 'failed',
        error: expect.any(String),
      },
    ]);
  });

  it('a media store that fails → media failed', async () => {
    const { client, of, mediaStore } = await connected();
    mediaStore.fail = new Error('ENOSPC: no space left on device');
    client.emit(
      'message',
      fakeMessage({
        id: 'D1',
        type: 'document',
        hasMedia: true,
        media: { mimetype: 'application/pdf', data: 'JVBERi0=' },
      }),
    );
    await flush();
    expect(of('media')).toEqual([
      {
        type: 'media',
        sessionId: 's-1',
        providerMessageId: 'false_D1',
        status: 'failed',
        error: expect.stringContaining('ENOSPC'),
      },
    ]);
  });

  it('retryMedia of a message recorded with its whole id (before issue 26) fetches it by that id', async () => {
    const { channel, client, of, mediaStore } = await connected();
    const msg = fakeMessage({
      id: 'IMG2',
      type: 'image',
      hasMedia: true,
      media: { mimetype: 'image/jpeg', data: Buffer.from('jpeg').toString('base64') },
    });
    const legacyId = msg.id._serialized;
    client.getMessageById.mockResolvedValue(msg);
    await channel.retryMedia('s-1', legacyId);
    expect(client.getMessageById).toHaveBeenCalledWith(legacyId);
    expect(mediaStore.saved.map((m) => m.providerMessageId)).toEqual([legacyId]); // its old media id
    expect(of('media')).toEqual([
      {
        type: 'media',
        sessionId: 's-1',
        providerMessageId: legacyId,
        status: 'stored',
        mediaUrl: `/api/media/s-1/${legacyId}.jpg`,
      },
    ]);
    expect(of('inbound')).toHaveLength(0); // only the media is reported again
  });

  it('retryMedia of a message WhatsApp no longer has, or of a session not connected → media failed', async () => {
    const { channel, client, of } = await connected();
    client.getMessageById.mockResolvedValue(null);
    await channel.retryMedia('s-1', 'GONE');
    await channel.retryMedia('s-9', 'X');
    expect(of('media')).toEqual([
      {
        type: 'media',
        sessionId: 's-1',
        providerMessageId: 'GONE',
        status: 'failed',
        error: expect.any(String),
      },
      {
        type: 'media',
        sessionId: 's-9',
        providerMessageId: 'X',
        status: 'failed',
        error: expect.any(String),
      },
    ]);
  });

  it('message_ack → delivered (device) and read (read, played); lower acks are ignored', async () => {
    const { client, events } = await connected();
    const sent = fakeMessage({ id: 'OUT1', fromMe: true });
    client.emit('message_ack', sent, 1);
    client.emit('message_ack', sent, 2);
    client.emit('message_ack', sent, 3);
    client.emit('message_ack', sent, 4);
    expect(events).toEqual([
      { type: 'ack', sessionId: 's-1', providerMessageId: 'true_OUT1', status: 'delivered' },
      { type: 'ack', sessionId: 's-1', providerMessageId: 'true_OUT1', status: 'read' },
      { type: 'ack', sessionId: 's-1', providerMessageId: 'true_OUT1', status: 'read' },
    ]);
  });

  it('after ready, the unread messages of each chat are backfilled as inbound', async () => {
    const { channel, clients, of } = setup({ backfillLimit: 5 });
    await channel.connect(session);
    const client = clients[0]!;
    const unread = [fakeMessage({ id: 'U1', body: 'um' }), fakeMessage({ id: 'U2', body: 'dois' })];
    const ours = fakeMessage({ id: 'MINE', fromMe: true });
    const busy = { id: { _serialized: 'b@c.us' }, unreadCount: 40, fetchMessages: jest.fn(async () => []) };
    const read = { id: { _serialized: 'r@c.us' }, unreadCount: 0, fetchMessages: jest.fn(async () => []) };
    const withUnread = {
      id: { _serialized: CUSTOMER },
      unreadCount: 2,
      fetchMessages: jest.fn(async () => [ours, ...unread]),
    };
    client.getChats.mockResolvedValue([read, withUnread, busy]);
    client.ready();
    await flush();
    expect(client.getChats).toHaveBeenCalledTimes(1);
    expect(read.fetchMessages).not.toHaveBeenCalled();
    expect(withUnread.fetchMessages).toHaveBeenCalledWith({ limit: 2 });
    expect(busy.fetchMessages).toHaveBeenCalledWith({ limit: 5 });
    expect(of('inbound').map((e) => e.message.providerMessageId)).toEqual(['false_U1', 'false_U2']);
  });

  it('a failing backfill is logged, not thrown', async () => {
    const warn = jest.fn();
    const { channel, clients, of } = setup({ logger: { warn } as never });
    await channel.connect(session);
    clients[0]!.getChats.mockRejectedValue(new Error('Execution context was destroyed'));
    clients[0]!.ready();
    await flush();
    expect(of('connected')).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ sessionId: 's-1' }), expect.any(String));
  });
});

describe('WhatsAppWebChannel: send', () => {
  const text = (messageId: string, chatId = CUSTOMER) => ({
    messageId,
    chatId,
    content: 'Olá!',
    type: 'text' as const,
  });

  it('sends through the client and returns the provider id', async () => {
    const { channel, client } = await connected();
    client.sendMessage.mockResolvedValueOnce({ id: fakeKey(true, CUSTOMER, 'P1') });
    await expect(channel.send('s-1', text('m-1'))).resolves.toEqual({ providerMessageId: 'true_P1' });
    expect(client.sendMessage).toHaveBeenCalledWith(CUSTOMER, 'Olá!');
  });

  it('sends a file as whatsapp-web.js media: image with its caption, audio as a voice note, PDF as a document', async () => {
    const { channel, client } = await connected();
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const file = (mimeType: string, fileName: string) => ({ bytes, mimeType, fileName });
    client.sendMedia.mockResolvedValueOnce({ id: fakeKey(true, CUSTOMER, 'IMG1') });
    await expect(
      channel.send('s-1', {
        ...text('m-img'),
        content: 'Seu recibo',
        type: 'image',
        media: file('image/png', 'recibo.png'),
      }),
    ).resolves.toEqual({ providerMessageId: 'true_IMG1' });
    await channel.send('s-1', {
      ...text('m-ogg'),
      content: '',
      type: 'audio',
      media: file('audio/ogg', 'a.ogg'),
    });
    await channel.send('s-1', {
      ...text('m-pdf'),
      content: 'Contrato',
      type: 'document',
      media: file('application/pdf', 'contrato.pdf'),
    });
    const media = (mimetype: string, filename: string) => ({
      mimetype,
      data: bytes.toString('base64'),
      filename,
    });
    expect(client.sendMedia.mock.calls).toEqual([
      [CUSTOMER, media('image/png', 'recibo.png'), { caption: 'Seu recibo' }],
      [CUSTOMER, media('audio/ogg', 'a.ogg'), { sendAudioAsVoice: true }],
      [
        CUSTOMER,
        media('application/pdf', 'contrato.pdf'),
        { caption: 'Contrato', sendMediaAsDocument: true },
      ],
    ]);
    expect(client.sendMessage).not.toHaveBeenCalled();
  });

  it('the same message id is sent once, also when asked twice at the same time', async () => {
    const { channel, client } = await connected();
    const [a, b] = await Promise.all([channel.send('s-1', text('m-1')), channel.send('s-1', text('m-1'))]);
    const c = await channel.send('s-1', text('m-1'));
    expect(client.sendMessage).toHaveBeenCalledTimes(1);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    await channel.send('s-1', text('m-2'));
    expect(client.sendMessage).toHaveBeenCalledTimes(2);
  });

  it('only the last sentCacheSize message ids are remembered', async () => {
    const { channel, client } = await connected({ sentCacheSize: 2 });
    await channel.send('s-1', text('m-1'));
    await channel.send('s-1', text('m-2'));
    await channel.send('s-1', text('m-3'));
    await channel.send('s-1', text('m-3'));
    expect(client.sendMessage).toHaveBeenCalledTimes(3);
    await channel.send('s-1', text('m-1'));
    expect(client.sendMessage).toHaveBeenCalledTimes(4);
  });

  it('an invalid / unregistered number is a permanent failure', async () => {
    const { channel, client } = await connected();
    client.sendMessage.mockRejectedValueOnce(new Error('Evaluation failed: Error: wid error: invalid wid'));
    const error = await channel.send('s-1', text('m-1')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChannelSendError);
    expect((error as ChannelSendError).permanent).toBe(true);

    const notAChat = await channel.send('s-1', text('m-2', 'not-a-chat')).catch((e: unknown) => e);
    expect((notAChat as ChannelSendError).permanent).toBe(true);
  });

  it('other failures are transient, and the message can be sent again', async () => {
    const { channel, client } = await connected();
    client.sendMessage.mockRejectedValueOnce(
      new Error('Protocol error (Runtime.callFunctionOn): Target closed'),
    );
    const error = await channel.send('s-1', text('m-1')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChannelSendError);
    expect((error as ChannelSendError).permanent).toBe(false);
    await expect(channel.send('s-1', text('m-1'))).resolves.toEqual({
      providerMessageId: expect.any(String),
    });
    expect(client.sendMessage).toHaveBeenCalledTimes(2);
  });

  it('a session that is not connected refuses, to be retried', async () => {
    const { channel, clients } = setup();
    const unknown = await channel.send('s-1', text('m-1')).catch((e: unknown) => e);
    expect((unknown as ChannelSendError).permanent).toBe(false);
    await channel.connect(session); // waiting for the QR scan
    const waiting = await channel.send('s-1', text('m-1')).catch((e: unknown) => e);
    expect(waiting).toBeInstanceOf(ChannelSendError);
    expect((waiting as ChannelSendError).permanent).toBe(false);
    expect(clients[0]!.sendMessage).not.toHaveBeenCalled();
  });
});
