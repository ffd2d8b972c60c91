import {
  CASCADE_STEP_PX,
  CASCADE_STEPS,
  clamp,
  clampSize,
  DEFAULT_WINDOW_SIZE,
  defaultBounds,
  SMALL_WINDOW_WIDTH,
  type Point,
  type Size,
  type Viewport,
} from './windowGeometry';

/** Space between the conversation list and a new window: past the list's card (20 px padding), with a gutter. */
export const LIST_GAP_PX = 40;
/** Space kept between a new window and the viewport's right edge. */
export const EDGE_MARGIN_PX = 16;
/**
 * The narrowest a window opened beside the list may be: narrower, it would open in its cramped
 * layout (small composer, side panel over the messages).
 */
export const BESIDE_LIST_MIN_WIDTH = SMALL_WINDOW_WIDTH;

/**
 * Where a new window opens, `cascade` being the number of windows already open (each further one
 * a step lower and to the right, starting over after 8 steps).
 *
 * `listRight` is the conversation list's right edge on screen (px from the viewport's left), when
 * the list is shown: the window then opens beside it, so the list's rows stay clickable (issue 31).
 * It is 1000×600 when the space to the right of the list allows, else narrower, down to 500 wide.
 * When even that does not fit (a narrow screen, or the list stacked full width), or there is no
 * list, it falls back to the spec's default: 1000×600 (or the viewport) centred.
 */
export function newWindowBounds(
  viewport: Viewport,
  cascade: number,
  listRight?: number,
): { position: Point; size: Size } {
  if (listRight === undefined || !Number.isFinite(listRight) || listRight <= 0) {
    return defaultBounds(viewport, cascade);
  }
  const left = Math.round(listRight) + LIST_GAP_PX;
  const right = viewport.width - EDGE_MARGIN_PX;
  const room = right - left;
  // Too narrow beside the list: centred over it (the agent can move the window away).
  if (room < BESIDE_LIST_MIN_WIDTH) return defaultBounds(viewport, cascade);

  const size = {
    width: Math.min(DEFAULT_WINDOW_SIZE.width, room),
    height: clampSize(DEFAULT_WINDOW_SIZE, viewport).height,
  };
  const offset = (cascade % CASCADE_STEPS) * CASCADE_STEP_PX;
  // Centred in the space beside the list, then cascaded; never left of that space nor off the screen.
  const x = clamp(Math.round(left + (room - size.width) / 2 + offset), left, right - size.width);
  const y = clamp(
    Math.round((viewport.height - size.height) / 2 + offset),
    0,
    Math.max(0, viewport.height - size.height),
  );
  return { position: { x, y }, size };
}
