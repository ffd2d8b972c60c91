/**
 * Where the theme lives outside the store: localStorage (per user, spec §3), the OS preference,
 * and the `dark` class on <html> that the `dark:` variant of styles.css follows.
 */
export type Theme = 'light' | 'dark';

/** Signed-out visitors (landing page, login). */
export const VISITOR_THEME_KEY = 'atende:theme';
/** The id of the user signed in last on this browser, so start-up can read their theme before /api/auth/me answers. */
export const LAST_USER_KEY = 'atende:theme:last-user';

/** `atende:theme:{userId}` for a signed-in user, `atende:theme` otherwise. */
export const themeKey = (userId?: string | null): string =>
  userId ? `${VISITOR_THEME_KEY}:${userId}` : VISITOR_THEME_KEY;

export const isTheme = (value: unknown): value is Theme => value === 'light' || value === 'dark';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed iframe)
  }
}

function read(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) storage()?.removeItem(key);
    else storage()?.setItem(key, value);
  } catch {
    // quota or disabled storage: the choice still holds for this tab
  }
}

export function readStoredTheme(userId?: string | null): Theme | null {
  const value = read(themeKey(userId));
  return isTheme(value) ? value : null;
}

export function writeStoredTheme(userId: string | null | undefined, theme: Theme): void {
  if (read(themeKey(userId)) !== theme) write(themeKey(userId), theme);
}

export const readLastUserId = (): string | null => read(LAST_USER_KEY) || null;

export function writeLastUserId(userId: string | null): void {
  if (read(LAST_USER_KEY) !== userId) write(LAST_USER_KEY, userId);
}

/** The OS preference (`prefers-color-scheme`), light when it cannot be read. */
export function systemTheme(): Theme {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return 'light';
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/**
 * The theme to show before anyone is known: the last signed-in user's stored theme, else the
 * visitor's, else the OS preference. Read synchronously, before the first render.
 */
export function startupTheme(): Theme {
  const lastUser = readLastUserId();
  return (lastUser ? readStoredTheme(lastUser) : null) ?? readStoredTheme(null) ?? systemTheme();
}

/** Puts the `dark` class (and `color-scheme`) on <html>. */
export function applyTheme(theme: Theme): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  root.dataset.theme = theme;
}

/**
 * For main.tsx (or an inline script): applies the start-up theme at once, before React renders.
 * Creating the store does the same, so calling this is only a head start.
 */
export function applyStartupTheme(): Theme {
  const theme = startupTheme();
  applyTheme(theme);
  return theme;
}
