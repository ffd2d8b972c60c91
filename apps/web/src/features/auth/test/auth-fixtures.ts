import { http, HttpResponse } from 'msw';
import type { Me } from '../../../api/types';
import { ana } from '../../../test/fixtures';

export { ana } from '../../../test/fixtures';

export const storedAna = {
  id: 'u_ana',
  name: 'Ana Souza',
  email: 'ana@empresa.com.br',
  company: 'Minha Empresa',
  role: 'Owner',
  workspaceId: 'w_1',
  workspaces: [{ id: 'w_1', name: 'Minha Empresa', role: 'Owner' }],
  trialStarted: '2025-01-02T03:04:05.000Z',
  trialDays: 7,
};

export const signedOut = () =>
  http.get('/api/auth/me', () =>
    HttpResponse.json({ success: false, error: 'Não autenticado', code: 'UNAUTHENTICATED' }, { status: 401 }),
  );

export const signedIn = (user: Me = ana) =>
  http.get('/api/auth/me', () => HttpResponse.json({ success: true, user }));

export const localMode = () =>
  http.get('/api/auth/config', () =>
    HttpResponse.json({ success: true, mode: 'local', signup: false, firebase: null }),
  );

/** Local mode with sign-up open (ATENDE_SIGNUP=open on the server). */
export const signupOpen = () =>
  http.get('/api/auth/config', () =>
    HttpResponse.json({ success: true, mode: 'local', signup: true, firebase: null }),
  );

export const firebaseMode = () =>
  http.get('/api/auth/config', () =>
    HttpResponse.json({
      success: true,
      mode: 'firebase',
      signup: false,
      firebase: { projectId: 'atende-test', apiKey: 'key', authDomain: 'atende-test.firebaseapp.com' },
    }),
  );

export const failure = (status: number, code: string, error: string) =>
  HttpResponse.json({ success: false, error, code }, { status });
