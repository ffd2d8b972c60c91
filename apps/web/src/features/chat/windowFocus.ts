/**
 * Where the keyboard goes as a chat window changes form (WCAG 2.4.3): a window's buttons vanish when
 * it is minimized or closed, and the focus on them would fall back to the page's start. A window
 * remembers what opened it; minimizing hands the focus to the bar's 'Restaurar' (restoring already
 * focuses the composer); closing gives it back to the opener, else the conversation's row in the
 * list, else the main content.
 */

/** What had the focus when each window (by id) first appeared, outside every chat window. */
const openers = new Map<string, HTMLElement>();
/** Windows whose next form (the bar) takes the focus as it appears. */
const handedOver = new Set<string>();

const WINDOW_SELECTOR = '[role="dialog"][data-conversation-id]';

/** Called as a window first appears: the focused element, if it is not in a chat window, opened it. */
export function rememberOpener(id: string): void {
  const active = document.activeElement;
  if (openers.has(id) || !(active instanceof HTMLElement) || active === document.body) return;
  if (!active.closest(WINDOW_SELECTOR)) openers.set(id, active);
}

/** Whether the focus is inside `element` (a window about to change form). */
export const holdsFocus = (element: HTMLElement | null): boolean =>
  !!element && element.contains(document.activeElement);

/** The window is being minimized with the focus in it: its bar takes the focus. */
export function handFocusToBar(id: string): void {
  handedOver.add(id);
}

/** Whether the bar appearing for window `id` takes the focus (once). */
export function takeHandedFocus(id: string): boolean {
  return handedOver.delete(id);
}

/**
 * The window `id` of `conversationId` is closing; when `form` (the window or its bar) holds the
 * focus, the focus goes back where it came from.
 */
export function windowClosing(id: string, conversationId: string, form: HTMLElement | null): void {
  const opener = openers.get(id);
  openers.delete(id);
  handedOver.delete(id);
  if (!holdsFocus(form)) return;
  const row = Array.from(document.querySelectorAll<HTMLElement>('[role="listitem"] [data-row-button]')).find(
    (button) =>
      button.closest('[data-conversation-id]')?.getAttribute('data-conversation-id') === conversationId,
  );
  const main = document.getElementById('conteudo-principal');
  const target = [opener, row, main].find(
    (element): element is HTMLElement => !!element?.isConnected && !element.closest(WINDOW_SELECTOR),
  );
  target?.focus({ preventScroll: true });
}
