import { fakeMessage } from './fake-wwebjs-client.js';
import { mediaPlaceholder, phoneOf, toInboundMessage } from './inbound-message.js';

describe('toInboundMessage', () => {
  it('maps a private text', () => {
    const message = toInboundMessage(
      fakeMessage({
        id: 'ID1',
        from: '5511988887777@c.us',
        body: 'Oi',
        type: 'chat',
        timestamp: 1_600_000_000,
      }),
    );
    expect(message).toEqual({
      providerMessageId: 'false_ID1',
      chatId: '5511988887777@c.us',
      from: '5511988887777',
      senderName: 'Maria',
      chatType: 'private',
      content: 'Oi',
      type: 'chat',
      mediaUrl: null,
      timestamp: '2020-09-13T12:26:40.000Z',
    });
  });

  it('takes the group participant as the sender and has no name without notifyName', () => {
    const message = toInboundMessage(
      fakeMessage({ from: '1203630@g.us', author: '5511977776666:3@c.us', _data: {} }),
    );
    expect(message).toMatchObject({
      chatType: 'group',
      chatId: '1203630@g.us',
      from: '5511977776666',
      senderName: null,
    });
  });

  it.each(['image', 'video', 'audio', 'ptt', 'document', 'sticker'])(
    'keeps the provider type %s and marks its media pending',
    (type) => {
      const message = toInboundMessage(fakeMessage({ id: 'M', type, body: '', hasMedia: true }));
      const placeholder = 'wwebjs-media:false_5511988887777@c.us_M'; // sealed: the whole id
      expect(message).toMatchObject({ type, content: '', mediaUrl: placeholder });
      expect(mediaPlaceholder('false_5511988887777@c.us_M')).toBe(placeholder);
    },
  );

  it('skips our messages, statuses, broadcasts, newsletters, system entries and empty texts', () => {
    expect(toInboundMessage(fakeMessage({ fromMe: true }))).toBeNull();
    expect(toInboundMessage(fakeMessage({ from: 'status@broadcast' }))).toBeNull();
    expect(toInboundMessage(fakeMessage({ isStatus: true }))).toBeNull();
    expect(toInboundMessage(fakeMessage({ from: '1203@newsletter' }))).toBeNull();
    expect(toInboundMessage(fakeMessage({ type: 'e2e_notification' }))).toBeNull();
    expect(toInboundMessage(fakeMessage({ type: 'revoked' }))).toBeNull();
    expect(toInboundMessage(fakeMessage({ type: 'location', body: '  ' }))).toBeNull();
  });

  it('uses the clock when the message has no usable timestamp', () => {
    const now = () => new Date('2026-01-02T03:04:05.000Z');
    expect(toInboundMessage(fakeMessage({ timestamp: 0 }), now)?.timestamp).toBe('2026-01-02T03:04:05.000Z');
  });

  it('phoneOf keeps the digits of the user part', () => {
    expect(phoneOf('5511988887777@c.us')).toBe('5511988887777');
    expect(phoneOf('5511988887777:12@c.us')).toBe('5511988887777');
    expect(phoneOf(undefined)).toBe('');
  });
});
