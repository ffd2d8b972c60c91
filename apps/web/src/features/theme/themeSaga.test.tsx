import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Provider } from 'react-redux';
import type { Me } from '../../api/types';
import { createAppStore, type AppStore } from '../../app/store';
import { authActions } from '../auth/authSlice';
import { ThemeToggle } from './ThemeToggle';
import { themeActions } from './themeSlice';
import { LAST_USER_KEY } from './themeStorage';
import { makeMe } from '../../test/fixtures';

const me = (overrides: Partial<Me> = {}): Me => makeMe({ name: 'Demo', ...overrides });

// Anything not stubbed by a test answers 404 (the auth saga may ask for more than /api/auth/me).
const server = setupServer(
  http.all('/api/*', () => HttpResponse.json({ success: false, error: 'não stub' }, { status: 404 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let stores: AppStore[] = [];
/** A store with its sagas, as one browser tab would create it. */
function openTab(): AppStore {
  const store = createAppStore();
  stores.push(store);
  return store;
}
const root = () => document.documentElement;

function signedInAs(user: Me) {
  server.use(http.get('/api/auth/me', () => HttpResponse.json({ success: true, user })));
}
function signedOut() {
  server.use(
    http.get('/api/auth/me', () =>
      HttpResponse.json(
        { success: false, error: 'Não autenticado', code: 'UNAUTHENTICATED' },
        { status: 401 },
      ),
    ),
  );
}
/** Records the bodies of PUT /api/auth/me/theme. */
function recordThemePuts(status = 200) {
  const bodies: unknown[] = [];
  server.use(
    http.put('/api/auth/me/theme', async ({ request }) => {
      const body = (await request.json()) as { theme: string };
      bodies.push(body);
      return status === 200
        ? HttpResponse.json({ success: true, theme: body.theme })
        : HttpResponse.json({ success: false, error: 'Falhou' }, { status });
    }),
  );
  return bodies;
}
async function sessionKnown(store: AppStore) {
  await waitFor(() => expect(store.getState().auth.status).not.toBe('unknown'));
}

beforeEach(() => {
  localStorage.clear();
  root().className = '';
  root().removeAttribute('style');
});
afterEach(() => {
  for (const store of stores) store.sagaTask?.cancel();
  stores = [];
  server.resetHandlers();
  jest.restoreAllMocks();
});

describe('theme', () => {
  it('syncs two tabs of the same user through the storage event, and the dark class follows', async () => {
    signedInAs(me());
    const puts = recordThemePuts();
    localStorage.setItem('atende:theme:u1', 'light');
    const tabA = openTab();
    const tabB = openTab();
    await sessionKnown(tabA);
    await sessionKnown(tabB);
    expect(tabA.getState().theme.theme).toBe('light');
    expect(tabB.getState().theme.theme).toBe('light');

    tabA.dispatch(themeActions.themeToggled());
    expect(localStorage.getItem('atende:theme:u1')).toBe('dark');
    expect(root()).toHaveClass('dark');
    expect(root().style.colorScheme).toBe('dark');
    expect(tabB.getState().theme.theme).toBe('light');

    // The browser tells the other tab (here: the other store) about the write.
    root().classList.remove('dark');
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'atende:theme:u1', oldValue: 'light', newValue: 'dark' }),
    );
    expect(tabB.getState().theme.theme).toBe('dark');
    expect(root()).toHaveClass('dark');

    // And back: tab B switches to light, tab A hears it.
    tabB.dispatch(themeActions.themeToggled());
    expect(localStorage.getItem('atende:theme:u1')).toBe('light');
    expect(root()).not.toHaveClass('dark');
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'atende:theme:u1', oldValue: 'dark', newValue: 'light' }),
    );
    expect(tabA.getState().theme.theme).toBe('light');
    await waitFor(() => expect(puts).toEqual([{ theme: 'dark' }, { theme: 'light' }]));
  });

  it("ignores storage events of other keys (another user's theme, junk values)", async () => {
    signedInAs(me());
    const tab = openTab();
    await sessionKnown(tab);
    const before = tab.getState().theme.theme;
    const other = before === 'dark' ? 'light' : 'dark';
    window.dispatchEvent(new StorageEvent('storage', { key: 'atende:theme:u2', newValue: other }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'atende:theme', newValue: other }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'atende:theme:u1', newValue: 'roxo' }));
    expect(tab.getState().theme.theme).toBe(before);
  });

  it("takes the server's theme over the stored one when the session becomes known", async () => {
    localStorage.setItem('atende:theme:u1', 'light');
    signedInAs(me({ theme: 'dark' }));
    const tab = openTab();
    await waitFor(() => expect(tab.getState().theme.theme).toBe('dark'));
    expect(root()).toHaveClass('dark');
    expect(localStorage.getItem('atende:theme:u1')).toBe('dark');
    expect(localStorage.getItem(LAST_USER_KEY)).toBe('u1');
  });

  it('uses the stored theme when the server has none, else the OS preference', async () => {
    localStorage.setItem('atende:theme:u1', 'dark');
    signedInAs(me({ theme: null }));
    const first = openTab();
    await sessionKnown(first);
    expect(first.getState().theme.theme).toBe('dark');
    first.sagaTask?.cancel();

    localStorage.clear();
    root().className = '';
    const matchMedia = jest.fn((query: string) => ({ matches: query === '(prefers-color-scheme: dark)' }));
    Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: matchMedia });
    try {
      const second = openTab();
      await sessionKnown(second);
      expect(second.getState().theme.theme).toBe('dark');
      expect(root()).toHaveClass('dark');
      expect(matchMedia).toHaveBeenCalledWith('(prefers-color-scheme: dark)');
    } finally {
      delete (window as { matchMedia?: unknown }).matchMedia;
    }
  });

  it('a switch clicked while the session was on its way stays, and is saved for the member', async () => {
    localStorage.setItem(LAST_USER_KEY, 'u1');
    localStorage.setItem('atende:theme:u1', 'light');
    let answer: (() => void) | undefined;
    server.use(
      http.get('/api/auth/me', async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json({ success: true, user: me({ theme: 'light' }) });
      }),
    );
    const puts = recordThemePuts();
    const tab = openTab();
    expect(tab.getState().theme.theme).toBe('light');
    await waitFor(() => expect(answer).toBeDefined());
    act(() => {
      tab.dispatch(themeActions.themeToggled());
    });
    expect(root()).toHaveClass('dark');
    answer!();
    await sessionKnown(tab);
    // The server said light, but the member's click came after what it knew.
    await waitFor(() => expect(puts).toEqual([{ theme: 'dark' }]));
    expect(tab.getState().theme.theme).toBe('dark');
    expect(root()).toHaveClass('dark');
    expect(localStorage.getItem('atende:theme:u1')).toBe('dark');
  });

  it('a login applies the theme of the user who signed in', async () => {
    signedOut();
    localStorage.setItem('atende:theme', 'light');
    localStorage.setItem('atende:theme:u7', 'dark');
    const tab = openTab();
    await sessionKnown(tab);
    expect(tab.getState().theme.theme).toBe('light');
    tab.dispatch(authActions.loginSucceeded(me({ id: 'u7', theme: null })));
    expect(tab.getState().theme.theme).toBe('dark');
    expect(root()).toHaveClass('dark');
  });

  it('saves a toggle on the server when signed in', async () => {
    signedInAs(me({ theme: 'light' }));
    const puts = recordThemePuts();
    const tab = openTab();
    await sessionKnown(tab);
    tab.dispatch(themeActions.themeToggled());
    await waitFor(() => expect(puts).toEqual([{ theme: 'dark' }]));
    expect(localStorage.getItem('atende:theme:u1')).toBe('dark');
  });

  it('keeps the local choice when the server refuses it', async () => {
    signedInAs(me({ theme: 'light' }));
    const puts = recordThemePuts(500);
    const tab = openTab();
    await sessionKnown(tab);
    tab.dispatch(themeActions.themeToggled());
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(tab.getState().theme.theme).toBe('dark');
    expect(localStorage.getItem('atende:theme:u1')).toBe('dark');
    expect(root()).toHaveClass('dark');
    // The sagas are still alive: the next toggle is saved too.
    tab.dispatch(themeActions.themeToggled());
    await waitFor(() => expect(puts).toHaveLength(2));
  });

  it('a signed-out visitor keeps the theme under atende:theme and calls no server', async () => {
    signedOut();
    const puts = recordThemePuts();
    localStorage.setItem('atende:theme', 'dark');
    const tab = openTab();
    expect(tab.getState().theme.theme).toBe('dark');
    expect(root()).toHaveClass('dark'); // applied when the store is created, before any render
    await sessionKnown(tab);
    tab.dispatch(themeActions.themeToggled());
    expect(localStorage.getItem('atende:theme')).toBe('light');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(puts).toEqual([]);
  });

  it('re-reads the stored theme when the tab becomes visible again', async () => {
    signedInAs(me({ theme: 'light' }));
    const tab = openTab();
    await sessionKnown(tab);
    expect(tab.getState().theme.theme).toBe('light');
    // Another tab wrote meanwhile, and this hidden tab missed it.
    localStorage.setItem('atende:theme:u1', 'dark');

    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(tab.getState().theme.theme).toBe('light');

    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(tab.getState().theme.theme).toBe('dark');
    expect(root()).toHaveClass('dark');
  });

  it("starts with the last signed-in user's theme before the session is known", () => {
    localStorage.setItem(LAST_USER_KEY, 'u1');
    localStorage.setItem('atende:theme:u1', 'dark');
    localStorage.setItem('atende:theme', 'light');
    const store = createAppStore({ runSagas: false });
    expect(store.getState().theme.theme).toBe('dark');
  });

  it('signing out keeps the theme on screen for the visitor', async () => {
    signedInAs(me({ theme: 'dark' }));
    const tab = openTab();
    await waitFor(() => expect(tab.getState().theme.theme).toBe('dark'));
    tab.dispatch(authActions.loggedOut());
    expect(localStorage.getItem('atende:theme')).toBe('dark');
    expect(localStorage.getItem(LAST_USER_KEY)).toBeNull();
    expect(tab.getState().theme.theme).toBe('dark');
  });

  it('ThemeToggle switches the theme with accessible labels', async () => {
    signedOut();
    localStorage.setItem('atende:theme', 'light');
    const tab = openTab();
    await sessionKnown(tab);
    render(
      <Provider store={tab}>
        <ThemeToggle />
      </Provider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Usar tema escuro' }));
    expect(root()).toHaveClass('dark');
    await userEvent.click(screen.getByRole('button', { name: 'Usar tema claro' }));
    expect(root()).not.toHaveClass('dark');
    act(() => {
      tab.dispatch(themeActions.themeLoaded('dark'));
    });
    expect(screen.getByRole('button', { name: 'Usar tema claro' })).toBeInTheDocument();
  });
});
