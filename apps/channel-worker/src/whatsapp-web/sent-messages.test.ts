import { ChannelSendError } from '@atende/events';
import type { ChatLike } from './client-like.js';
import { fakeClientFactory, fakeMessage } from './fake-wwebjs-client.js';
import { FIND_SENT_LIMIT, FIND_SENT_SKEW_SECONDS } from './sent-messages.js';
import { WhatsAppWebChannel } from './whatsapp-web-channel.js';

const session = { sessionId: 's-1', phoneNumber: '5511999990000', name: 'Suporte' };
const CUSTOMER = '5511988887777@c.us';
const GROUP = '120363000000000001@g.us';
/** The send attempt started then (Unix seconds 1 780 000 000). */
const SINCE = new Date(1_780_000_000_000);
const T = 1_780_000_000;

const flush = async (rounds = 5) => {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setImmediate(resolve));
};

async function connectedChannel() {
  const factory = fakeClientFactory();
  const channel = new WhatsAppWebChannel({
    createClient: factory.createClient,
    mediaSink: { save: async () => ({ mediaId: 'x' }) },
  });
  await channel.connect(session);
  const client = factory.clients[0]!;
  client.ready();
  await flush();
  return { channel, client };
}

/** A chat as WhatsApp Web has it: fetchMessages gives these (of any sender: the driver filters too). */
function chatWith(chatId: string, messages: ReturnType<typeof fakeMessage>[]) {
  const chat: ChatLike & { fetchMessages: jest.Mock } = {
    id: { _serialized: chatId },
    unreadCount: 0,
    fetchMessages: jest.fn(async () => messages),
  };
  return chat;
}

const ours = (id: string, body: string, timestamp: number, from = CUSTOMER) =>
  fakeMessage({ id, from, fromMe: true, body, timestamp });

describe('WhatsAppWebChannel.findSent', () => {
  it('finds our message with that text in the private chat since the attempt, in the form send returns', async () => {
    const { channel, client } = await connectedChannel();
    const chat = chatWith(CUSTOMER, [
      ours('3EB0OLD', 'Seu pedido saiu', T - FIND_SENT_SKEW_SECONDS - 1), // before the attempt
      fakeMessage({ id: 'THEIRS', from: CUSTOMER, body: 'Seu pedido saiu', timestamp: T + 1 }),
      ours('3EB0OTHER', 'Outro texto', T + 1),
      ours('3EB0SENT', 'Seu pedido saiu', T + 2),
      ours('3EB0SKEW', 'Seu pedido saiu', T - 5), // the clocks differ a little
    ]);
    client.getChatById.mockResolvedValue(chat);

    const found = await channel.findSent('s-1', {
      chatId: CUSTOMER,
      content: 'Seu pedido saiu',
      since: SINCE,
    });

    expect(found).toEqual(['true_3EB0SKEW', 'true_3EB0SENT']);
    expect(client.getChatById).toHaveBeenCalledWith(CUSTOMER);
    expect(chat.fetchMessages).toHaveBeenCalledWith({ limit: FIND_SENT_LIMIT, fromMe: true });
    // The same form as a send's provider id: no address in it.
    const { providerMessageId } = await channel.send('s-1', {
      chatId: CUSTOMER,
      content: 'x',
      type: 'text',
      messageId: 'm-x',
    });
    expect(providerMessageId).toMatch(/^true_[^@]+$/);
  });

  it('a media message is found by its kind and caption, never as a text with the same words', async () => {
    const { channel, client } = await connectedChannel();
    const media = (id: string, type: string, body: string) =>
      ({ ...ours(id, body, T + 1), type, hasMedia: true }) as ReturnType<typeof ours>;
    client.getChatById.mockResolvedValue(
      chatWith(CUSTOMER, [
        ours('3EB0TEXT', 'Seu recibo', T + 1),
        media('3EB0IMG', 'image', 'Seu recibo'),
        media('3EB0PTT', 'ptt', ''),
      ]),
    );
    const find = (type: 'image' | 'audio' | 'text' | 'document', content: string) =>
      channel.findSent('s-1', { chatId: CUSTOMER, content, type, since: SINCE });
    expect(await find('image', 'Seu recibo')).toEqual(['true_3EB0IMG']);
    expect(await find('text', 'Seu recibo')).toEqual(['true_3EB0TEXT']);
    expect(await find('audio', '')).toEqual(['true_3EB0PTT']);
    expect(await find('document', 'Seu recibo')).toEqual([]);
  });

  it('finds nothing when the chat has no such message of ours, or no chat at all', async () => {
    const { channel, client } = await connectedChannel();
    client.getChatById.mockResolvedValue(
      chatWith(CUSTOMER, [
        ours('A', 'Seu pedido saiu!', T + 1), // another text
        ours('B', 'Seu pedido saiu', T - FIND_SENT_SKEW_SECONDS - 10), // too old
        fakeMessage({ id: 'C', from: CUSTOMER, body: 'Seu pedido saiu', timestamp: T + 1 }), // the customer's
        fakeMessage({
          id: 'D',
          from: CUSTOMER,
          fromMe: true,
          body: 'Seu pedido saiu',
          type: 'image',
          timestamp: T + 1,
        }),
      ]),
    );
    const query = { chatId: CUSTOMER, content: 'Seu pedido saiu', since: SINCE };
    expect(await channel.findSent('s-1', query)).toEqual([]);

    client.getChatById.mockResolvedValue(undefined);
    expect(await channel.findSent('s-1', query)).toEqual([]);
  });

  it('in a group, the id has neither the chat nor the participant', async () => {
    const { channel, client } = await connectedChannel();
    const message = fakeMessage({
      id: 'G1',
      from: GROUP,
      author: '5511999990000@c.us',
      fromMe: true,
      body: 'Oi',
      timestamp: T,
    });
    client.getChatById.mockResolvedValue(chatWith(GROUP, [message]));
    expect(await channel.findSent('s-1', { chatId: GROUP, content: 'Oi', since: SINCE })).toEqual([
      'true_G1',
    ]);
  });

  it('cannot tell for a session that is not connected, nor when WhatsApp Web fails', async () => {
    const { channel, client } = await connectedChannel();
    const query = { chatId: CUSTOMER, content: 'Oi', since: SINCE };
    await expect(channel.findSent('other', query)).rejects.toBeInstanceOf(ChannelSendError);
    client.getChatById.mockRejectedValue(new Error('Evaluation failed'));
    await expect(channel.findSent('s-1', query)).rejects.toThrow('Evaluation failed');
  });
});
