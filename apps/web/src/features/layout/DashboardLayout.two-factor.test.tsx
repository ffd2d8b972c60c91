import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Socket } from 'socket.io-client';
import type { Me } from '../../api/types';
import { createAppStore, type AppStore } from '../../app/store';
import { makeMe } from '../../test/fixtures';
import { authActions, authReducer } from '../auth/authSlice';
import { defaultRealtimeConfig, realtimeConfig } from '../realtime/realtime-config';
import { APP_CODE, serveTwoFactor } from '../two-factor/test/two-factor-server';
import DashboardLayout from './DashboardLayout';

const REQUIRED_TITLE = 'A empresa exige a verificação em duas etapas';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

/** A socket that never connects: enough to see whether (and when) the realtime saga opens one. */
const idleSocket = () =>
  ({
    on() {},
    off() {},
    connect() {},
    disconnect() {},
    timeout: () => ({ emit() {} }),
    io: { on() {}, off() {}, reconnection() {} },
    connected: false,
    active: false,
  }) as unknown as Socket;

let stores: AppStore[] = [];
let sockets: jest.Mock;
beforeEach(() => {
  localStorage.clear();
  sockets = jest.fn(idleSocket);
  realtimeConfig.createSocket = sockets;
});
afterEach(() => {
  for (const store of stores) store.sagaTask?.cancel();
  stores = [];
  server.resetHandlers();
  Object.assign(realtimeConfig, defaultRealtimeConfig);
});

/**
 * The gateway of a workspace that requires two-factor sign-in, for `user`: until the account is
 * enrolled, every call outside /api/auth/* is refused (403 TWO_FACTOR_ENROLMENT_REQUIRED) and
 * recorded; afterwards the inbox and its stats answer (empty).
 */
function serveWorkspaceRequiringTwoFactor(user: Me, { enabled = false } = {}) {
  const refused: string[] = [];
  const served: string[] = [];
  server.use(
    http.all('/api/*', ({ request }) => {
      const path = new URL(request.url).pathname;
      if (!api.state.enabled) {
        refused.push(path);
        return HttpResponse.json(
          {
            success: false,
            error: 'A empresa exige a verificação em duas etapas: ative-a para continuar',
            code: 'TWO_FACTOR_ENROLMENT_REQUIRED',
          },
          { status: 403 },
        );
      }
      served.push(path);
      if (path === '/api/conversations/stats') {
        return HttpResponse.json({
          success: true,
          stats: { totalConversations: 0, activeConversations: 0, unreadTotal: 0, channels: [] },
        });
      }
      if (path === '/api/whatsapp/conversations') {
        return HttpResponse.json({ success: true, conversations: [], nextCursor: null });
      }
      return HttpResponse.json({ success: true });
    }),
  );
  const api = serveTwoFactor(server, user, { enabled, required: true });
  return { ...api, refused, served };
}

/** The whole app's store (every saga), signed in as `user` from the start. */
function renderDashboard(user: Me) {
  const navigate = jest.fn();
  const auth = authReducer(undefined, authActions.sessionChecked(user));
  const store = createAppStore({ preloadedState: { auth }, navigate });
  stores.push(store);
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <DashboardLayout />,
        children: [{ path: 'dashboard', element: <h1>Página Visão Geral</h1> }],
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, navigate, events: userEvent.setup() };
}

const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('DashboardLayout: two-factor enrolment required by the workspace', () => {
  const agent = makeMe({ role: 'Agente', twoFactor: { enabled: false, required: true } });

  it('shows the enrolment instead of the dashboard, polls nothing, and opens the dashboard once enrolled', async () => {
    const gateway = serveWorkspaceRequiringTwoFactor(agent);
    const { store, events } = renderDashboard(agent);

    expect(await screen.findByRole('heading', { level: 1, name: REQUIRED_TITLE })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sair' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Página Visão Geral' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Menu principal' })).not.toBeInTheDocument();
    const qr = await screen.findByRole('img', { name: 'QR code para o aplicativo autenticador' });
    expect(qr).toBeInTheDocument();

    // The start-up session check answered the same; nothing else was asked of the server, no socket.
    await waitFor(() => expect(gateway.state.meCalls).toBe(1));
    await pause(50);
    expect(gateway.refused).toEqual([]);
    expect(sockets).not.toHaveBeenCalled();
    expect(store.getState().realtime.status).toBe('idle');

    await events.type(screen.getByLabelText('Código do aplicativo'), APP_CODE);
    await events.click(screen.getByRole('button', { name: 'Ativar' }));
    await screen.findByRole('list', { name: 'Códigos de recuperação' });
    await events.click(screen.getByRole('button', { name: 'Concluir' }));

    // The refreshed user has it on: the dashboard, its stats, the inbox and the socket start.
    expect(await screen.findByRole('heading', { name: 'Página Visão Geral' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Menu principal' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: REQUIRED_TITLE })).not.toBeInTheDocument();
    expect(store.getState().auth.user?.twoFactor).toEqual({ enabled: true, required: true });
    await waitFor(() => expect(gateway.served).toContain('/api/conversations/stats'));
    await waitFor(() => expect(gateway.served).toContain('/api/whatsapp/conversations'));
    expect(sockets).toHaveBeenCalledTimes(1);
    expect(gateway.refused).toEqual([]);
  });

  it("keeps 'Sair' working while the enrolment is pending", async () => {
    serveWorkspaceRequiringTwoFactor(agent);
    let loggedOut = 0;
    server.use(
      http.post('/api/auth/logout', () => {
        loggedOut += 1;
        return HttpResponse.json({ success: true });
      }),
    );
    const { store, navigate, events } = renderDashboard(agent);
    await events.click(await screen.findByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(loggedOut).toBe(1);
    expect(store.getState().auth.status).toBe('anonymous');
  });

  it('switches to the enrolment when the workspace starts requiring it while the dashboard is open', async () => {
    const before = makeMe({ role: 'Agente', twoFactor: { enabled: false, required: false } });
    const gateway = serveWorkspaceRequiringTwoFactor(before);
    // The start-up session check still saw the workspace without the requirement...
    let meCalls = 0;
    server.use(
      http.get('/api/auth/me', () => {
        meCalls += 1;
        return meCalls === 1 ? HttpResponse.json({ success: true, user: before }) : undefined;
      }),
    );
    const { store } = renderDashboard(before);
    expect(screen.getByRole('heading', { name: 'Página Visão Geral' })).toBeInTheDocument();

    // ...then the stats were refused (403 TWO_FACTOR_ENROLMENT_REQUIRED): the user is asked for again.
    expect(await screen.findByRole('heading', { level: 1, name: REQUIRED_TITLE })).toBeInTheDocument();
    expect(gateway.refused).toContain('/api/conversations/stats');
    expect(meCalls).toBe(2);
    expect(store.getState().auth.user?.twoFactor).toEqual({ enabled: false, required: true });
    await screen.findByRole('img', { name: 'QR code para o aplicativo autenticador' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(store.getState().auth.status).toBe('authenticated');
  });
});
