import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { authActions } from '../auth/authSlice';
import type { WorkspaceSettings } from './settings-model';
import { SAVED_NOTICE_MS } from './useSettingsCommands';
import { member, renderSettings, serverDefaults, stopSettingsSagas } from './test/settings-store';

const IMPORT_ERROR = 'Erro ao importar arquivo. Verifique se o formato está correto.';

const server = setupServer(
  http.all('/api/*', () => HttpResponse.json({ success: false, error: 'não stub' }, { status: 404 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  stopSettingsSagas();
  server.resetHandlers();
  jest.useRealTimers();
  jest.restoreAllMocks();
});
afterAll(() => server.close());

interface Calls {
  requests: { method: string; path: string; body: unknown }[];
}

/** The settings API, kept in memory like the server does. */
function serveSettings(initial: WorkspaceSettings = serverDefaults()): Calls {
  let settings = initial;
  const calls: Calls = { requests: [] };
  const log = async (request: Request) => {
    const text = request.method === 'GET' ? '' : await request.text();
    calls.requests.push({
      method: request.method,
      path: new URL(request.url).pathname,
      body: text ? JSON.parse(text) : undefined,
    });
  };
  server.use(
    http.get('/api/settings', async ({ request }) => {
      await log(request);
      return HttpResponse.json({ success: true, settings, companyName: 'Minha Empresa' });
    }),
    http.put('/api/settings', async ({ request }) => {
      await log(request);
      settings = calls.requests.at(-1)!.body as WorkspaceSettings;
      return HttpResponse.json({ success: true, settings, message: 'Salvo!' });
    }),
    http.post('/api/settings/import', async ({ request }) => {
      await log(request);
      settings = (calls.requests.at(-1)!.body as { settings: WorkspaceSettings }).settings;
      return HttpResponse.json({ success: true, settings, message: 'Configurações importadas com sucesso!' });
    }),
    http.get('/api/settings/export', async ({ request }) => {
      await log(request);
      return HttpResponse.json(settings, {
        headers: { 'Content-Disposition': 'attachment; filename="atende-settings.json"' },
      });
    }),
  );
  return calls;
}

/** Captures what downloadJson saves: the file name and its JSON. */
function captureDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let last: Blob | undefined;
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (blob: Blob) => {
      last = blob;
      return 'blob:atende/1';
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, blob: last! });
  });
  return files;
}

const tab = (name: string) => screen.getByRole('tab', { name });
const toggle = (name: string) => screen.getByRole('switch', { name });

async function loaded() {
  await screen.findByRole('tablist', { name: 'Seções das configurações' });
}

describe('Configurações', () => {
  it('shows the subtitle, the four tabs (then Respostas prontas) and the spec defaults from the server', async () => {
    const user = userEvent.setup();
    serveSettings();
    renderSettings(member('Admin'));
    expect(screen.getByRole('heading', { level: 1, name: 'Configurações' })).toBeInTheDocument();
    expect(screen.getByText('Personalize o funcionamento')).toBeInTheDocument();
    await loaded();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Empresa',
      'Aparência',
      'Notificações',
      'Segurança',
      'Respostas prontas',
    ]);
    expect(tab('Empresa')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Empresa' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nome da empresa')).toHaveValue('Minha Empresa');
    for (const label of ['Email', 'Telefone', 'Website'])
      expect(screen.getByLabelText(label)).toHaveValue('');

    await user.click(tab('Aparência'));
    expect(screen.getByLabelText('Tema')).toHaveValue('auto');
    expect(screen.getByRole('option', { name: 'Automático' })).toHaveProperty('selected', true);
    expect(screen.getByLabelText('Idioma')).toHaveValue('pt-BR');
    expect(screen.getByLabelText('Fuso horário')).toHaveValue('America/Sao_Paulo');
    expect(
      within(screen.getByLabelText('Idioma'))
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['pt-BR', 'en-US', 'es-ES']);

    await user.click(tab('Notificações'));
    expect(toggle('Notificações por email')).toHaveAttribute('aria-checked', 'true');
    expect(toggle('Notificações push')).toHaveAttribute('aria-checked', 'true');
    expect(toggle('Sons')).toHaveAttribute('aria-checked', 'false');
    expect(toggle('Notificações na área de trabalho')).toHaveAttribute('aria-checked', 'true');

    await user.click(tab('Segurança'));
    expect(toggle('Autenticação em dois fatores')).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByLabelText('Tempo limite da sessão (minutos)')).toHaveValue('30');
    expect(screen.getByLabelText('Expiração da senha (dias)')).toHaveValue('90');
    expect(screen.getByRole('heading', { name: 'Zona de perigo' })).toBeInTheDocument();
  });

  it('moves between tabs with the arrow keys, Home and End (one tab in the Tab order)', async () => {
    const user = userEvent.setup();
    serveSettings();
    renderSettings(member('Admin'));
    await loaded();
    await user.click(tab('Empresa'));
    await user.keyboard('{ArrowRight}');
    expect(tab('Aparência')).toHaveFocus();
    expect(tab('Aparência')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Empresa')).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{End}');
    expect(tab('Respostas prontas')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(tab('Segurança')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    await user.keyboard('{ArrowRight}');
    expect(tab('Empresa')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(tab('Respostas prontas')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tab('Empresa')).toHaveFocus();
  });

  it("Salvar sends every field, shows 'Salvo!' for 2 s, and keeps what the server saved", async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const calls = serveSettings();
    renderSettings(member('Owner'));
    await loaded();
    const name = screen.getByLabelText('Nome da empresa');
    await user.clear(name);
    await user.type(name, 'Loja da Ana');
    await user.click(tab('Notificações'));
    await user.click(toggle('Sons'));
    await user.click(tab('Segurança'));
    const timeout = screen.getByLabelText('Tempo limite da sessão (minutos)');
    await user.clear(timeout);
    await user.type(timeout, '45');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Salvo!'));
    const put = calls.requests.find((r) => r.method === 'PUT')!;
    expect(put.body).toEqual({
      ...serverDefaults(),
      company: { name: 'Loja da Ana', email: '', phone: '', website: '' },
      notifications: { email: true, push: true, sound: true, desktop: true },
      security: { twoFactor: false, sessionTimeout: 45, passwordExpiry: 90 },
    });
    await act(() => jest.advanceTimersByTimeAsync(SAVED_NOTICE_MS - 100));
    expect(screen.getByRole('status')).toHaveTextContent('Salvo!');
    await act(() => jest.advanceTimersByTimeAsync(100));
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(screen.getByLabelText('Tempo limite da sessão (minutos)')).toHaveValue('45');
  });

  it('drives the app theme when Aparência is saved as light or dark', async () => {
    const user = userEvent.setup();
    serveSettings();
    const { store } = renderSettings(member('Owner'));
    await loaded();
    await user.click(tab('Aparência'));
    await user.selectOptions(screen.getByLabelText('Tema'), 'dark');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(store.getState().theme.theme).toBe('dark'));
  });

  it('parses the numbers as integers before saving: letters or out-of-range values are not sent', async () => {
    const user = userEvent.setup();
    const calls = serveSettings();
    renderSettings(member('Admin'));
    await loaded();
    await user.click(tab('Segurança'));
    const timeout = screen.getByLabelText('Tempo limite da sessão (minutos)');
    const expiry = screen.getByLabelText('Expiração da senha (dias)');
    await user.clear(timeout);
    await user.type(timeout, 'trinta');
    await user.clear(expiry);
    await user.type(expiry, '4000');
    await user.click(tab('Empresa'));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Corrija os campos destacados.');
    expect(tab('Segurança')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Tempo limite da sessão (minutos)')).toHaveAccessibleDescription(
      'Informe um número inteiro',
    );
    expect(screen.getByLabelText('Expiração da senha (dias)')).toHaveAccessibleDescription(
      '0 = a senha não expira Use de 0 a 3650 dias',
    );
    expect(calls.requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it("shows the server's error when it refuses to save", async () => {
    const user = userEvent.setup();
    serveSettings();
    server.use(
      http.put('/api/settings', () =>
        HttpResponse.json(
          {
            success: false,
            error: 'Outra pessoa alterou isto agora. Tente novamente.',
            code: 'WRONG_EXPECTED_VERSION',
          },
          { status: 409 },
        ),
      ),
    );
    renderSettings(member('Admin'));
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Outra pessoa alterou isto agora. Tente novamente.',
    );
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('Exportar downloads the server export as atende-settings.json', async () => {
    const user = userEvent.setup();
    const saved = { ...serverDefaults(), company: { ...serverDefaults().company, phone: '11 4000-0000' } };
    const calls = serveSettings(saved);
    const files = captureDownloads();
    renderSettings(member('Agente'));
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]!.name).toBe('atende-settings.json');
    expect(JSON.parse(await files[0]!.blob.text())).toEqual(saved);
    expect(calls.requests.map((r) => `${r.method} ${r.path}`)).toContain('GET /api/settings/export');
  });

  it('Importar sends a good file (numbers parsed as integers) and shows what it replaced', async () => {
    const user = userEvent.setup();
    const calls = serveSettings();
    renderSettings(member('Admin'));
    await loaded();
    const file = {
      company: { name: 'Importada', email: 'oi@importada.com', phone: '', website: '' },
      appearance: { theme: 'auto', language: 'es-ES', timezone: 'Europe/London' },
      notifications: { email: false, push: false, sound: true, desktop: false },
      security: { twoFactor: true, sessionTimeout: '120', passwordExpiry: 0 },
    };
    await user.upload(
      screen.getByLabelText('Importar'),
      new File([JSON.stringify(file)], 'config.json', { type: 'application/json' }),
    );
    await waitFor(() => expect(screen.getByLabelText('Nome da empresa')).toHaveValue('Importada'));
    expect(screen.getByRole('status')).toHaveTextContent('Configurações importadas!');
    const sent = calls.requests.find((r) => r.path === '/api/settings/import')!.body as {
      settings: WorkspaceSettings;
    };
    expect(sent.settings.security).toEqual({ twoFactor: true, sessionTimeout: 120, passwordExpiry: 0 });
    await user.click(tab('Segurança'));
    expect(screen.getByLabelText('Tempo limite da sessão (minutos)')).toHaveValue('120');
    expect(toggle('Autenticação em dois fatores')).toHaveAttribute('aria-checked', 'true');
  });

  it.each([
    ['not JSON', 'isto não é json'],
    ['the wrong shape', JSON.stringify({ company: { name: 'x' } })],
    [
      'a fractional session timeout',
      JSON.stringify({
        ...serverDefaults(),
        security: { twoFactor: false, sessionTimeout: 30.5, passwordExpiry: 90 },
      }),
    ],
  ])('Importar refuses a file with %s with the spec text, sending nothing', async (_label, text) => {
    const user = userEvent.setup();
    const calls = serveSettings();
    renderSettings(member('Owner'));
    await loaded();
    await user.upload(
      screen.getByLabelText('Importar'),
      new File([text], 'ruim.json', { type: 'application/json' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(IMPORT_ERROR);
    expect(calls.requests.filter((r) => r.path === '/api/settings/import')).toEqual([]);
    expect(screen.getByLabelText('Nome da empresa')).toHaveValue('Minha Empresa');
  });

  it.each([
    ['Owner', ['Exportar', 'Importar', 'Salvar']],
    ['Admin', ['Exportar', 'Importar', 'Salvar']],
    ['Supervisor', ['Exportar']],
    ['Agente', ['Exportar']],
  ] as const)('a %s is offered only the actions the server allows them: %j', async (role, shown) => {
    serveSettings();
    renderSettings(member(role));
    await loaded();
    const actions = ['Exportar', 'Importar', 'Salvar'].filter((name) => screen.queryByText(name) !== null);
    expect(actions).toEqual(shown);
  });

  it('an Agente reads the settings with the permission text; only the own deactivation is open', async () => {
    const user = userEvent.setup();
    serveSettings();
    renderSettings(member('Agente'));
    await loaded();
    expect(
      screen.getByText(
        'Você não tem permissão para alterar as configurações. Somente proprietários e administradores podem editá-las.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Nome da empresa')).toBeDisabled();
    // What the server refuses (settings:manage) is not shown; GET /api/settings/export is open to all.
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Importar')).not.toBeInTheDocument();
    expect(screen.queryByText('Importar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeEnabled();
    // Respostas prontas is for who manages the settings: not even shown.
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Empresa',
      'Aparência',
      'Notificações',
      'Segurança',
    ]);
    await user.click(tab('Segurança'));
    expect(screen.getByLabelText('Tempo limite da sessão (minutos)')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Excluir todos os dados da conta' })).toBeDisabled();
    expect(
      screen.getByText('Somente o proprietário (Owner) pode excluir os dados da conta.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Desativar conta permanentemente' })).toBeEnabled();
  });
});

describe('Configurações: danger zone', () => {
  function serveAccount(options: { exportStatus?: number; deactivate?: () => Response } = {}) {
    const order: string[] = [];
    const bodies: Record<string, unknown> = {};
    server.use(
      http.get('/api/account/export', () => {
        order.push('export');
        return options.exportStatus
          ? HttpResponse.json(
              { success: false, error: 'Erro inesperado', code: 'INTERNAL_ERROR' },
              { status: options.exportStatus },
            )
          : HttpResponse.json({ product: 'Atende', workspace: { id: 'minha-empresa' }, conversations: [] });
      }),
      http.post('/api/account/delete-data', async ({ request }) => {
        order.push('delete');
        bodies.delete = await request.json();
        return HttpResponse.json({ success: true, message: 'Todos os dados da conta foram excluídos.' });
      }),
      http.post('/api/account/deactivate', async ({ request }) => {
        order.push('deactivate');
        bodies.deactivate = await request.json();
        return (
          options.deactivate?.() ?? HttpResponse.json({ success: true, message: 'Sua conta foi desativada.' })
        );
      }),
    );
    return { order, bodies };
  }

  it('the Owner deletes everything: the word is required, the export downloads first, then the browser signs out', async () => {
    const user = userEvent.setup();
    serveSettings();
    const account = serveAccount();
    const files = captureDownloads();
    const { dispatched } = renderSettings(member('Owner'));
    await loaded();
    await user.click(tab('Segurança'));
    await user.click(screen.getByRole('button', { name: 'Excluir todos os dados da conta' }));

    const dialog = screen.getByRole('dialog', { name: 'Excluir todos os dados da conta' });
    const confirm = within(dialog).getByRole('button', { name: 'Exportar e excluir' });
    expect(confirm).toBeDisabled();
    const word = within(dialog).getByLabelText('Digite EXCLUIR para confirmar');
    await user.type(word, 'excluir');
    expect(confirm).toBeDisabled();
    await user.clear(word);
    await user.type(word, 'EXCLUIR');
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    await waitFor(() => expect(dispatched(authActions.logoutRequested.type)).toHaveLength(1));
    expect(account.order).toEqual(['export', 'delete']);
    expect(account.bodies.delete).toEqual({ confirmation: 'EXCLUIR' });
    expect(files.map((f) => f.name)).toEqual(['atende-dados.json']);
    expect(JSON.parse(await files[0]!.blob.text())).toMatchObject({ product: 'Atende' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('deletes nothing when the export cannot be had', async () => {
    const user = userEvent.setup();
    serveSettings();
    const account = serveAccount({ exportStatus: 500 });
    captureDownloads();
    const { dispatched } = renderSettings(member('Owner'));
    await loaded();
    await user.click(tab('Segurança'));
    await user.click(screen.getByRole('button', { name: 'Excluir todos os dados da conta' }));
    const dialog = screen.getByRole('dialog', { name: 'Excluir todos os dados da conta' });
    await user.type(within(dialog).getByLabelText('Digite EXCLUIR para confirmar'), 'EXCLUIR');
    await user.click(within(dialog).getByRole('button', { name: 'Exportar e excluir' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Erro inesperado');
    expect(account.order).toEqual(['export']);
    expect(dispatched(authActions.logoutRequested.type)).toHaveLength(0);
  });

  it("deactivating the own account needs DESATIVAR, shows the server's refusal, then signs out", async () => {
    const user = userEvent.setup();
    serveSettings();
    let refuse = true;
    const account = serveAccount({
      deactivate: () =>
        refuse
          ? HttpResponse.json(
              {
                success: false,
                error:
                  'Você é o único proprietário ativo. Torne outro membro proprietário antes de desativar a sua conta.',
                code: 'LAST_OWNER',
              },
              { status: 409 },
            )
          : HttpResponse.json({ success: true, message: 'Sua conta foi desativada.' }),
    });
    const { dispatched } = renderSettings(member('Owner'));
    await loaded();
    await user.click(tab('Segurança'));
    await user.click(screen.getByRole('button', { name: 'Desativar conta permanentemente' }));
    const dialog = screen.getByRole('dialog', { name: 'Desativar conta permanentemente' });
    const confirm = within(dialog).getByRole('button', { name: 'Desativar conta' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Digite DESATIVAR para confirmar'), 'DESATIVAR');
    await user.click(confirm);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Você é o único proprietário ativo. Torne outro membro proprietário antes de desativar a sua conta.',
    );
    expect(dispatched(authActions.logoutRequested.type)).toHaveLength(0);

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Desativar conta' }));
    await waitFor(() => expect(dispatched(authActions.logoutRequested.type)).toHaveLength(1));
    expect(account.bodies.deactivate).toEqual({ confirmation: 'DESATIVAR' });
  });

  it('Cancelar closes the dialog without a request, and the word is asked again next time', async () => {
    const user = userEvent.setup();
    serveSettings();
    const account = serveAccount();
    renderSettings(member('Admin'));
    await loaded();
    await user.click(tab('Segurança'));
    await user.click(screen.getByRole('button', { name: 'Desativar conta permanentemente' }));
    let dialog = screen.getByRole('dialog', { name: 'Desativar conta permanentemente' });
    await user.type(within(dialog).getByLabelText('Digite DESATIVAR para confirmar'), 'DESATIVAR');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Desativar conta permanentemente' }));
    dialog = screen.getByRole('dialog', { name: 'Desativar conta permanentemente' });
    expect(within(dialog).getByLabelText('Digite DESATIVAR para confirmar')).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Desativar conta' })).toBeDisabled();
    expect(account.order).toEqual([]);
  });
});
