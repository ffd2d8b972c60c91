import type { ChatWindowState, PersistedWindow } from './chatWindow';

/**
 * The open chat windows of each user, kept in localStorage so that a reload brings them back
 * (which conversations, where, how big, minimized or maximized, side panel, draft).
 */
export const CHAT_WINDOWS_KEY_PREFIX = 'atende:chat-windows';
export const chatWindowsKey = (userId: string): string => `${CHAT_WINDOWS_KEY_PREFIX}:${userId}`;

const STORAGE_VERSION = 1;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed iframe)
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function point(value: unknown): { x: number; y: number } | null {
  return isRecord(value) && isNumber(value.x) && isNumber(value.y) ? { x: value.x, y: value.y } : null;
}
function size(value: unknown): { width: number; height: number } | null {
  return isRecord(value) && isNumber(value.width) && isNumber(value.height)
    ? { width: value.width, height: value.height }
    : null;
}

/** One saved window, or null when the entry is not one (an old or edited value). */
function parseWindow(value: unknown): PersistedWindow | null {
  if (!isRecord(value) || typeof value.conversationId !== 'string' || !value.conversationId) return null;
  const position = point(value.position);
  const dimensions = size(value.size);
  if (!position || !dimensions) return null;
  return {
    conversationId: value.conversationId,
    isMinimized: value.isMinimized === true,
    isMaximized: value.isMaximized === true,
    position,
    size: dimensions,
    z: isNumber(value.z) ? value.z : 0,
    barPosition: point(value.barPosition),
    showDetails: value.showDetails !== false,
    draft: typeof value.draft === 'string' ? value.draft : '',
  };
}

/** The user's saved windows (none when nothing valid is saved). */
export function readSavedWindows(userId: string): PersistedWindow[] {
  let raw: string | null;
  try {
    raw = storage()?.getItem(chatWindowsKey(userId)) ?? null;
  } catch {
    return [];
  }
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    const list = isRecord(parsed) && Array.isArray(parsed.windows) ? parsed.windows : [];
    return list.map(parseWindow).filter((w): w is PersistedWindow => w !== null);
  } catch {
    return [];
  }
}

/** Saves the user's windows (removes the entry when none is open). */
export function writeSavedWindows(userId: string, windows: readonly ChatWindowState[]): void {
  try {
    const store = storage();
    if (!store) return;
    if (windows.length === 0) {
      store.removeItem(chatWindowsKey(userId));
      return;
    }
    const saved: PersistedWindow[] = windows.map((w) => ({
      conversationId: w.conversationId,
      isMinimized: w.isMinimized,
      isMaximized: w.isMaximized,
      position: w.position,
      size: w.size,
      z: w.z,
      barPosition: w.barPosition,
      showDetails: w.showDetails,
      draft: w.draft,
    }));
    store.setItem(chatWindowsKey(userId), JSON.stringify({ version: STORAGE_VERSION, windows: saved }));
  } catch {
    // quota or disabled storage: the windows still work in this tab
  }
}
