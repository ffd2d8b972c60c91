import { windowIdFor, type ChatWindowState, type PersistedWindow } from './chatWindow';
import { fitWindow, freeBarPosition } from './windowFit';
import type { Viewport } from './windowGeometry';

/**
 * The saved windows back on screen: one per conversation, where they were (fitted to this viewport),
 * in their saved stacking order, minimized ones as bars; a window open for another conversation
 * stays, in front of them. The result is numbered z = 1…n (back to front).
 */
export function restoreWindows(
  current: ChatWindowState[],
  saved: readonly PersistedWindow[],
  viewport: Viewport,
): ChatWindowState[] {
  const seen = new Set<string>();
  const restored: ChatWindowState[] = [];
  const unique = saved.filter((entry) => {
    if (seen.has(entry.conversationId)) return false;
    seen.add(entry.conversationId);
    return true;
  });
  for (const entry of unique.sort((a, b) => a.z - b.z)) {
    const window: ChatWindowState = {
      ...entry,
      id: windowIdFor(entry.conversationId),
      position: { ...entry.position },
      size: { ...entry.size },
      barPosition: entry.isMinimized ? (entry.barPosition ? { ...entry.barPosition } : null) : null,
      isMaximized: entry.isMaximized && !entry.isMinimized,
      z: 0,
    };
    fitWindow(window, viewport);
    restored.push(window);
  }
  const kept = current.filter((w) => !seen.has(w.conversationId));
  const windows = [...restored, ...kept.sort((a, b) => a.z - b.z)];
  windows.forEach((window, index) => {
    window.z = index + 1;
  });
  for (const window of windows) {
    if (window.isMinimized && !window.barPosition) {
      window.barPosition = freeBarPosition(windows, window, viewport);
    }
  }
  return windows;
}
