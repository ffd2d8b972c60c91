/** Sizes and limits of the floating chat windows (spec §9). */
export const DEFAULT_WINDOW_SIZE = { width: 1000, height: 600 } as const;
export const MINIMIZED_SIZE = { width: 240, height: 64 } as const;
export const MIN_WINDOW_SIZE = { width: 300, height: 400 } as const;
/** A press on the minimized bar that moved this far (px) or more is a drag, not a click. */
export const DRAG_THRESHOLD_PX = 6;
/** New messages scroll the list down only when the reader was this close (px) to the bottom. */
export const SCROLL_BOTTOM_TOLERANCE_PX = 50;
/** Each further window opens this much lower and to the right of the previous one. */
export const CASCADE_STEP_PX = 28;
/** …up to this many steps, then it starts over at the centre. */
export const CASCADE_STEPS = 8;
/** Gap between minimized bars and the screen edges. */
export const BAR_MARGIN_PX = 16;
export const BAR_GAP_PX = 8;
/** Windows narrower than this get the small composer (textarea 36–80 px) and an overlay side panel. */
export const SMALL_WINDOW_WIDTH = 500;
/** Below this width the side panel covers the messages instead of sitting beside them. */
export const PANEL_BESIDE_MIN_WIDTH = 640;
/** Textarea heights (spec §9). */
export const TEXTAREA_HEIGHTS = {
  full: { min: 48, max: 120 },
  small: { min: 36, max: 80 },
} as const;

export interface Point {
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}
/** The browser's inner size (window.innerWidth × innerHeight). */
export type Viewport = Size;

const finite = (value: number, fallback: number) => (Number.isFinite(value) ? value : fallback);

/** `value` within min..max; min wins when the range is empty. */
export const clamp = (value: number, min: number, max: number): number => Math.max(min, Math.min(value, max));

/** The viewport as the browser reports it now (a sane default outside a browser). */
export function currentViewport(): Viewport {
  if (typeof window === 'undefined') return { width: 1280, height: 800 };
  return {
    width: Math.max(1, Math.round(window.innerWidth || 1280)),
    height: Math.max(1, Math.round(window.innerHeight || 800)),
  };
}

/** A window size at least 300×400 and, when the viewport allows it, no larger than the viewport. */
export function clampSize(size: Size, viewport: Viewport): Size {
  const width = finite(Math.round(size.width), DEFAULT_WINDOW_SIZE.width);
  const height = finite(Math.round(size.height), DEFAULT_WINDOW_SIZE.height);
  return {
    width: Math.max(MIN_WINDOW_SIZE.width, Math.min(width, viewport.width)),
    height: Math.max(MIN_WINDOW_SIZE.height, Math.min(height, viewport.height)),
  };
}

/** A position keeping a box of `size` inside the viewport (top-left wins when it cannot fit). */
export function clampPosition(position: Point, size: Size, viewport: Viewport): Point {
  const x = finite(Math.round(position.x), 0);
  const y = finite(Math.round(position.y), 0);
  return {
    x: clamp(x, 0, Math.max(0, viewport.width - size.width)),
    y: clamp(y, 0, Math.max(0, viewport.height - size.height)),
  };
}

/** The default window (1000×600 or the viewport if smaller) centred, moved down-right by `cascade` steps. */
export function defaultBounds(viewport: Viewport, cascade = 0): { position: Point; size: Size } {
  const size = clampSize(DEFAULT_WINDOW_SIZE, viewport);
  const offset = (cascade % CASCADE_STEPS) * CASCADE_STEP_PX;
  const centre = {
    x: (viewport.width - size.width) / 2 + offset,
    y: (viewport.height - size.height) / 2 + offset,
  };
  return { position: clampPosition(centre, size, viewport), size };
}

/** Where the `slot`-th minimized bar goes: along the bottom edge, from the left. */
export function defaultBarPosition(viewport: Viewport, slot: number): Point {
  const perRow = Math.max(
    1,
    Math.floor((viewport.width - BAR_MARGIN_PX) / (MINIMIZED_SIZE.width + BAR_GAP_PX)),
  );
  const column = slot % perRow;
  const row = Math.floor(slot / perRow);
  return clampPosition(
    {
      x: BAR_MARGIN_PX + column * (MINIMIZED_SIZE.width + BAR_GAP_PX),
      y: viewport.height - MINIMIZED_SIZE.height - BAR_MARGIN_PX - row * (MINIMIZED_SIZE.height + BAR_GAP_PX),
    },
    MINIMIZED_SIZE,
    viewport,
  );
}

/** How far the pointer went between two points (px). */
export const distance = (a: Point, b: Point): number => Math.hypot(b.x - a.x, b.y - a.y);

/** True when a press from `down` to `up` counts as a click (moved less than 6 px). */
export const isClick = (down: Point, up: Point): boolean => distance(down, up) < DRAG_THRESHOLD_PX;

/** True when the scrollable element is within 50 px of its bottom. */
export function isNearBottom(
  element: Pick<HTMLElement, 'scrollHeight' | 'scrollTop' | 'clientHeight'>,
  tolerance = SCROLL_BOTTOM_TOLERANCE_PX,
): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= tolerance;
}

/** The textarea height for its content: within 48–120 px, or 36–80 px in a small window. */
export function textareaHeight(contentHeight: number, small: boolean): number {
  const { min, max } = small ? TEXTAREA_HEIGHTS.small : TEXTAREA_HEIGHTS.full;
  return clamp(Math.ceil(finite(contentHeight, 0)), min, max);
}
