import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Provider } from 'react-redux';
import IntegrationsPage from '../dashboard/IntegrationsPage';
import type { Me } from '../../api/types';
import { FIELD_EXAMPLES } from './catalog';
import {
  allCards,
  card,
  createIntegrationsStore,
  integrationsServer,
  stopIntegrationsStores,
  withRole,
  type IntegrationsStore,
} from './test/integrations-fixtures';

const server = setupServer(
  http.all('/api/*', () => HttpResponse.json({ success: false, error: 'não stub' }, { status: 404 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.clear();
  server.use(
    http.get('/api/whatsapp/sessions/:userId', () => HttpResponse.json({ success: true, sessions: [] })),
  );
});
afterEach(() => {
  stopIntegrationsStores();
  server.resetHandlers();
  jest.useRealTimers();
});
afterAll(() => server.close());

function renderPage(options: { user?: Me; statusPollMs?: number } = {}) {
  const store = createIntegrationsStore(options);
  const view = render(
    <Provider store={store}>
      <IntegrationsPage />
    </Provider>,
  );
  return { store, ...view };
}

const article = (name: string) => screen.getByRole('article', { name });
const findArticle = (name: string) => screen.findByRole('article', { name });
const dialog = (name: string) => screen.getByRole('dialog', { name });

describe('Integrações: cards', () => {
  it('shows the header, the WhatsApp and Instagram highlights and the six cards with their status', async () => {
    server.use(
      ...integrationsServer([
        card('whatsapp', {
          status: 'connected',
          lastSync: '2025-03-04T15:30:00.000Z',
          messageCount: 1247,
          config: { 'Phone Number': '5511999999999', 'API Token': '••••abcd' },
        }),
        ...allCards().slice(1),
      ]).handlers,
    );
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Integrações' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Adicionar Integração' })).toBeInTheDocument();

    const whatsapp = article('WhatsApp');
    expect(within(whatsapp).getByText('Desconectado')).toBeInTheDocument();
    expect(within(whatsapp).getByRole('button', { name: 'Conectar' })).toBeInTheDocument();
    expect(within(article('Instagram')).getByText('Disponível')).toBeInTheDocument();

    await findArticle('Telegram Bot');
    const names = [
      'WhatsApp Business',
      'Telegram Bot',
      'Facebook Messenger',
      'Instagram Direct',
      'Email',
      'Website Chat',
    ];
    const grid = screen.getByRole('region', { name: 'Canais' });
    expect(
      within(grid)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-labelledby') && within(a).getByRole('heading').textContent),
    ).toEqual(names);

    const business = article('WhatsApp Business');
    expect(within(business).getByText('Conectado')).toHaveAttribute('data-status', 'connected');
    expect(within(business).getByText('1.247 mensagens processadas')).toBeInTheDocument();
    const sync = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' }).format(
      new Date('2025-03-04T15:30:00.000Z'),
    );
    expect(within(business).getByText(sync)).toBeInTheDocument();
    expect(within(business).getByText('••••abcd')).toBeInTheDocument();
    expect(within(business).getByRole('button', { name: 'Desconectar' })).toBeInTheDocument();

    const telegram = article('Telegram Bot');
    expect(within(telegram).getByText('Desconectado')).toHaveAttribute('data-status', 'disconnected');
    expect(within(telegram).queryByText(/Última sincronização/)).toBeNull();
    expect(within(telegram).queryByText(/mensagens processadas/)).toBeNull();
    expect(within(telegram).getByRole('button', { name: 'Conectar' })).toBeInTheDocument();
  });

  it("a connected card says why its servers cannot be reached (the e-mail channel's SMTP and IMAP)", async () => {
    const cards = allCards().map((c) =>
      c.type === 'email'
        ? {
            ...c,
            status: 'connected' as const,
            config: { 'SMTP Server': 'smtp.loja.com', Email: 'contato@loja.com' },
            serverErrors: ['Servidor IMAP inacessível (imap.loja.com:993): connect ECONNREFUSED'],
          }
        : c,
    );
    server.use(...integrationsServer(cards).handlers);
    renderPage();
    const email = await findArticle('Email');
    expect(
      within(email).getByText('Servidor IMAP inacessível (imap.loja.com:993): connect ECONNREFUSED'),
    ).toBeVisible();
    expect(within(await findArticle('Telegram Bot')).queryByText(/inacessível/)).toBeNull();
  });

  it("'Configurar {name}': one labelled field per config field, secrets as password fields; saving connects the card", async () => {
    const api = integrationsServer();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.put('/api/integrations/:type', async () => void (await gate)),
      ...api.handlers,
    );
    const user = userEvent.setup();
    renderPage();
    const telegram = await findArticle('Telegram Bot');
    await user.click(within(telegram).getByRole('button', { name: 'Conectar' }));

    const form = dialog('Configurar Telegram Bot');
    const token = within(form).getByLabelText('Bot Token');
    expect(token).toHaveAttribute('type', 'password');
    expect(within(form).getByLabelText('Chat ID')).toHaveAttribute('type', 'text');
    expect(within(form).getByLabelText('Webhook URL')).toHaveAttribute(
      'placeholder',
      FIELD_EXAMPLES['Webhook URL'],
    );
    await user.type(token, '123456:ABCDEF-segredo-do-bot');
    await user.type(within(form).getByLabelText('Chat ID'), '-100200');
    await user.click(within(form).getByRole('button', { name: 'Salvar Configuração' }));

    // In flight: 'Salvando...' in the form, 'Conectando...' with a spinner on the card.
    expect(within(form).getByRole('button', { name: 'Salvando...' })).toBeDisabled();
    const pending = within(telegram).getByText('Conectando...');
    expect(pending).toHaveAttribute('data-status', 'pending');
    expect(within(pending).getByTestId('status-spinner')).toBeInTheDocument();
    release();

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(telegram).getByText('Conectado')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '' })).toBeTruthy();
    expect(screen.getByText('Configuração salva com sucesso!')).toBeInTheDocument();
    expect(api.bodies).toEqual([
      {
        method: 'PUT',
        type: 'telegram',
        body: { config: { 'Bot Token': '123456:ABCDEF-segredo-do-bot', 'Chat ID': '-100200' } },
      },
    ]);
    // The card shows the configuration with the secret masked, never in full.
    expect(within(telegram).getByText('••••-bot')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('segredo');
  });

  it('shows only the masked secret when configuring again; saving it unchanged keeps the stored value', async () => {
    const api = integrationsServer();
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await findArticle('Email')).getByRole('button', { name: 'Conectar' }));
    let form = dialog('Configurar Email');
    await user.type(within(form).getByLabelText('SMTP Server'), 'smtp.loja.com');
    await user.type(within(form).getByLabelText('Password'), 'senha-muito-secreta');
    await user.click(within(form).getByRole('button', { name: 'Salvar Configuração' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Adicionar Integração' }));
    await user.click(within(dialog('Adicionar Nova Integração')).getByRole('button', { name: /^Email/ }));
    form = dialog('Configurar Email');
    const password = within(form).getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveValue('••••reta');
    expect(password).toHaveAccessibleDescription(
      'Valor salvo oculto. Digite um novo valor para substituí-lo.',
    );
    expect(within(form).getByLabelText('SMTP Server')).toHaveValue('smtp.loja.com');
    await user.clear(within(form).getByLabelText('SMTP Server'));
    await user.type(within(form).getByLabelText('SMTP Server'), 'smtp2.loja.com');
    await user.click(within(form).getByRole('button', { name: 'Salvar Configuração' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.bodies[1]).toEqual({
      method: 'PUT',
      type: 'email',
      body: { config: { 'SMTP Server': 'smtp2.loja.com', Password: '••••reta' } },
    });
    expect(api.stored().get('email')).toEqual({
      'SMTP Server': 'smtp2.loja.com',
      Password: 'senha-muito-secreta',
    });
  });

  it('a failed save keeps the form open with the error and shows Erro on the card', async () => {
    server.use(
      ...integrationsServer().handlers.slice(0, 1),
      http.put('/api/integrations/:type', () =>
        HttpResponse.json(
          {
            success: false,
            error: 'Informe o valor completo de App Secret',
            code: 'INTEGRATION_SECRET_MASKED',
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderPage();
    const messenger = await findArticle('Facebook Messenger');
    await user.click(within(messenger).getByRole('button', { name: 'Conectar' }));
    await user.click(
      within(dialog('Configurar Facebook Messenger')).getByRole('button', { name: 'Salvar Configuração' }),
    );
    expect(await within(dialog('Configurar Facebook Messenger')).findByRole('alert')).toHaveTextContent(
      'Informe o valor completo de App Secret',
    );
    expect(within(messenger).getByText('Erro')).toHaveAttribute('data-status', 'error');
  });

  it("'Desconectar' asks 'Tem certeza…' first: Cancelar sends nothing, confirming disconnects", async () => {
    const api = integrationsServer();
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderPage();
    const website = await findArticle('Website Chat');
    await user.click(within(website).getByRole('button', { name: 'Conectar' }));
    const form = dialog('Configurar Website Chat');
    await user.type(within(form).getByLabelText('Website URL'), 'https://loja.com');
    await user.click(within(form).getByRole('button', { name: 'Salvar Configuração' }));
    await within(website).findByText('Conectado');

    await user.click(within(website).getByRole('button', { name: 'Desconectar' }));
    let confirm = dialog('Desconectar Website Chat');
    expect(confirm).toHaveAccessibleDescription('Tem certeza que deseja desconectar esta integração?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.bodies.filter((b) => b.method === 'DELETE')).toEqual([]);
    expect(within(website).getByText('Conectado')).toBeInTheDocument();

    await user.click(within(website).getByRole('button', { name: 'Desconectar' }));
    confirm = dialog('Desconectar Website Chat');
    await user.click(within(confirm).getByRole('button', { name: 'Desconectar' }));
    await within(website).findByText('Desconectado');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.bodies.filter((b) => b.method === 'DELETE')).toEqual([
      { method: 'DELETE', type: 'website', body: null },
    ]);
    expect(screen.getByText('Integração desconectada')).toBeInTheDocument();
    expect(within(website).getByRole('button', { name: 'Conectar' })).toBeInTheDocument();
  });

  it("'Adicionar Nova Integração' lists the six types, all available, and opens the configure modal", async () => {
    server.use(...integrationsServer().handlers);
    const user = userEvent.setup();
    renderPage();
    await findArticle('Telegram Bot');
    await user.click(screen.getByRole('button', { name: 'Adicionar Integração' }));
    const add = dialog('Adicionar Nova Integração');
    const options = within(add)
      .getAllByRole('button')
      .filter((b) => b.getAttribute('aria-label') !== 'Fechar');
    expect(options.map((b) => b.querySelector('.font-semibold')?.textContent)).toEqual([
      'WhatsApp Business',
      'Telegram Bot',
      'Facebook Messenger',
      'Instagram Direct',
      'Email',
      'Website Chat',
    ]);
    for (const option of options) expect(option).toBeEnabled();
    expect(within(add).queryByText('Em breve')).toBeNull();
    await user.click(within(add).getByRole('button', { name: /^Website Chat/ }));
    expect(dialog('Configurar Website Chat')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Adicionar Nova Integração' })).toBeNull();
  });
});

describe('copy buttons', () => {
  it('copy the field example and show a tick for 2 s', async () => {
    jest.useFakeTimers();
    server.use(...integrationsServer().handlers);
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderPage();
    await user.click(within(await findArticle('Telegram Bot')).getByRole('button', { name: 'Conectar' }));
    const form = dialog('Configurar Telegram Bot');
    const copy = within(form).getByRole('button', { name: 'Copiar exemplo de Webhook URL' });
    expect(within(copy).queryByRole('img', { name: 'Copiado' })).toBeNull();
    await user.click(copy);
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(writeText).toHaveBeenCalledWith(FIELD_EXAMPLES['Webhook URL']);
    expect(within(copy).getByRole('img', { name: 'Copiado' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1_999));
    expect(within(copy).getByRole('img', { name: 'Copiado' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(within(copy).queryByRole('img', { name: 'Copiado' })).toBeNull();
    // Every field has one.
    expect(within(form).getAllByRole('button', { name: /^Copiar exemplo de / })).toHaveLength(3);
  });
});

describe('Instagram highlight', () => {
  it('its modal has Instagram Business ID and a password Access Token; Conectar saves the configuration', async () => {
    const api = integrationsServer();
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderPage();
    await findArticle('Instagram Direct');
    await user.click(within(article('Instagram')).getByRole('button', { name: 'Conectar' }));
    const form = dialog('Conectar Instagram');
    const tokenField = within(form).getByLabelText(/^Access Token/);
    expect(tokenField).toHaveAttribute('type', 'password');
    expect(tokenField).toHaveAttribute('aria-required', 'true');
    await user.type(within(form).getByLabelText('Instagram Business ID'), '17841400000000001');
    await user.type(tokenField, 'EAAB-token-do-instagram');
    await user.click(within(form).getByRole('button', { name: 'Conectar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.bodies).toEqual([
      {
        method: 'PUT',
        type: 'instagram',
        body: {
          config: { 'Instagram Business ID': '17841400000000001', 'Access Token': 'EAAB-token-do-instagram' },
        },
      },
    ]);
    expect(within(article('Instagram Direct')).getByText('Conectado')).toBeInTheDocument();
    expect(within(article('Instagram')).getByText('Conectado')).toBeInTheDocument();

    // Once connected, the highlight offers 'Desconectar' too, after the same confirmation.
    await user.click(within(article('Instagram')).getByRole('button', { name: 'Desconectar Instagram' }));
    const confirm = dialog('Desconectar Instagram Direct');
    await user.click(within(confirm).getByRole('button', { name: 'Desconectar' }));
    await within(article('Instagram Direct')).findByText('Desconectado');
    expect(api.bodies.filter((b) => b.method === 'DELETE')).toEqual([
      { method: 'DELETE', type: 'instagram', body: null },
    ]);
    expect(within(article('Instagram')).getByText('Disponível')).toBeInTheDocument();
    expect(within(article('Instagram')).queryByRole('button', { name: 'Desconectar Instagram' })).toBeNull();
  });
});

describe('Conectar WhatsApp modal', () => {
  const QR = 'data:image/png;base64,iVBORw0KGgo=';

  it('Gerar QR Code is disabled without a number; the QR shows with its text; the connection is detected', async () => {
    server.use(...integrationsServer().handlers);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/whatsapp/connect', async ({ request }) => {
        bodies.push(await request.json());
        await gate;
        return HttpResponse.json({
          success: true,
          connected: false,
          sessionId: 's-1',
          qrCode: QR,
          message: 'x',
        });
      }),
    );
    let connectedNow = false;
    server.use(
      http.get('/api/whatsapp/status/:sessionId', () =>
        HttpResponse.json({
          success: true,
          connected: connectedNow,
          sessionId: 's-1',
          qrCode: connectedNow ? null : QR,
        }),
      ),
    );
    const user = userEvent.setup();
    renderPage({ statusPollMs: 20 });
    await user.click(within(article('WhatsApp')).getByRole('button', { name: 'Conectar' }));
    const modal = dialog('Conectar WhatsApp');
    const generate = within(modal).getByRole('button', { name: 'Gerar QR Code' });
    expect(generate).toBeDisabled();
    await user.type(within(modal).getByLabelText('Nome do Suporte'), 'Loja');
    await user.type(within(modal).getByLabelText(/Número do WhatsApp/), '+55 11 98888-7777');
    expect(within(modal).getByLabelText(/Número do WhatsApp/)).toHaveAccessibleDescription(/5511999999999/);
    expect(generate).toBeEnabled();
    await user.click(generate);
    expect(within(modal).getByRole('button', { name: 'Gerando...' })).toBeDisabled();
    release();

    const image = await within(modal).findByRole('img', { name: 'QR Code do WhatsApp' });
    expect(image).toHaveAttribute('src', QR);
    expect(within(modal).getByText('Escaneie o QR Code no WhatsApp do seu celular.')).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'Gerar QR Code' })).toBeEnabled();
    expect(bodies).toEqual([{ userId: 'u_ana', phoneNumber: '5511988887777', name: 'Loja' }]);

    connectedNow = true;
    await within(modal).findByText('WhatsApp conectado com sucesso.');
    expect(within(modal).queryByRole('img', { name: 'QR Code do WhatsApp' })).toBeNull();
    expect(within(article('WhatsApp')).getByText('Conectado')).toBeInTheDocument();
    expect(
      within(article('WhatsApp')).getByRole('button', { name: 'Gerenciar Conexão' }),
    ).toBeInTheDocument();
    expect(localStorage.getItem('wa:sessionId')).toBe('s-1');
    expect(localStorage.getItem('wa:connected')).toBe('true');
  });

  it('shows the error of a failed attempt', async () => {
    server.use(...integrationsServer().handlers);
    server.use(http.post('/api/whatsapp/connect', () => HttpResponse.error()));
    const user = userEvent.setup();
    renderPage();
    await user.click(within(article('WhatsApp')).getByRole('button', { name: 'Conectar' }));
    const modal = dialog('Conectar WhatsApp');
    await user.type(within(modal).getByLabelText(/Número do WhatsApp/), '5511988887777');
    await user.click(within(modal).getByRole('button', { name: 'Gerar QR Code' }));
    expect(await within(modal).findByRole('alert')).toHaveTextContent(
      'Erro ao conectar. Verifique sua conexão e tente novamente.',
    );
  });

  it('a reload restores the connected state from localStorage', async () => {
    localStorage.setItem('wa:sessionId', 's-5');
    localStorage.setItem('wa:connected', 'true');
    server.use(...integrationsServer().handlers);
    server.use(
      http.get('/api/whatsapp/sessions/:userId', () =>
        HttpResponse.json({
          success: true,
          sessions: [{ sessionId: 's-5', connected: true, phoneNumber: '5511977776666' }],
        }),
      ),
      http.get('/api/whatsapp/status/:sessionId', () =>
        HttpResponse.json({ success: true, connected: true, sessionId: 's-5' }),
      ),
    );
    const user = userEvent.setup();
    renderPage();
    const whatsapp = article('WhatsApp');
    expect(within(whatsapp).getByText('Conectado')).toBeInTheDocument();
    await user.click(within(whatsapp).getByRole('button', { name: 'Gerenciar Conexão' }));
    expect(
      await within(dialog('Conectar WhatsApp')).findByText('WhatsApp +5511977776666'),
    ).toBeInTheDocument();
  });
});

describe('role limits', () => {
  it.each(['Agente', 'Supervisor'] as const)(
    '%s sees the permission text and nothing is requested',
    async (role) => {
      const requests: string[] = [];
      server.events.on('request:start', ({ request }) => void requests.push(request.url));
      renderPage({ user: withRole(role) });
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Você não tem permissão para gerenciar integrações.',
      );
      expect(screen.queryByRole('button', { name: 'Adicionar Integração' })).toBeNull();
      expect(screen.queryByRole('article')).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(requests).toEqual([]);
      server.events.removeAllListeners();
    },
  );

  it('an Admin gets the screen; a 403 from the API shows the permission text', async () => {
    server.use(
      http.get('/api/integrations', () =>
        HttpResponse.json({ success: false, error: 'Acesso negado', code: 'FORBIDDEN' }, { status: 403 }),
      ),
    );
    renderPage({ user: withRole('Admin') });
    expect(screen.getByRole('button', { name: 'Adicionar Integração' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Você não tem permissão para gerenciar integrações.',
    );
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).toBeNull();
  });

  it('another load failure offers Tentar novamente', async () => {
    let fail = true;
    server.use(
      http.get('/api/integrations', () =>
        fail
          ? HttpResponse.json({ success: false, error: 'Serviço indisponível', code: 'X' }, { status: 503 })
          : HttpResponse.json({ success: true, integrations: allCards() }),
      ),
    );
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Serviço indisponível');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await findArticle('Telegram Bot')).toBeInTheDocument();
  });
});

export type { IntegrationsStore };
