import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { realtimeActions } from '../realtime/realtimeSlice';
import { WHATSAPP_TEXTS } from './catalog';
import { integrationsActions as actions } from './integrationsSlice';
import { connectErrorText, digitsOnly } from './integrationsSaga';
import { ApiError } from '../../api/api-error';
import {
  createIntegrationsStore,
  owner,
  stopIntegrationsStores,
  type IntegrationsStore,
} from './test/integrations-fixtures';

const server = setupServer(
  http.all('/api/*', () => HttpResponse.json({ success: false, error: 'não stub' }, { status: 404 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => localStorage.clear());
afterEach(() => {
  stopIntegrationsStores();
  server.resetHandlers();
  jest.useRealTimers();
});
afterAll(() => server.close());

const QR = 'data:image/png;base64,iVBORw0KGgo=';

interface ConnectCall {
  at: number;
  body: Record<string, unknown>;
}

/** POST /api/whatsapp/connect answering `answers` in turn (the last one repeats). */
function serveConnect(...answers: (() => Response)[]) {
  const calls: ConnectCall[] = [];
  server.use(
    http.post('/api/whatsapp/connect', async ({ request }) => {
      calls.push({ at: Date.now(), body: (await request.json()) as Record<string, unknown> });
      return answers[Math.min(calls.length - 1, answers.length - 1)]!();
    }),
  );
  return calls;
}

const answer = (body: Record<string, unknown>) => () =>
  HttpResponse.json({ success: true, sessionId: 's-1', qrCode: null, connected: false, ...body });
const waiting = answer({ message: WHATSAPP_TEXTS.waitingQr });

function serveSessions(sessions: Record<string, unknown>[]) {
  const calls = { count: 0 };
  server.use(
    http.get('/api/whatsapp/sessions/:userId', ({ params }) => {
      calls.count += 1;
      expect(params.userId).toBe(owner.id);
      return HttpResponse.json({ success: true, sessions });
    }),
  );
  return calls;
}

function serveStatus(...answers: (() => Response)[]) {
  const urls: string[] = [];
  server.use(
    http.get('/api/whatsapp/status/:sessionId', ({ request }) => {
      urls.push(new URL(request.url).pathname + new URL(request.url).search);
      return answers[Math.min(urls.length - 1, answers.length - 1)]!();
    }),
  );
  return urls;
}

const wa = (store: IntegrationsStore) => store.getState().integrations.whatsapp;
const openModal = (store: IntegrationsStore) => store.dispatch(actions.dialogOpened({ kind: 'whatsapp' }));
const generate = (store: IntegrationsStore, phoneNumber = '+55 (11) 99999-9999', name = '') =>
  store.dispatch(actions.whatsappConnectRequested({ phoneNumber, name }));

/** Lets fake timers run `ms` while the saga's fetches (promises) settle. */
async function advance(ms: number) {
  await jest.advanceTimersByTimeAsync(ms);
}

describe('WhatsApp QR flow (spec §4)', () => {
  it('connected at once: success message, session saved, QR cleared; digits only and name "Suporte" sent', async () => {
    const calls = serveConnect(
      answer({ connected: true, sessionId: 's-9', message: WHATSAPP_TEXTS.connected }),
    );
    const sessions = serveSessions([{ sessionId: 's-9', connected: true, phoneNumber: '5511999999999' }]);
    const store = createIntegrationsStore();
    openModal(store);
    generate(store, '+55 (11) 99999-9999', '   ');
    expect(wa(store).busy).toBe(true);

    await waitFor(() => expect(wa(store).connected).toBe(true));
    expect(calls.map((c) => c.body)).toEqual([
      { userId: 'u_ana', phoneNumber: '5511999999999', name: 'Suporte' },
    ]);
    expect(wa(store)).toMatchObject({
      sessionId: 's-9',
      message: 'WhatsApp conectado com sucesso.',
      qrCode: null,
      busy: false,
      error: null,
    });
    expect(localStorage.getItem('wa:sessionId')).toBe('s-9');
    expect(localStorage.getItem('wa:connected')).toBe('true');
    // The per-user sessions list is refreshed and stored.
    await waitFor(() => expect(sessions.count).toBe(1));
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('wa:sessions:u_ana') ?? '[]')).toEqual([
        { sessionId: 's-9', connected: true, phoneNumber: '5511999999999' },
      ]),
    );
  });

  it('sends the typed support name', async () => {
    const calls = serveConnect(answer({ connected: true }));
    serveSessions([]);
    const store = createIntegrationsStore();
    generate(store, '5511988887777', ' Loja Centro ');
    await waitFor(() => expect(wa(store).connected).toBe(true));
    expect(calls[0]!.body).toEqual({ userId: 'u_ana', phoneNumber: '5511988887777', name: 'Loja Centro' });
  });

  it('a QR code is shown with its message, then the status poll finds the session connected', async () => {
    jest.useFakeTimers();
    serveConnect(answer({ qrCode: QR, message: WHATSAPP_TEXTS.scanQr }));
    serveSessions([]);
    const status = serveStatus(
      () =>
        HttpResponse.json({
          success: true,
          connected: false,
          sessionId: 's-1',
          status: 'qr_issued',
          qrCode: QR,
        }),
      () =>
        HttpResponse.json({
          success: true,
          connected: true,
          sessionId: 's-1',
          status: 'connected',
          qrCode: null,
        }),
    );
    const store = createIntegrationsStore();
    openModal(store);
    generate(store);
    await advance(0);
    expect(wa(store)).toMatchObject({
      qrCode: QR,
      message: 'Escaneie o QR Code no WhatsApp do seu celular.',
      busy: false,
      retries: 0,
      connected: false,
      pendingSessionId: 's-1',
    });
    expect(localStorage.getItem('wa:sessionId')).toBeNull();

    await advance(1_999);
    expect(status).toHaveLength(0);
    await advance(1);
    expect(status).toEqual(['/api/whatsapp/status/s-1?userId=u_ana']);
    expect(wa(store).connected).toBe(false);
    await advance(2_000);
    expect(status).toHaveLength(2);
    expect(wa(store)).toMatchObject({
      connected: true,
      sessionId: 's-1',
      qrCode: null,
      message: 'WhatsApp conectado com sucesso.',
    });
    expect(localStorage.getItem('wa:sessionId')).toBe('s-1');
    expect(localStorage.getItem('wa:connected')).toBe('true');
    // Polling stops once connected.
    await advance(10_000);
    expect(status).toHaveLength(2);
  });

  it("a QR code, then the socket's whatsapp:connected for that session (another session's is ignored)", async () => {
    serveConnect(answer({ qrCode: QR }));
    serveSessions([]);
    serveStatus(() => HttpResponse.json({ success: true, connected: false, sessionId: 's-1', qrCode: QR }));
    const store = createIntegrationsStore({ statusPollMs: 60_000 });
    openModal(store);
    generate(store);
    await waitFor(() => expect(wa(store).qrCode).toBe(QR));

    store.dispatch(
      realtimeActions.channelStatusChanged({ connected: true, sessionId: 'outra', phoneNumber: '1' }),
    );
    expect(wa(store).connected).toBe(false);
    store.dispatch(
      realtimeActions.channelStatusChanged({
        connected: true,
        sessionId: 's-1',
        phoneNumber: '5511999999999',
      }),
    );
    expect(wa(store)).toMatchObject({ connected: true, sessionId: 's-1', qrCode: null });
    expect(wa(store).message).toBe(WHATSAPP_TEXTS.connected);
    expect(localStorage.getItem('wa:connected')).toBe('true');

    // Later the socket says it disconnected: the flag follows.
    store.dispatch(
      realtimeActions.channelStatusChanged({
        connected: false,
        sessionId: 's-1',
        phoneNumber: '5511999999999',
      }),
    );
    expect(wa(store).connected).toBe(false);
    expect(localStorage.getItem('wa:connected')).toBe('false');
  });

  it('neither: asks again every 2 s, 10 times, showing "Aguardando…", then the fallback text', async () => {
    jest.useFakeTimers();
    const calls = serveConnect(waiting);
    const store = createIntegrationsStore();
    openModal(store);
    generate(store);
    await advance(0);
    expect(calls).toHaveLength(1);
    expect(wa(store)).toMatchObject({ busy: true, retries: 1, message: 'Aguardando geração do QR Code...' });

    for (let retry = 1; retry <= 10; retry += 1) {
      await advance(1_999);
      expect(calls).toHaveLength(retry);
      await advance(1);
      expect(calls).toHaveLength(retry + 1);
    }
    const gaps = calls.slice(1).map((call, i) => call.at - calls[i]!.at);
    expect(gaps).toEqual(Array(10).fill(2_000));
    expect(wa(store)).toMatchObject({
      busy: false,
      qrCode: null,
      message: null,
      error: 'Não foi possível gerar o QR Code agora. Tente novamente.',
    });
    await advance(20_000);
    expect(calls).toHaveLength(11);
    expect(localStorage.getItem('wa:sessionId')).toBeNull();
  });

  it("after the last retry the server's text is shown when it gives one", async () => {
    jest.useFakeTimers();
    // The server's connect answer carries its text in `message` (it never sends `error` with success).
    const calls = serveConnect(answer({ message: 'Sessão do WhatsApp indisponível' }));
    const store = createIntegrationsStore();
    generate(store);
    await advance(20_000);
    expect(calls).toHaveLength(11);
    expect(wa(store).error).toBe('Sessão do WhatsApp indisponível');
  });

  it('a QR after some retries resets the retry counter', async () => {
    jest.useFakeTimers();
    serveConnect(waiting, waiting, waiting, answer({ qrCode: QR }));
    serveStatus(() => HttpResponse.json({ success: true, connected: false, sessionId: 's-1', qrCode: QR }));
    const store = createIntegrationsStore();
    openModal(store);
    generate(store);
    await advance(4_000);
    expect(wa(store).retries).toBe(3);
    await advance(2_000);
    expect(wa(store)).toMatchObject({ retries: 0, qrCode: QR, message: WHATSAPP_TEXTS.scanQr });
  });

  it('a non-JSON answer shows "HTTP {status}: " and the first 300 characters of the body', async () => {
    const page = `<html><body>${'x'.repeat(400)}</body></html>`;
    serveConnect(() => new HttpResponse(page, { status: 502, headers: { 'Content-Type': 'text/html' } }));
    const store = createIntegrationsStore();
    generate(store);
    await waitFor(() => expect(wa(store).busy).toBe(false));
    expect(wa(store).error).toBe(`HTTP 502: ${page.slice(0, 300)}`);
  });

  it('a network error shows the connection text', async () => {
    serveConnect(() => HttpResponse.error());
    const store = createIntegrationsStore();
    generate(store);
    await waitFor(() => expect(wa(store).busy).toBe(false));
    expect(wa(store).error).toBe('Erro ao conectar. Verifique sua conexão e tente novamente.');
  });

  it("a refusal shows the server's text (e.g. an invalid number)", async () => {
    serveConnect(() =>
      HttpResponse.json(
        { success: false, error: 'Número do WhatsApp inválido', code: 'PHONE_INVALID' },
        { status: 400 },
      ),
    );
    const store = createIntegrationsStore();
    generate(store, '123');
    await waitFor(() => expect(wa(store).error).toBe('Número do WhatsApp inválido'));
  });

  it('closing the dialog stops the retries and clears the flow', async () => {
    jest.useFakeTimers();
    const calls = serveConnect(waiting);
    const store = createIntegrationsStore();
    openModal(store);
    generate(store);
    await advance(2_000);
    expect(calls).toHaveLength(2);
    store.dispatch(actions.dialogClosed());
    expect(wa(store)).toMatchObject({ busy: false, message: null, error: null, qrCode: null });
    await advance(30_000);
    expect(calls).toHaveLength(2);
  });

  it('a new "Gerar QR Code" restarts the flow', async () => {
    jest.useFakeTimers();
    const calls = serveConnect(waiting, waiting, answer({ connected: true, sessionId: 's-2' }));
    serveSessions([]);
    const store = createIntegrationsStore();
    generate(store, '5511911112222');
    await advance(2_000);
    generate(store, '5511933334444');
    await advance(0);
    expect(calls.map((c) => c.body.phoneNumber)).toEqual(['5511911112222', '5511911112222', '5511933334444']);
    expect(wa(store)).toMatchObject({ connected: true, sessionId: 's-2' });
    await advance(10_000);
    expect(calls).toHaveLength(3);
  });
});

describe('WhatsApp state on load and on modal open', () => {
  it('on load: restored from localStorage, then checked against the user’s sessions (stored per user)', async () => {
    localStorage.setItem('wa:sessionId', 's-7');
    localStorage.setItem('wa:connected', 'true');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('/api/whatsapp/sessions/:userId', async () => {
        await gate;
        return HttpResponse.json({
          success: true,
          sessions: [{ sessionId: 's-7', connected: false, status: 'disconnected', phoneNumber: '5511' }],
        });
      }),
    );
    const store = createIntegrationsStore();
    store.dispatch(actions.whatsappRestoreRequested());
    expect(wa(store)).toMatchObject({ restored: true, sessionId: 's-7', connected: true });
    release();
    await waitFor(() => expect(wa(store).connected).toBe(false));
    expect(localStorage.getItem('wa:connected')).toBe('false');
    expect(JSON.parse(localStorage.getItem('wa:sessions:u_ana')!)).toHaveLength(1);
    expect(wa(store).sessions).toEqual([expect.objectContaining({ sessionId: 's-7' })]);
  });

  it('on load: a stored session that is not this user’s is forgotten', async () => {
    localStorage.setItem('wa:sessionId', 'de-outro');
    localStorage.setItem('wa:connected', 'true');
    serveSessions([{ sessionId: 's-1', connected: false }]);
    const store = createIntegrationsStore();
    store.dispatch(actions.whatsappRestoreRequested());
    await waitFor(() => expect(wa(store).sessionId).toBeNull());
    expect(wa(store).connected).toBe(false);
    expect(localStorage.getItem('wa:sessionId')).toBeNull();
  });

  it('on load in another browser (nothing stored): the server’s connected session shows connected', async () => {
    serveSessions([
      { sessionId: 's-old', connected: false },
      { sessionId: 's-1', connected: true },
    ]);
    const store = createIntegrationsStore();
    store.dispatch(actions.whatsappRestoreRequested());
    expect(wa(store)).toMatchObject({ sessionId: null, connected: false });
    await waitFor(() => expect(wa(store)).toMatchObject({ sessionId: 's-1', connected: true }));
    expect(localStorage.getItem('wa:sessionId')).toBe('s-1');
    expect(localStorage.getItem('wa:connected')).toBe('true');
  });

  it('live: a session of this user paired in another browser shows connected here; another user’s does not', async () => {
    serveSessions([{ sessionId: 's-9', connected: true }]);
    const store = createIntegrationsStore();
    store.dispatch(
      realtimeActions.channelStatusChanged({ connected: true, sessionId: 'de-outro', phoneNumber: '1' }),
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(wa(store)).toMatchObject({ sessionId: null, connected: false });
    store.dispatch(
      realtimeActions.channelStatusChanged({ connected: true, sessionId: 's-9', phoneNumber: '2' }),
    );
    await waitFor(() => expect(wa(store)).toMatchObject({ sessionId: 's-9', connected: true }));
    store.dispatch(
      realtimeActions.channelStatusChanged({ connected: false, sessionId: 's-9', phoneNumber: '2' }),
    );
    expect(wa(store).connected).toBe(false);
  });

  it('on load: a stored session of another user gives way to this user’s connected one', async () => {
    localStorage.setItem('wa:sessionId', 'de-outro');
    localStorage.setItem('wa:connected', 'false');
    serveSessions([{ sessionId: 's-1', connected: true }]);
    const store = createIntegrationsStore();
    store.dispatch(actions.whatsappRestoreRequested());
    await waitFor(() => expect(wa(store)).toMatchObject({ sessionId: 's-1', connected: true }));
  });

  it('on load: a failed sessions call keeps the stored state', async () => {
    localStorage.setItem('wa:sessionId', 's-7');
    localStorage.setItem('wa:connected', 'true');
    server.use(http.get('/api/whatsapp/sessions/:userId', () => HttpResponse.error()));
    const store = createIntegrationsStore();
    store.dispatch(actions.whatsappRestoreRequested());
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(wa(store)).toMatchObject({ sessionId: 's-7', connected: true });
  });

  it('modal open with a stored session fetches its status and updates the flag', async () => {
    localStorage.setItem('wa:sessionId', 's-7');
    localStorage.setItem('wa:connected', 'false');
    serveSessions([{ sessionId: 's-7' }]);
    const urls = serveStatus(() =>
      HttpResponse.json({
        success: true,
        connected: true,
        sessionId: 's-7',
        status: 'connected',
        qrCode: null,
      }),
    );
    const store = createIntegrationsStore();
    store.dispatch(actions.whatsappRestoreRequested());
    openModal(store);
    await waitFor(() => expect(wa(store).connected).toBe(true));
    expect(urls).toEqual(['/api/whatsapp/status/s-7?userId=u_ana']);
    expect(localStorage.getItem('wa:connected')).toBe('true');
  });

  it('modal open: a failed status fetch is ignored; without a session nothing is fetched', async () => {
    const urls = serveStatus(() => HttpResponse.json({ success: false, error: 'boom' }, { status: 500 }));
    serveSessions([{ sessionId: 's-7', connected: true }]);
    const store = createIntegrationsStore();
    openModal(store);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(urls).toEqual([]);

    localStorage.setItem('wa:sessionId', 's-7');
    localStorage.setItem('wa:connected', 'true');
    store.dispatch(actions.whatsappRestoreRequested());
    store.dispatch(actions.dialogClosed());
    openModal(store);
    await waitFor(() => expect(urls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(wa(store)).toMatchObject({ connected: true, sessionId: 's-7', error: null });
  });
});

describe('helpers', () => {
  it('digitsOnly strips everything but digits', () => {
    expect(digitsOnly('+55 (11) 9 9999-9999')).toBe('5511999999999');
  });

  it('connectErrorText: the message of an error, the fallback without one', () => {
    expect(connectErrorText(new ApiError('Erro de conexão', 0, 'NETWORK_ERROR'))).toBe(
      WHATSAPP_TEXTS.connectError,
    );
    expect(connectErrorText(new ApiError('HTTP 500: oops', 500, 'INVALID_RESPONSE'))).toBe('HTTP 500: oops');
    expect(connectErrorText(new Error(''))).toBe(WHATSAPP_TEXTS.connectError);
    expect(connectErrorText('?')).toBe(WHATSAPP_TEXTS.connectError);
  });
});
