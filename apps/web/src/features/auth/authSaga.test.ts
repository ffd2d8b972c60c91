import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { createAppStore, type AppStore } from '../../app/store';
import { authActions } from './authSlice';
import { sessionWorthAsking } from './session-hint';
import { STORED_USER_KEY } from './stored-user';
import { ana, failure, signedIn, signedOut, storedAna } from './test/auth-fixtures';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => window.localStorage.clear());
afterEach(() => {
  server.resetHandlers();
  jest.restoreAllMocks();
});
afterAll(() => server.close());

const stores: AppStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.sagaTask?.cancel();
});

function startStore() {
  const navigate = jest.fn();
  const store = createAppStore({ navigate });
  stores.push(store);
  return { store, navigate };
}

const until = async (check: () => boolean, timeoutMs = 8000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

const storedUser = () => JSON.parse(window.localStorage.getItem(STORED_USER_KEY) ?? 'null');

describe('start-up session check', () => {
  it("stays 'unknown' until GET /api/auth/me answers, then keeps the user record", async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/auth/me', async () => {
        await answered;
        return HttpResponse.json({ success: true, user: ana });
      }),
    );
    const { store } = startStore();
    await delay(50);
    expect(store.getState().auth.status).toBe('unknown');
    answer();
    await until(() => store.getState().auth.status !== 'unknown');
    expect(store.getState().auth).toMatchObject({ status: 'authenticated', user: ana });
    expect(storedUser()).toEqual(storedAna);
  });

  it('treats 401 as signed out and removes a stale stored user', async () => {
    window.localStorage.setItem(STORED_USER_KEY, JSON.stringify(storedAna));
    server.use(signedOut());
    const { store } = startStore();
    await until(() => store.getState().auth.status !== 'unknown');
    expect(store.getState().auth).toMatchObject({ status: 'anonymous', user: null });
    expect(window.localStorage.getItem(STORED_USER_KEY)).toBeNull();
  });

  it('asks again when the server cannot be reached', async () => {
    let calls = 0;
    server.use(
      http.get('/api/auth/me', () => {
        calls += 1;
        return calls < 3 ? HttpResponse.error() : HttpResponse.json({ success: true, user: ana });
      }),
    );
    const { store } = startStore();
    await delay(300);
    expect(store.getState().auth.status).toBe('unknown');
    await until(() => store.getState().auth.status !== 'unknown');
    expect(store.getState().auth.status).toBe('authenticated');
    expect(calls).toBe(3);
  });

  it('gives up after a few attempts and treats the visitor as signed out', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    let calls = 0;
    server.use(
      http.get('/api/auth/me', () => {
        calls += 1;
        return HttpResponse.error();
      }),
    );
    const { store } = startStore();
    await until(() => store.getState().auth.status !== 'unknown');
    expect(store.getState().auth.status).toBe('anonymous');
    expect(calls).toBe(4);
    expect(warn).toHaveBeenCalled();
  });
});

describe('start-up on a public page', () => {
  const countSessionChecks = () => {
    const counter = { calls: 0 };
    server.use(
      http.get('/api/auth/me', () => {
        counter.calls += 1;
        return HttpResponse.json({ success: true, user: ana });
      }),
    );
    return counter;
  };

  // Issue 31: the landing and login pages logged the 401 of GET /api/auth/me for every visitor.
  it('takes a visitor without a stored user as signed out, without asking the server', async () => {
    const counter = countSessionChecks();
    const store = createAppStore({ navigate: jest.fn(), askSession: sessionWorthAsking('/login') });
    stores.push(store);
    await until(() => store.getState().auth.status !== 'unknown');
    await delay(50);
    expect(store.getState().auth).toMatchObject({ status: 'anonymous', user: null });
    expect(counter.calls).toBe(0);
  });

  it('asks when this browser keeps a signed-in user', async () => {
    window.localStorage.setItem(STORED_USER_KEY, JSON.stringify(storedAna));
    const counter = countSessionChecks();
    const store = createAppStore({ navigate: jest.fn(), askSession: sessionWorthAsking('/') });
    stores.push(store);
    await until(() => store.getState().auth.status === 'authenticated');
    expect(counter.calls).toBe(1);
  });
});

describe('logout', () => {
  it('tells the server, forgets the stored user, goes to / and then signs out', async () => {
    let loggedOutOnServer = false;
    server.use(
      signedIn(),
      http.post('/api/auth/logout', () => {
        loggedOutOnServer = true;
        return HttpResponse.json({ success: true });
      }),
    );
    const { store, navigate } = startStore();
    await until(() => store.getState().auth.status === 'authenticated');
    expect(storedUser()).toEqual(storedAna);

    navigate.mockImplementation(() => {
      // The app is already on its way to / while the state still says signed in.
      expect(store.getState().auth.status).toBe('authenticated');
      expect(window.localStorage.getItem(STORED_USER_KEY)).toBeNull();
    });
    store.dispatch(authActions.logoutRequested());
    expect(store.getState().auth.loggingOut).toBe(true);
    await until(() => store.getState().auth.status === 'anonymous');

    expect(loggedOutOnServer).toBe(true);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/');
    expect(window.localStorage.getItem(STORED_USER_KEY)).toBeNull();
    expect(store.getState().auth).toMatchObject({ user: null, logoutError: null });
  });

  it('still goes to / (not /login) when the session is said to have ended meanwhile', async () => {
    server.use(
      signedIn(),
      http.post('/api/auth/logout', () => HttpResponse.json({ success: true })),
    );
    const { store, navigate } = startStore();
    await until(() => store.getState().auth.status === 'authenticated');
    let guardSaw: unknown;
    navigate.mockImplementation(() => {
      // Another tab (or the socket the server closed) noticed first: the guard keeps 'Saindo...'.
      store.dispatch(authActions.sessionEnded());
      guardSaw = { ...store.getState().auth };
    });
    store.dispatch(authActions.logoutRequested());
    await until(() => navigate.mock.calls.length === 1);
    expect(guardSaw).toMatchObject({ status: 'anonymous', loggingOut: true });
    expect(navigate).toHaveBeenCalledWith('/');
    await until(() => store.getState().auth.user === null);
  });

  it('shows Erro ao fazer logout and stays signed in when the server cannot be told', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(
      signedIn(),
      http.post('/api/auth/logout', () => failure(500, 'INTERNAL', 'falhou')),
    );
    const { store, navigate } = startStore();
    await until(() => store.getState().auth.status === 'authenticated');
    store.dispatch(authActions.logoutRequested());
    await until(() => store.getState().auth.logoutError !== null);
    expect(store.getState().auth).toMatchObject({
      status: 'authenticated',
      loggingOut: false,
      logoutError: 'Erro ao fazer logout',
    });
    expect(navigate).not.toHaveBeenCalled();
    expect(storedUser()).toEqual(storedAna);
  });
});
