import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { formatDateTime } from '../notes/note-format';
import { createTestStore, note, renderWithStore, stopTestStores } from '../notes/test/note-fixtures';
import type { AppNotification } from './notifications-api';
import { NotificationsBell } from './NotificationsBell';
import { notification, notificationHandlers } from './test/notification-fixtures';
import { useApiServer } from '../../test/api-server';

const server = useApiServer(stopTestStores);

let listed: AppNotification[] = [];
const listing = { get: () => listed, set: (next: AppNotification[]) => (listed = next) };

function serve() {
  const calls: string[] = [];
  server.use(
    ...notificationHandlers(listing, calls),
    http.get('/api/notes/:id', ({ params }) =>
      HttpResponse.json({
        success: true,
        note: note(Number(String(params.id).slice(1)), { title: `Nota ${String(params.id).slice(1)}` }),
      }),
    ),
  );
  return calls;
}

function renderBell() {
  const store = createTestStore();
  return renderWithStore(<NotificationsBell />, store);
}

beforeEach(() => {
  listed = [notification(3), notification(2), notification(1, { read: true })];
});

describe('NotificationsBell', () => {
  it('shows the unread count and lists the notifications newest first', async () => {
    serve();
    const { user } = renderBell();
    const bell = await screen.findByRole('button', { name: 'Notificações: 2 não lidas' });
    expect(screen.getByTestId('notifications-badge')).toHaveTextContent('2');

    await user.click(bell);
    const panel = screen.getByRole('dialog', { name: 'Notificações' });
    const items = within(within(panel).getByRole('list', { name: 'Lista de notificações' })).getAllByRole(
      'button',
    );
    expect(items.map((b) => b.textContent)).toEqual([
      `Lembrete: Nota 3${formatDateTime(listed[0]!.reminder)}Não lida`,
      `Lembrete: Nota 2${formatDateTime(listed[1]!.reminder)}Não lida`,
      `Lembrete: Nota 1${formatDateTime(listed[2]!.reminder)}`,
    ]);
  });

  it('a click marks it read and opens the note', async () => {
    const calls = serve();
    const { user } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notificações: 2 não lidas' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Notificações' })).getByRole('button', {
        name: /^Lembrete: Nota 2/,
      }),
    );
    expect(await screen.findByRole('dialog', { name: 'Nota 2' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Notificações' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notificações: 1 não lida' })).toBeInTheDocument();
    await waitFor(() => expect(calls).toContain('READ n2:1'));
    // Opening a read one again tells the server nothing.
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Notificações: 1 não lida' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Notificações' })).getByRole('button', {
        name: /^Lembrete: Nota 1/,
      }),
    );
    expect(await screen.findByRole('dialog', { name: 'Nota 1' })).toBeInTheDocument();
    expect(calls.filter((c) => c.startsWith('READ'))).toEqual(['READ n2:1']);
  });

  it("'Limpar' clears the list", async () => {
    const calls = serve();
    const { user } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notificações: 2 não lidas' }));
    const panel = screen.getByRole('dialog', { name: 'Notificações' });
    await user.click(within(panel).getByRole('button', { name: 'Limpar' }));
    expect(within(panel).getByText('Nenhuma notificação')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Limpar' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Notificações' })).toBeInTheDocument();
    await waitFor(() => expect(calls).toContain('CLEAR'));
  });

  it('a new notification shows a toast that opens the note or closes', async () => {
    const calls = serve();
    const { user } = renderBell();
    await screen.findByRole('button', { name: 'Notificações: 2 não lidas' });
    listed = [
      notification(4, { title: 'Retornar ligação', message: 'Lembrete: Retornar ligação' }),
      ...listed,
    ];
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    const toast = await screen.findByRole('status');
    await waitFor(() => expect(toast).toHaveTextContent('Lembrete: Retornar ligação'));
    await user.click(within(toast).getByRole('button', { name: 'Fechar aviso' }));
    expect(toast).toBeEmptyDOMElement();

    listed = [notification(5, { message: 'Lembrete: Nota 5' }), ...listed];
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(toast).toHaveTextContent('Lembrete: Nota 5'));
    await user.click(within(toast).getByRole('button', { name: 'Abrir anotação' }));
    expect(await screen.findByRole('dialog', { name: 'Nota 5' })).toBeInTheDocument();
    expect(toast).toBeEmptyDOMElement();
    await waitFor(() => expect(calls).toContain('READ n5:1'));
  });

  it('stops polling when it leaves the screen', async () => {
    const calls = serve();
    const { unmount, store } = renderBell();
    await waitFor(() => expect(calls).toEqual(['GET']));
    unmount();
    // Its subscription is gone: no poll, nothing on focus.
    expect(store.getState().api?.subscriptions).toEqual({});
    window.dispatchEvent(new Event('focus'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls).toEqual(['GET']);
  });
});
