import { EventEmitter } from 'node:events';
import type {
  ChatLike,
  ClientLike,
  MediaLike,
  MediaSendOptions,
  MessageKeyLike,
  MessageLike,
} from './client-like.js';

/** A message key as whatsapp-web.js makes it: `_serialized` holds the chat (and the participant). */
export function fakeKey(
  fromMe: boolean,
  remote: string,
  id: string,
  participant?: string | null,
): MessageKeyLike {
  const tail = participant ? `_${participant}` : '';
  return {
    fromMe,
    remote,
    id,
    ...(participant ? { participant } : {}),
    _serialized: `${fromMe}_${remote}_${id}${tail}`,
  };
}

/** A whatsapp-web.js Client stand-in for tests: emit its events by hand, inspect its jest.fn calls. */
export class FakeWwebjsClient extends EventEmitter implements ClientLike {
  info: { wid: { user: string } } | null = null;
  readonly initialize = jest.fn(async (): Promise<void> => undefined);
  readonly destroy = jest.fn(async (): Promise<void> => undefined);
  readonly logout = jest.fn(async (): Promise<void> => undefined);
  readonly sendMessage = jest.fn(async (chatId: string, _content: string) => ({
    id: fakeKey(true, chatId, `SENT${++this.sentCount}`),
  }));
  readonly sendMedia = jest.fn(async (chatId: string, _media: MediaLike, _options: MediaSendOptions) => ({
    id: fakeKey(true, chatId, `SENT${++this.sentCount}`),
  }));
  readonly getChats = jest.fn(async (): Promise<ChatLike[]> => []);
  readonly getChatById = jest.fn(async (_chatId: string): Promise<ChatLike | undefined> => undefined);
  readonly getMessageById = jest.fn(async (_id: string): Promise<MessageLike | null> => null);
  private sentCount = 0;

  constructor(readonly sessionId: string) {
    super();
  }

  /** WhatsApp Web finished loading with this phone logged in. */
  ready(phone = '5511999990000'): void {
    this.info = { wid: { user: phone } };
    this.emit('ready');
  }
}

/** A client factory that keeps every client it made, oldest first. */
export function fakeClientFactory(prepare?: (client: FakeWwebjsClient, index: number) => void) {
  const clients: FakeWwebjsClient[] = [];
  const createClient = jest.fn((sessionId: string) => {
    const client = new FakeWwebjsClient(sessionId);
    prepare?.(client, clients.length);
    clients.push(client);
    return client;
  });
  return { clients, createClient };
}

let nextId = 0;

/**
 * A received message (text from a customer unless overridden). `id` is WhatsApp's own id of the
 * message (`id.id`); its key is made from it, the chat (`from`) and, in a group, the `author`.
 */
export function fakeMessage(
  overrides: Partial<Omit<MessageLike, 'id' | 'downloadMedia'>> & {
    id?: string;
    media?: MediaLike | null | Error;
  } = {},
): MessageLike & { downloadMedia: jest.Mock } {
  const { id, media, ...rest } = overrides;
  const from = rest.from ?? '5511988887777@c.us';
  const fromMe = rest.fromMe ?? false;
  const participant = from.endsWith('@g.us') ? rest.author : null;
  return {
    id: fakeKey(fromMe, from, id ?? `M${++nextId}`, participant),
    from,
    fromMe,
    body: 'Olá',
    type: 'chat',
    timestamp: 1_700_000_000,
    hasMedia: false,
    _data: { notifyName: 'Maria' },
    ...rest,
    downloadMedia: jest.fn(async () => {
      if (media instanceof Error) throw media;
      return media ?? undefined;
    }),
  };
}
