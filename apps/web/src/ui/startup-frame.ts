/**
 * The dashboard's page arrives with its frame already painted (rendered at build, src/prerender):
 * until the app's first screen is on, every loading screen shows that same frame instead of a
 * spinner, so the page does not flash frame → spinner → dashboard.
 */
export const STARTUP_FRAME_ATTRIBUTE = 'data-startup-frame';

let frameHtml: string | null = null;

/** Keeps the pre-rendered frame `root` holds (before React replaces it), if it holds one. */
export function keepStartupFrame(root: HTMLElement): void {
  frameHtml = root.firstElementChild?.hasAttribute(STARTUP_FRAME_ATTRIBUTE) ? root.innerHTML : null;
}

/** The frame while the first screen is not on yet; null after, or on a page without one. */
export function startupFrame(): string | null {
  return frameHtml;
}

/** The first screen is on: loading screens are spinners from now on. */
export function dropStartupFrame(): void {
  frameHtml = null;
}
