import { http, HttpResponse } from 'msw';
import { createAppStore, type AppStore } from '../../app/store';
import { conversationsApi } from '../conversations/conversations-endpoints';
import { inboxLoaded, inboxOf } from '../conversations/test/conversation-fixtures';
import {
  CHAT,
  type TestGateway,
  conversation,
  pushedRow,
  storedMessage,
  until,
} from '../realtime/test/test-gateway';
import { useRealtimeHarness } from '../realtime/test/realtime-harness';
import { layoutActions, selectUnreadTotal } from './layoutSlice';

const harness = useRealtimeHarness();
const { server, stores } = harness;
let gateway: TestGateway;
beforeEach(async () => {
  gateway = harness.gateway;
  server.use(
    http.post('/api/conversations/:id/read', () =>
      HttpResponse.json({ success: true, conversation: conversation({ unreadCount: 0 }) }),
    ),
  );
});
afterEach(async () => {});

/**
 * Issue 31: the sidebar badge waited for the next 5 s stats poll while the list changed at once.
 * The poll never starts here, so only the socket (or a read) can move the badge.
 */
describe('the unread badge follows the socket', () => {
  async function liveStore(): Promise<AppStore> {
    const store = createAppStore({ navigate: jest.fn() });
    stores.push(store);
    await until(() => store.getState().realtime.lastPosition === 10, 8000, 'joined');
    store.dispatch(inboxLoaded([conversation({ unreadCount: 0 })]));
    store.dispatch(
      layoutActions.statsLoaded({
        totalConversations: 3,
        activeConversations: 3,
        unreadTotal: 5,
        channels: ['whatsapp'],
      }),
    );
    return store;
  }
  const badge = (store: AppStore) => selectUnreadTotal(store.getState());
  const rowUnread = (store: AppStore) => inboxOf(store.getState()).entities[CHAT]?.unreadCount;

  it('rises with whatsapp:newMessage and falls when the conversation is read', async () => {
    const store = await liveStore();

    gateway.push('whatsapp:newMessage', { ...storedMessage(11) });
    await until(() => rowUnread(store) === 1);
    expect(badge(store)).toBe(6);

    gateway.push('whatsapp:newMessage', {
      ...storedMessage(12),
      conversation: pushedRow({ unreadCount: 3, messageCount: 3 }),
    });
    await until(() => rowUnread(store) === 3);
    expect(badge(store)).toBe(8);

    // Read in another tab: the server's conversation:updated carries the row at 0.
    gateway.push('conversation:updated', { conversation: pushedRow({ unreadCount: 0 }) });
    await until(() => rowUnread(store) === 0);
    expect(badge(store)).toBe(5);
  });

  it('falls at once when this tab reads the conversation', async () => {
    const store = await liveStore();
    gateway.push('whatsapp:newMessage', {
      ...storedMessage(11),
      conversation: pushedRow({ unreadCount: 2 }),
    });
    await until(() => rowUnread(store) === 2);
    expect(badge(store)).toBe(7);

    void store.dispatch(conversationsApi.endpoints.markConversationRead.initiate(CHAT, { track: false }));
    expect(badge(store)).toBe(5);
    await until(() => inboxOf(store.getState()).pending[CHAT] === undefined);
    expect(badge(store)).toBe(5);
  });

  it('keeps an archived conversation counted, as the server does', async () => {
    const store = await liveStore();
    gateway.push('whatsapp:newMessage', {
      ...storedMessage(11),
      conversation: pushedRow({ unreadCount: 2 }),
    });
    await until(() => rowUnread(store) === 2);
    gateway.push('conversation:updated', {
      conversation: pushedRow({ unreadCount: 2, isArchived: true, status: 'archived' }),
    });
    await until(() => rowUnread(store) === undefined);
    expect(badge(store)).toBe(7);
  });
});
