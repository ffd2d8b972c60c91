import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createAppStore, type AppStore } from '../../app/store';
import { inboxLoaded } from '../conversations/test/conversation-fixtures';
import {
  type TestGateway,
  conversation,
  pushedRow,
  storedMessage,
  until,
} from '../realtime/test/test-gateway';
import { useRealtimeHarness } from '../realtime/test/realtime-harness';
import { NewMessageAnnouncer } from './NewMessageAnnouncer';

const harness = useRealtimeHarness();
let gateway: TestGateway;
beforeEach(() => {
  gateway = harness.gateway;
});

/** A signed-in store joined to the test gateway (at position 10), with Maria's conversation listed. */
async function liveStore(): Promise<AppStore> {
  const store = createAppStore({ navigate: jest.fn() });
  harness.stores.push(store);
  await until(() => store.getState().realtime.lastPosition === 10, 8000, 'joined');
  store.dispatch(inboxLoaded([conversation({ contactName: 'Maria Souza' })]));
  return store;
}

// Issue 31: a customer's new message is announced politely (aria-live) without taking the focus.
describe('NewMessageAnnouncer', () => {
  it("says 'Nova mensagem de {nome}' as a customer writes, leaving the focus where it is", async () => {
    const store = await liveStore();
    render(
      <Provider store={store}>
        <input aria-label="Buscar conversas" />
        <NewMessageAnnouncer />
      </Provider>,
    );
    const region = screen.getByTestId('new-message-announcer');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
    const search = screen.getByRole('textbox', { name: 'Buscar conversas' });
    search.focus();

    gateway.push('whatsapp:newMessage', { ...storedMessage(11) });
    await waitFor(() => expect(region).toHaveTextContent('Nova mensagem de Maria Souza'));
    expect(search).toHaveFocus();
    const first = region.firstElementChild;

    // Not news: the agent's own message, and a replay of one already handled (after a reconnect).
    gateway.push('whatsapp:newMessage', { ...storedMessage(12, { fromMe: true, sender: 'agent' }) });
    gateway.push('whatsapp:newMessage', { ...storedMessage(5) });
    await until(() => store.getState().realtime.lastPosition === 12, 8000, 'own message handled');
    expect(store.getState().layout.announcement?.id).toBe(1);
    expect(region.firstElementChild).toBe(first);

    // The same customer again: a new node, so the screen reader reads it again.
    gateway.push('whatsapp:newMessage', { ...storedMessage(13) });
    await waitFor(() => expect(region.firstElementChild).not.toBe(first));
    expect(region).toHaveTextContent('Nova mensagem de Maria Souza');
    expect(store.getState().layout.announcement?.id).toBe(2);
    expect(search).toHaveFocus();
  });

  it('names a conversation the list does not have yet after the row that comes with it', async () => {
    const store = await liveStore();
    render(
      <Provider store={store}>
        <NewMessageAnnouncer />
      </Provider>,
    );
    gateway.push('whatsapp:newMessage', {
      ...storedMessage(11, { conversationId: '5521977776666@c.us' }),
      conversation: pushedRow({ id: '5521977776666@c.us', name: 'João Lima' }),
    });
    await waitFor(() =>
      expect(screen.getByTestId('new-message-announcer')).toHaveTextContent('Nova mensagem de João Lima'),
    );
  });
});
