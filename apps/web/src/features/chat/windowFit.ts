import type { ChatWindowState } from './chatWindow';
import {
  clampPosition,
  clampSize,
  defaultBarPosition,
  MINIMIZED_SIZE,
  type Point,
  type Size,
  type Viewport,
} from './windowGeometry';

/* Keeping windows and their bars inside the viewport, for the reducers (they write into Immer drafts). */

/** Writes a point's coordinates only when they changed (an unchanged window stays the same object). */
export function setPoint(target: Point, next: Point) {
  if (target.x !== next.x) target.x = next.x;
  if (target.y !== next.y) target.y = next.y;
}
export function setSize(target: Size, next: Size) {
  if (target.width !== next.width) target.width = next.width;
  if (target.height !== next.height) target.height = next.height;
}

/** Keeps a window (and its bar) inside the viewport at a valid size. */
export function fitWindow(window: ChatWindowState, viewport: Viewport) {
  setSize(window.size, clampSize(window.size, viewport));
  setPoint(window.position, clampPosition(window.position, window.size, viewport));
  if (window.barPosition)
    setPoint(window.barPosition, clampPosition(window.barPosition, MINIMIZED_SIZE, viewport));
}

/** The first bar slot along the bottom not taken by another minimized window. */
export function freeBarPosition(
  windows: readonly ChatWindowState[],
  self: ChatWindowState,
  viewport: Viewport,
): Point {
  const taken = windows.filter((w) => w !== self && w.isMinimized && w.barPosition);
  for (let slot = 0; ; slot += 1) {
    const candidate = defaultBarPosition(viewport, slot);
    const clash = taken.some((w) => w.barPosition!.x === candidate.x && w.barPosition!.y === candidate.y);
    if (!clash || slot > windows.length) return candidate;
  }
}
