import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Conversation, MemberRole } from '../../api/types';
import { conversationsRequested } from '../conversations/conversations-endpoints';
import { rowPushed } from '../conversations/test/conversation-fixtures';
import { loadAnnounced } from '../messages/messages-endpoints';
import { chatWindowsActions } from './chatWindowsSlice';
import { chatServer, chatStore, conversation, MARIA, me, renderWindows } from './test/chat-fixtures';

const server = chatServer();

const EXPORT = {
  exportedAt: '2026-01-11T09:00:00.000Z',
  contactId: MARIA,
  contact: { name: 'Maria Souza', phone: MARIA },
  events: [{ type: 'MessageReceived', occurredAt: '2026-01-10T12:00:00.000Z', data: { content: 'Oi' } }],
  notes: [{ id: 'n1', title: 'Maria', content: 'Ligar amanhã', createdAt: '2026-01-10T13:00:00.000Z' }],
};

interface Recorded {
  method: string;
  path: string;
  body: unknown;
  requestedWith: string | null;
}

/** The two LGPD routes: `erase` answers as given (200 by default); every call is recorded. */
function contactsApi(erase: { status: number; body: Record<string, unknown> } = okErase()) {
  const calls: Recorded[] = [];
  const record = async (request: Request) => {
    const body = request.method === 'POST' ? await request.json() : null;
    const { pathname } = new URL(request.url);
    calls.push({
      method: request.method,
      path: pathname,
      body,
      requestedWith: request.headers.get('x-requested-with'),
    });
  };
  server.use(
    http.get('/api/contacts/:contactId/export', async ({ request }) => {
      await record(request);
      return HttpResponse.json(
        { success: true, export: EXPORT },
        { headers: { 'content-disposition': 'attachment; filename="contato-5511999990001.json"' } },
      );
    }),
    http.post('/api/contacts/:contactId/erase', async ({ request }) => {
      await record(request);
      return HttpResponse.json(erase.body, { status: erase.status });
    }),
  );
  return calls;
}
function okErase() {
  return { status: 200, body: { success: true, message: 'Dados do contato excluídos' } };
}

/** Captures what downloadJson saves: the file name and its Blob. */
function captureDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let last: Blob | undefined;
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (blob: Blob) => {
      last = blob;
      return 'blob:atende/contato';
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, blob: last! });
  });
  return files;
}

function openWindow(role: MemberRole, row: Conversation = conversation()) {
  // Transferir's member list (not this test's business): an empty team.
  server.use(http.get('/api/team', () => HttpResponse.json({ success: true, members: [] })));
  const store = chatStore(server, { rows: [row], user: me({ role }) });
  const dispatch = jest.spyOn(store, 'dispatch');
  renderWindows(store);
  act(() => {
    store.dispatch(chatWindowsActions.chatWindowOpened({ conversationId: row.id }));
  });
  const panel = within(screen.getByRole('complementary', { name: 'Detalhes da conversa' }));
  return { store, panel, dispatch };
}

async function openEraseDialog(role: MemberRole = 'Owner') {
  const user = userEvent.setup();
  const opened = openWindow(role);
  const opener = opened.panel.getByRole('button', { name: 'Excluir dados do contato' });
  await user.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'Excluir dados do contato' });
  const input = within(dialog).getByRole('textbox', { name: 'Digite o número do contato para confirmar' });
  const confirm = within(dialog).getByRole('button', { name: 'Excluir definitivamente' });
  return { ...opened, user, opener, dialog, input, confirm };
}

beforeEach(() => localStorage.clear());
afterEach(() => jest.restoreAllMocks());

describe("side panel 'Contato': the customer's data (LGPD)", () => {
  it.each<MemberRole>(['Agente', 'Supervisor'])('%s sees neither button', (role) => {
    const { panel } = openWindow(role);
    expect(panel.getByText('Maria Souza')).toBeInTheDocument();
    expect(panel.queryByRole('button', { name: 'Exportar dados do contato' })).not.toBeInTheDocument();
    expect(panel.queryByRole('button', { name: 'Excluir dados do contato' })).not.toBeInTheDocument();
  });

  it.each<MemberRole>(['Owner', 'Admin'])('%s sees both buttons', (role) => {
    const { panel } = openWindow(role);
    expect(panel.getByRole('button', { name: 'Exportar dados do contato' })).toBeEnabled();
    expect(panel.getByRole('button', { name: 'Excluir dados do contato' })).toBeEnabled();
  });

  it('Exportar downloads the JSON as contato-<digits>.json and says so', async () => {
    const user = userEvent.setup();
    const calls = contactsApi();
    const files = captureDownloads();
    const { panel } = openWindow('Admin');

    await user.click(panel.getByRole('button', { name: 'Exportar dados do contato' }));
    expect(await panel.findByRole('status')).toHaveTextContent('Dados exportados');
    expect(calls).toEqual([
      {
        method: 'GET',
        path: '/api/contacts/5511999990001%40c.us/export',
        body: null,
        requestedWith: 'XMLHttpRequest',
      },
    ]);
    expect(files.map((f) => f.name)).toEqual(['contato-5511999990001.json']);
    expect(files[0]!.blob.type).toBe('application/json');
    expect(JSON.parse(await files[0]!.blob.text())).toEqual(EXPORT);
  });

  it("a refused export shows the server's error and downloads nothing", async () => {
    const user = userEvent.setup();
    const files = captureDownloads();
    server.use(
      http.get('/api/contacts/:contactId/export', () =>
        HttpResponse.json(
          { success: false, code: 'FORBIDDEN', error: 'Você não tem permissão para esta ação' },
          { status: 403 },
        ),
      ),
    );
    const { panel } = openWindow('Owner');
    await user.click(panel.getByRole('button', { name: 'Exportar dados do contato' }));
    expect(await panel.findByRole('alert')).toHaveTextContent('Você não tem permissão para esta ação');
    expect(files).toEqual([]);
  });

  it('the dialog explains the erasure, focuses the number and Cancelar returns focus to the button', async () => {
    const calls = contactsApi();
    const { user, opener, dialog, input, confirm } = await openEraseDialog();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(
      'Esta ação apaga de forma permanente o nome, o telefone, as mensagens e as mídias deste contato (LGPD). As contagens dos relatórios são mantidas.',
    );
    expect(input).toHaveFocus();
    expect(confirm).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog', { name: 'Excluir dados do contato' })).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(calls).toEqual([]);
  });

  it('Excluir definitivamente stays disabled until the digits typed are the phone (punctuation ignored)', async () => {
    const { user, input, confirm } = await openEraseDialog('Admin');
    await user.type(input, '+55 (11) 99999-000');
    expect(confirm).toBeDisabled();
    await user.type(input, '2');
    expect(confirm).toBeDisabled();
    await user.type(input, '{Backspace}1');
    expect(input).toHaveValue('+55 (11) 99999-0001');
    expect(confirm).toBeEnabled();
    await user.type(input, '9');
    expect(confirm).toBeDisabled();
  });

  it('erases with the number typed, closes, says so and reloads the messages and the row', async () => {
    const calls = contactsApi();
    const { user, store, panel, input, confirm, dispatch } = await openEraseDialog();
    const loads = () => store.actions.filter((action) => loadAnnounced.match(action)).length;
    const loadsBefore = loads();
    await user.type(input, '+55 (11) 99999-0001');
    await user.click(confirm);

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Excluir dados do contato' })).not.toBeInTheDocument(),
    );
    expect(panel.getByRole('status')).toHaveTextContent('Dados do contato excluídos');
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/contacts/5511999990001%40c.us/erase',
        body: { confirmPhone: '+55 (11) 99999-0001' },
        requestedWith: 'XMLHttpRequest',
      },
    ]);
    expect(store.actions.filter((action) => loadAnnounced.match(action)).at(-1)).toEqual(
      loadAnnounced({ conversationId: MARIA }),
    );
    expect(loads()).toBe(loadsBefore + 1);
    expect(dispatch).toHaveBeenCalledWith(conversationsRequested());

    // The server's updated row: the window shows it, and there is nothing left to erase.
    act(() => {
      store.dispatch(
        rowPushed(
          conversation({
            name: '[dado removido]',
            customerName: '[dado removido]',
            contactName: '[dado removido]',
            customerId: '[dado removido]',
            lastMessage: '[dado removido]',
          }),
        ),
      );
    });
    expect(screen.getByRole('dialog', { name: 'Conversa com [dado removido]' })).toBeInTheDocument();
    expect(panel.queryByRole('button', { name: 'Excluir dados do contato' })).not.toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Exportar dados do contato' })).toHaveFocus();
  });

  it.each([
    [400, 'CONFIRMATION_MISMATCH', 'O número digitado não confere com o do contato'],
    [409, 'CONTACT_ALREADY_ERASED', 'Os dados deste contato já foram excluídos'],
  ])("a refusal (%i %s) shows the server's error inside the dialog", async (status, code, error) => {
    contactsApi({ status, body: { success: false, code, error } });
    const { user, store, dialog, input, confirm } = await openEraseDialog();
    const loadsBefore = store.actions.filter((action) => loadAnnounced.match(action)).length;
    await user.type(input, '5511999990001');
    await user.click(confirm);

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(error);
    expect(dialog).toBeInTheDocument();
    expect(confirm).toBeEnabled();
    // The messages are not asked for again.
    expect(store.actions.filter((action) => loadAnnounced.match(action))).toHaveLength(loadsBefore);
  });
});
