import type { InboxStore } from '../conversations/test/inbox-store';
import { CHAT, storedMessage } from '../realtime/test/test-gateway';
import { toChatMessage, type MediaSendRequested } from './message-model';
import { messagesActions, selectConversationMessages } from './messages-endpoints';
import { apply, initial, useCacheTests } from './test/cache-store';

useCacheTests();
const items = (store: InboxStore) => selectConversationMessages(store.getState(), CHAT);

const LOCAL = '0b6f3c1e-5d2a-4f7b-9c3e-1a2b3c4d5e6f';
const request = (overrides: Partial<MediaSendRequested> = {}) =>
  messagesActions.mediaSendRequested({
    conversationId: CHAT,
    localId: LOCAL,
    type: 'image',
    content: 'Segue a foto',
    fileName: 'foto.png',
    previewUrl: 'blob:foto',
    timestamp: '2025-03-10T12:10:00.000Z',
    ...overrides,
  });
const progressed = (progress: number) =>
  messagesActions.mediaUploadProgressed({ conversationId: CHAT, localId: LOCAL, progress });
const failed = (error: string) =>
  messagesActions.messageSendFailed({ conversationId: CHAT, localId: LOCAL, error });
const stored = storedMessage(9, {
  id: LOCAL,
  sender: 'agent',
  fromMe: true,
  status: 'sent',
  type: 'image',
  content: 'Segue a foto',
  mediaUrl: '/api/media/w_1/m9',
  mediaStatus: 'stored',
  fileName: 'foto.png',
});

describe('a file the agent sends', () => {
  it('appears at once after the stored messages: own, sending at 0 %, with its local preview', () => {
    const state = apply(
      initial(),
      messagesActions.messagesLoaded({ conversationId: CHAT, messages: [toChatMessage(storedMessage(1))!] }),
      request(),
    );
    expect(items(state)).toHaveLength(2);
    expect(items(state)[1]).toEqual({
      localId: LOCAL,
      id: null,
      conversationId: CHAT,
      content: 'Segue a foto',
      sender: 'agent',
      fromMe: true,
      senderName: '',
      timestamp: '2025-03-10T12:10:00.000Z',
      createdAt: '2025-03-10T12:10:00.000Z',
      type: 'image',
      status: 'sending',
      mediaUrl: 'blob:foto',
      mediaStatus: 'stored',
      fileName: 'foto.png',
      error: null,
      progress: 0,
    });
    // without a preview (not an image) it has no media to show yet, only its name
    const document = apply(initial(), request({ type: 'document', previewUrl: null, fileName: 'a.pdf' }));
    expect(items(document)[0]).toMatchObject({ mediaUrl: null, mediaStatus: 'pending', fileName: 'a.pdf' });
  });

  it('moves its progress while sending; the same id again retries it once failed, never doubles it', () => {
    let state = apply(initial(), request(), progressed(42));
    expect(items(state)[0]!.progress).toBe(42);
    state = apply(state, request());
    expect(items(state)).toHaveLength(1);
    expect(items(state)[0]!.progress).toBe(42);

    state = apply(state, failed('Arquivo maior que 16 MB'), progressed(50));
    expect(items(state)[0]).toMatchObject({
      status: 'failed',
      error: 'Arquivo maior que 16 MB',
      progress: 42,
    });
    state = apply(state, request());
    expect(items(state)).toHaveLength(1);
    expect(items(state)[0]).toMatchObject({ status: 'sending', error: null, progress: 0 });
  });

  it("the answer's stored message replaces it; the socket's copy, first or after, is the same message", () => {
    const answered = apply(
      initial(),
      request(),
      messagesActions.messageSendSucceeded({
        conversationId: CHAT,
        localId: LOCAL,
        messageId: LOCAL,
        message: stored,
      }),
      messagesActions.messageReceived({ ...stored, status: 'delivered', clientMessageId: LOCAL }),
    );
    expect(items(answered)).toHaveLength(1);
    expect(items(answered)[0]).toMatchObject({
      localId: LOCAL,
      id: LOCAL,
      status: 'delivered',
      mediaUrl: '/api/media/w_1/m9',
      fileName: 'foto.png',
    });

    const echoedFirst = apply(
      initial(),
      request(),
      messagesActions.messageReceived({ ...stored, clientMessageId: LOCAL }),
      // the upload's answer lost after all: the server has it, so it is not failed
      failed('Erro de conexão'),
    );
    expect(items(echoedFirst)).toHaveLength(1);
    expect(items(echoedFirst)[0]).toMatchObject({ id: LOCAL, status: 'sent', mediaUrl: '/api/media/w_1/m9' });
  });

  it('a discarded send leaves the list; a stored message is never discarded', () => {
    const discard = messagesActions.messageDiscarded({ conversationId: CHAT, localId: LOCAL });
    expect(items(apply(initial(), request(), failed('Erro de conexão'), discard))).toEqual([]);
    const kept = apply(
      initial(),
      messagesActions.messagesLoaded({ conversationId: CHAT, messages: [toChatMessage(stored)!] }),
      discard,
    );
    expect(items(kept)).toHaveLength(1);
  });

  it("keeps a server message's file name (absent on older servers)", () => {
    expect(toChatMessage({ ...stored, type: 'document', fileName: 'boleto.pdf' })!.fileName).toBe(
      'boleto.pdf',
    );
    expect(toChatMessage(storedMessage(1))).not.toHaveProperty('fileName');
  });
});
