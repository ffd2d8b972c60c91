import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { screen, waitFor } from '@testing-library/react';
import { authActions } from './authSlice';
import { createFirebaseAuth } from './firebase/firebase-auth';
import { forgetFirebaseAuth } from './firebase/load-firebase-auth';
import type { FirebaseAuthClient } from './firebase/types';
import { STORED_USER_KEY } from './stored-user';
import { ana, failure, firebaseMode, signedOut, storedAna } from './test/auth-fixtures';
import { renderLoginPage, stopStores } from './test/render-login';

jest.mock('./firebase/firebase-auth', () => ({ createFirebaseAuth: jest.fn() }));

const createAuth = jest.mocked(createFirebaseAuth);
const ID_TOKEN = 'firebase-id-token-0123456789';

const firebaseError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

function fakeFirebase(overrides: Partial<FirebaseAuthClient> = {}) {
  const client = {
    signInWithEmail: jest.fn(async () => ID_TOKEN),
    signInWithGoogle: jest.fn(async () => ID_TOKEN),
    signOut: jest.fn(async () => {}),
    ...overrides,
  };
  createAuth.mockReturnValue(client);
  return client;
}

const server = setupServer();
let exchanged: unknown[] = [];
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  window.localStorage.clear();
  forgetFirebaseAuth();
  createAuth.mockReset();
  exchanged = [];
  server.use(
    signedOut(),
    firebaseMode(),
    http.post('/api/auth/firebase', async ({ request }) => {
      exchanged.push(await request.json());
      return HttpResponse.json({ success: true, user: ana });
    }),
  );
});
afterEach(() => {
  stopStores();
  server.resetHandlers();
  jest.restoreAllMocks();
});
afterAll(() => server.close());

const googleButton = async () => {
  const button = await screen.findByRole('button', { name: 'Entrar com Google' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
};

describe('LoginPage in Firebase mode', () => {
  it('enables the Google button and sets Firebase up from /api/auth/config', async () => {
    fakeFirebase();
    renderLoginPage();
    const button = await googleButton();
    expect(button).not.toHaveAttribute('title');
    await waitFor(() =>
      expect(createAuth).toHaveBeenCalledWith({
        projectId: 'atende-test',
        apiKey: 'key',
        authDomain: 'atende-test.firebaseapp.com',
      }),
    );
  });

  it('signs in with the Google popup, trades the ID token for a session and opens /dashboard', async () => {
    const firebase = fakeFirebase();
    const { user, navigate } = renderLoginPage();
    await user.click(await googleButton());
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/dashboard'));
    expect(firebase.signInWithGoogle).toHaveBeenCalledTimes(1);
    expect(exchanged).toEqual([{ idToken: ID_TOKEN }]);
    expect(JSON.parse(window.localStorage.getItem(STORED_USER_KEY)!)).toEqual(storedAna);
  });

  it.each([
    ['auth/popup-closed-by-user', 'Login cancelado'],
    ['auth/cancelled-popup-request', 'Login cancelado'],
    ['auth/popup-blocked', 'Popup bloqueado pelo navegador'],
    ['auth/network-request-failed', 'Erro ao fazer login com Google'],
  ])('shows the popup failure %s as %p', async (code, text) => {
    fakeFirebase({ signInWithGoogle: jest.fn(async () => Promise.reject(firebaseError(code))) });
    const { user, navigate } = renderLoginPage();
    await user.click(await googleButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(await googleButton()).toBeEnabled();
    expect(exchanged).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shows Usuário não encontrado when Atende has no such account, and signs Firebase out', async () => {
    const firebase = fakeFirebase();
    server.use(
      http.post('/api/auth/firebase', () => failure(401, 'USER_NOT_FOUND', 'Usuário não encontrado')),
    );
    const { user, navigate } = renderLoginPage();
    await user.click(await googleButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Usuário não encontrado');
    expect(firebase.signOut).toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shows Erro ao fazer login com Google when the gateway refuses the token', async () => {
    fakeFirebase();
    server.use(
      http.post('/api/auth/firebase', () =>
        failure(401, 'INVALID_ID_TOKEN', 'Erro ao fazer login com Google'),
      ),
    );
    const { user } = renderLoginPage();
    await user.click(await googleButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao fazer login com Google');
  });

  it('shows Erro ao fazer login com Google when Firebase cannot be loaded', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    createAuth.mockImplementation(() => {
      throw new Error('chunk failed');
    });
    const { user, store } = renderLoginPage();
    await waitFor(() => expect(store.getState().auth.configStatus).toBe('ready'));
    await user.click(await googleButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao fazer login com Google');
  });

  it('signs in with e-mail and password through Firebase', async () => {
    const firebase = fakeFirebase();
    const { user, navigate } = renderLoginPage({ from: '/dashboard/settings' });
    await user.type(await screen.findByLabelText('Email'), 'ana@empresa.com.br');
    await user.type(screen.getByLabelText('Senha'), 'segredo123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/dashboard/settings'));
    expect(firebase.signInWithEmail).toHaveBeenCalledWith('ana@empresa.com.br', 'segredo123');
    expect(exchanged).toEqual([{ idToken: ID_TOKEN }]);
  });

  it.each([
    ['auth/user-not-found', 'Usuário não encontrado'],
    ['auth/wrong-password', 'Senha incorreta'],
    ['auth/invalid-email', 'Email inválido'],
    ['auth/too-many-requests', 'Muitas tentativas. Tente novamente mais tarde'],
    ['auth/invalid-credential', 'Usuário não encontrado ou senha incorreta'],
    ['auth/network-request-failed', 'Erro ao fazer login'],
  ])('shows the Firebase e-mail failure %s as %p', async (code, text) => {
    fakeFirebase({ signInWithEmail: jest.fn(async () => Promise.reject(firebaseError(code))) });
    const { user } = renderLoginPage();
    await user.type(await screen.findByLabelText('Email'), 'ana@empresa.com.br');
    await user.type(screen.getByLabelText('Senha'), 'errada');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(exchanged).toEqual([]);
  });

  it('signs Firebase out on logout', async () => {
    const firebase = fakeFirebase();
    server.use(http.post('/api/auth/logout', () => HttpResponse.json({ success: true })));
    const { user, navigate, store } = renderLoginPage();
    await user.click(await googleButton());
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/dashboard'));
    store.dispatch(authActions.logoutRequested());
    await waitFor(() => expect(navigate).toHaveBeenLastCalledWith('/'));
    expect(firebase.signOut).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem(STORED_USER_KEY)).toBeNull();
  });
});
