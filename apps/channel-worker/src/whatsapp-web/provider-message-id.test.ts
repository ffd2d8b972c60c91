import type { ChannelEvent } from '@atende/events';
import { fakeClientFactory, fakeKey, fakeMessage } from './fake-wwebjs-client.js';
import type { MediaSink, MediaToStore } from './media-sink.js';
import { providerMessageIdOf } from './provider-message-id.js';
import { WhatsAppWebChannel } from './whatsapp-web-channel.js';

const session = { sessionId: 's-1', phoneNumber: '5511999990000', name: 'Suporte' };
const CUSTOMER_PHONE = '5511955554444';
const PRIVATE = `${CUSTOMER_PHONE}@c.us`;
const GROUP = '120363025111@g.us';
const MEMBER_PHONE = '5511977776666';
/** Every number these tests use: none may be in a provider id. */
const ADDRESS_DIGITS = [CUSTOMER_PHONE, MEMBER_PHONE, '120363025111'];
const jpeg = { mimetype: 'image/jpeg', data: Buffer.from('jpeg').toString('base64') };

const flush = async (rounds = 5) => {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setImmediate(resolve));
};

class MemoryMediaSink implements MediaSink {
  readonly saved: MediaToStore[] = [];
  async save(media: MediaToStore) {
    this.saved.push(media);
    return { mediaId: `${media.sessionId}/${media.providerMessageId}.jpg` };
  }
}

/** A connected channel on a fake client, and every provider id it reported or returned. */
async function connected() {
  const factory = fakeClientFactory();
  const channel = new WhatsAppWebChannel({
    createClient: factory.createClient,
    mediaSink: new MemoryMediaSink(),
  });
  const events: ChannelEvent[] = [];
  channel.onEvent((event) => void events.push(event));
  await channel.connect(session);
  const client = factory.clients[0]!;
  client.ready();
  await flush();
  const sentIds: string[] = [];
  const send = async (messageId: string, chatId: string) => {
    const { providerMessageId } = await channel.send('s-1', {
      messageId,
      chatId,
      content: 'Olá',
      type: 'text',
    });
    sentIds.push(providerMessageId);
    return providerMessageId;
  };
  const of = <T extends ChannelEvent['type']>(type: T) =>
    events.filter((e): e is Extract<ChannelEvent, { type: T }> => e.type === type);
  const providerIds = () => [
    ...sentIds,
    ...events.flatMap((e) =>
      e.type === 'inbound'
        ? [e.message.providerMessageId]
        : 'providerMessageId' in e
          ? [e.providerMessageId]
          : [],
    ),
  ];
  return { channel, client, events, of, send, providerIds };
}

function expectNoAddressIn(ids: string[]): void {
  expect(ids.length).toBeGreaterThan(0);
  for (const id of ids) {
    expect(id).not.toContain('@');
    for (const digits of ADDRESS_DIGITS) expect(id).not.toContain(digits);
  }
}

describe('providerMessageIdOf', () => {
  it('keeps fromMe and the message own id, never the chat or the participant', () => {
    expect(providerMessageIdOf(fakeKey(false, PRIVATE, '3EB0C767D26A1F8E'))).toBe('false_3EB0C767D26A1F8E');
    expect(providerMessageIdOf(fakeKey(true, PRIVATE, '3EB0AB'))).toBe('true_3EB0AB');
    expect(providerMessageIdOf(fakeKey(false, GROUP, '3EB0CD', `${MEMBER_PHONE}@c.us`))).toBe('false_3EB0CD');
  });

  it('falls back on the whole id without its address, and gives up rather than keep one', () => {
    expect(providerMessageIdOf({ _serialized: `false_${GROUP}_3EB0CD_${MEMBER_PHONE}@c.us` })).toBe(
      'false_3EB0CD',
    );
    expect(providerMessageIdOf({ _serialized: `false_${PRIVATE}` })).toBeNull();
    expect(providerMessageIdOf({ fromMe: false, id: PRIVATE, _serialized: PRIVATE })).toBeNull();
    expect(providerMessageIdOf(undefined)).toBeNull();
  });
});

describe('WhatsAppWebChannel: provider ids carry no address (issue 26)', () => {
  it('inbound, sent and acked, private and group: one id per message, none with an address', async () => {
    const { client, of, send, providerIds } = await connected();
    client.emit('message', fakeMessage({ id: '3EB0P1', from: PRIVATE }));
    client.emit('message', fakeMessage({ id: '3EB0G1', from: GROUP, author: `${MEMBER_PHONE}@c.us` }));
    expect(of('inbound').map((e) => [e.message.chatId, e.message.providerMessageId])).toEqual([
      [PRIVATE, 'false_3EB0P1'],
      [GROUP, 'false_3EB0G1'],
    ]);

    const toPrivate = await send('m-1', PRIVATE);
    const toGroup = await send('m-2', GROUP);
    // whatsapp-web.js acks with the sent Message: the same key as sendMessage answered.
    const [privateKey, groupKey] = await Promise.all(
      client.sendMessage.mock.results.map((r) => r.value as Promise<{ id: ReturnType<typeof fakeKey> }>),
    );
    client.emit('message_ack', { ...fakeMessage({ fromMe: true }), id: privateKey!.id }, 2);
    client.emit('message_ack', { ...fakeMessage({ fromMe: true }), id: groupKey!.id }, 3);
    expect(of('ack')).toEqual([
      { type: 'ack', sessionId: 's-1', providerMessageId: toPrivate, status: 'delivered' },
      { type: 'ack', sessionId: 's-1', providerMessageId: toGroup, status: 'read' },
    ]);
    expectNoAddressIn(providerIds());
  });

  it('a message seen live and again by the backfill gets the same id', async () => {
    const { client, of } = await connected();
    const live = fakeMessage({ id: '3EB0SAME', from: GROUP, author: `${MEMBER_PHONE}@c.us` });
    client.emit('message', live);
    const again = fakeMessage({ id: '3EB0SAME', from: GROUP, author: `${MEMBER_PHONE}@c.us` });
    client.getChats.mockResolvedValue([
      { id: { _serialized: GROUP }, unreadCount: 1, fetchMessages: jest.fn(async () => [again]) },
    ]);
    client.ready();
    await flush();
    const ids = of('inbound').map((e) => e.message.providerMessageId);
    expect(ids).toEqual(['false_3EB0SAME', 'false_3EB0SAME']);
  });

  it.each([
    ['private', PRIVATE, undefined],
    ['group', GROUP, `${MEMBER_PHONE}@c.us`],
  ])(
    'retries the media of a %s message: by its full id, remembered or read from its sealed placeholder',
    async (_, from, author) => {
      const { channel, client, of, providerIds } = await connected();
      const msg = fakeMessage({
        id: '3EB0IMG',
        from,
        author,
        type: 'image',
        hasMedia: true,
        media: new Error('expired'),
      });
      client.emit('message', msg);
      await flush();
      const [inbound] = of('inbound');
      const providerMessageId = inbound!.message.providerMessageId;
      expect(providerMessageId).toBe('false_3EB0IMG');
      // The placeholder (sealed in the log: mediaUrl is a contact field) keeps the whole id.
      expect(inbound!.message.mediaUrl).toBe(`wwebjs-media:${msg.id._serialized}`);
      client.getMessageById.mockResolvedValue({ ...msg, downloadMedia: jest.fn(async () => jpeg) });

      await channel.retryMedia('s-1', providerMessageId); // same process: remembered
      expect(client.getMessageById).toHaveBeenLastCalledWith(msg.id._serialized);

      const restarted = await connected(); // another process: only the log knows it
      restarted.client.getMessageById.mockResolvedValue({ ...msg, downloadMedia: jest.fn(async () => jpeg) });
      await restarted.channel.retryMedia('s-1', providerMessageId, { mediaUrl: inbound!.message.mediaUrl });
      expect(restarted.client.getMessageById).toHaveBeenCalledWith(msg.id._serialized);
      for (const media of [...of('media'), ...restarted.of('media')]) {
        expect(media).toMatchObject({ providerMessageId });
      }
      expect(restarted.of('media')).toEqual([
        expect.objectContaining({ status: 'stored', mediaUrl: `/api/media/s-1/${providerMessageId}.jpg` }),
      ]);
      expectNoAddressIn([...providerIds(), ...restarted.providerIds()]);
    },
  );

  it('a retry the channel cannot place (nothing remembered nor recorded) fails without asking WhatsApp', async () => {
    const { channel, client, of } = await connected();
    await channel.retryMedia('s-1', 'false_3EB0LOST', { mediaUrl: null });
    expect(client.getMessageById).not.toHaveBeenCalled();
    expect(of('media')).toEqual([
      expect.objectContaining({ providerMessageId: 'false_3EB0LOST', status: 'failed' }),
    ]);
  });
});
