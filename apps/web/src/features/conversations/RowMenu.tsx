import { Archive, EllipsisVertical, Pin, PinOff } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { menuKeyDown } from '../../ui/menu-keyboard';

export interface RowMenuProps {
  contactName: string;
  isPinned: boolean;
  onTogglePin: () => void;
  onArchive: () => void;
}

const MENU_WIDTH = 176;
const MENU_HEIGHT = 96;

interface Placement {
  top?: number;
  bottom?: number;
  right: number;
}

/** Fixed position next to the button, opening upwards when there is no room below. */
function placementFor(button: HTMLElement): Placement {
  const rect = button.getBoundingClientRect();
  const right = Math.max(8, window.innerWidth - rect.right);
  if (rect.bottom + MENU_HEIGHT + 8 > window.innerHeight && rect.top > MENU_HEIGHT + 8) {
    return { bottom: window.innerHeight - rect.top + 4, right };
  }
  return { top: rect.bottom + 4, right };
}

/** Whether the button is still within the visible part of its scroll box (`data-menu-boundary`). */
function insideBoundary(button: HTMLElement): boolean {
  const boundary = button.closest('[data-menu-boundary]');
  if (!boundary) return true;
  const box = boundary.getBoundingClientRect();
  const rect = button.getBoundingClientRect();
  const middle = rect.top + rect.height / 2;
  return box.height === 0 || (middle >= box.top && middle <= box.bottom);
}

/**
 * The row's 'Mais ações' menu: Fixar/Desfixar and Arquivar. Rendered on <body> so the list's scroll
 * box does not clip it. Arrow keys, Home and End move between items; Escape and Tab close it (Escape
 * gives the focus back to the button); a click elsewhere closes it too. It follows its button when
 * the page or the list scrolls.
 */
export function RowMenu({ contactName, isPinned, onTogglePin, onArchive }: RowMenuProps) {
  const [open, setOpen] = useState(false);
  const [placement, setPlacement] = useState<Placement | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  useLayoutEffect(() => {
    if (!open || !buttonRef.current) return;
    setPlacement(placementFor(buttonRef.current));
  }, [open]);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (menuRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      setOpen(false);
    };
    // Scrolling or resizing moves the menu with its button (the row may scroll out: then it closes).
    const follow = () => {
      const button = buttonRef.current;
      if (!button?.isConnected || !insideBoundary(button)) setOpen(false);
      else setPlacement(placementFor(button));
    };
    document.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('scroll', follow, true);
    window.addEventListener('resize', follow);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', follow);
    };
  }, [open]);

  const onMenuKeyDown = menuKeyDown(menuRef, '[role="menuitem"]', close);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  };

  const choose = (action: () => void) => {
    close(true);
    action();
  };

  const itemClass =
    'flex w-full items-center gap-2.5 px-3 py-2 text-left text-sm text-slate-700 outline-none hover:bg-slate-100 focus:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus:bg-slate-800';

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label="Mais ações"
        title={`Mais ações para ${contactName}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={onButtonKeyDown}
        className="flex h-8 w-8 items-center justify-center rounded-lg text-slate-500 transition hover:bg-slate-100 hover:text-slate-700 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-200"
      >
        <EllipsisVertical aria-hidden className="h-4 w-4" />
      </button>
      {open
        ? createPortal(
            <div
              ref={menuRef}
              id={menuId}
              role="menu"
              aria-label={`Ações de ${contactName}`}
              onKeyDown={onMenuKeyDown}
              style={{ position: 'fixed', width: MENU_WIDTH, ...(placement ?? { top: 0, right: 0 }) }}
              className="z-50 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg dark:border-blue-900/60 dark:bg-slate-900"
            >
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={itemClass}
                onClick={() => choose(onTogglePin)}
              >
                {isPinned ? (
                  <PinOff aria-hidden className="h-4 w-4" />
                ) : (
                  <Pin aria-hidden className="h-4 w-4" />
                )}
                {isPinned ? 'Desfixar' : 'Fixar'}
              </button>
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={itemClass}
                onClick={() => choose(onArchive)}
              >
                <Archive aria-hidden className="h-4 w-4" />
                Arquivar
              </button>
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
