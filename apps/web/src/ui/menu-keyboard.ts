import type { KeyboardEvent, RefObject } from 'react';

/**
 * The keys of an open menu (WAI-ARIA menu pattern): arrows move through its items (wrapping),
 * Home/End go to the ends, Escape closes it and gives focus back to its button, Tab closes it.
 * `itemSelector` finds the items (e.g. `[role="menuitem"]`).
 */
export function menuKeyDown(
  menuRef: RefObject<HTMLElement | null>,
  itemSelector: string,
  close: (returnFocus: boolean) => void,
) {
  return (event: KeyboardEvent<HTMLElement>) => {
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLElement>(itemSelector) ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => items[(next + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(items.length - 1);
        break;
    }
  };
}
