import { useEffect, useId, useRef, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';

export type DialogSize = 'sm' | 'md' | 'lg' | 'xl';

export interface DialogProps {
  open: boolean;
  /** Called on Escape, on a click on the backdrop and by the close (X) button. */
  onClose: () => void;
  /** The accessible name of the dialog (`aria-labelledby`). */
  title: ReactNode;
  /** Optional line under the title (`aria-describedby`). */
  description?: ReactNode;
  /** Optional decorative icon shown before the title. */
  icon?: ReactNode;
  children?: ReactNode;
  /** Action buttons, right-aligned at the bottom (stacked on small screens). */
  footer?: ReactNode;
  size?: DialogSize;
  /** The element focused on open; by default the first focusable element, else the dialog itself. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Hide the X button (for dialogs whose footer already has a 'Fechar' button). */
  hideCloseButton?: boolean;
  /** Accessible name of the X button. */
  closeLabel?: string;
  /** Whether a click on the backdrop closes the dialog (default true). */
  closeOnBackdropClick?: boolean;
}

const SIZES: Record<DialogSize, string> = {
  sm: 'max-w-sm',
  md: 'max-w-lg',
  lg: 'max-w-2xl',
  xl: 'max-w-4xl',
};

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',');

/** The elements inside `container` reachable with Tab, in document order. */
export function getFocusableElements(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) =>
      element.tabIndex >= 0 &&
      !element.hasAttribute('disabled') &&
      !element.closest('[hidden], [inert], [aria-hidden="true"]'),
  );
}

/** Open dialogs, innermost last: only the top one reacts to Escape, Tab and stray focus. */
const openDialogs: string[] = [];

let scrollLocks = 0;
let savedBodyStyle = { overflow: '', paddingRight: '' };

function lockBodyScroll() {
  scrollLocks += 1;
  if (scrollLocks > 1) return;
  const { body, documentElement } = document;
  savedBodyStyle = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
  // Keep the layout still when the scrollbar disappears.
  const scrollbar = documentElement.clientWidth > 0 ? window.innerWidth - documentElement.clientWidth : 0;
  body.style.overflow = 'hidden';
  if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
}

function unlockBodyScroll() {
  scrollLocks = Math.max(0, scrollLocks - 1);
  if (scrollLocks > 0) return;
  document.body.style.overflow = savedBodyStyle.overflow;
  document.body.style.paddingRight = savedBodyStyle.paddingRight;
}

function trapTab(event: KeyboardEvent, panel: HTMLElement) {
  const items = getFocusableElements(panel);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) {
    event.preventDefault();
    panel.focus();
    return;
  }
  const active = document.activeElement;
  const outside = !(active instanceof Node) || !panel.contains(active);
  if (event.shiftKey) {
    if (outside || active === first || active === panel) {
      event.preventDefault();
      last.focus();
    }
  } else if (outside || active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Accessible modal dialog, rendered in a portal on <body>: focus moves inside on open, is trapped
 * (Tab / Shift+Tab cycle) and returns to the opener on close; Escape and a click on the backdrop
 * close it; the page behind does not scroll while it is open.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  icon,
  children,
  footer,
  size = 'md',
  initialFocusRef,
  hideCloseButton = false,
  closeLabel = 'Fechar',
  closeOnBackdropClick = true,
}: DialogProps) {
  const dialogId = useId();
  const titleId = `${dialogId}-title`;
  const descriptionId = `${dialogId}-description`;
  const panelRef = useRef<HTMLDivElement>(null);
  const pressedOnBackdrop = useRef(false);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    openDialogs.push(dialogId);
    lockBodyScroll();

    const firstFocus =
      initialFocusRef?.current ?? (panel ? getFocusableElements(panel)[0] : undefined) ?? panel;
    firstFocus?.focus({ preventScroll: true });

    const isTop = () => openDialogs[openDialogs.length - 1] === dialogId;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTop() || event.defaultPrevented) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
      } else if (event.key === 'Tab' && panel) {
        trapTab(event, panel);
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!isTop() || !panel) return;
      if (event.target instanceof Node && !panel.contains(event.target)) {
        (getFocusableElements(panel)[0] ?? panel).focus({ preventScroll: true });
      }
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      const index = openDialogs.lastIndexOf(dialogId);
      if (index >= 0) openDialogs.splice(index, 1);
      unlockBodyScroll();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [open, dialogId, initialFocusRef]);

  if (!open) return null;

  // A press that starts inside the panel and ends on the backdrop (text selection) does not close.
  const onBackdropMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    const close = closeOnBackdropClick && pressedOnBackdrop.current && event.target === event.currentTarget;
    pressedOnBackdrop.current = false;
    if (close) onCloseRef.current();
  };

  return createPortal(
    <div className="fixed inset-0 z-[60]">
      <div
        aria-hidden="true"
        className="fixed inset-0 bg-slate-950/50 backdrop-blur-sm transition-opacity duration-200 motion-safe:starting:opacity-0 dark:bg-black/70"
      />
      <div
        data-testid="dialog-backdrop"
        className="fixed inset-0 flex items-end justify-center p-4 sm:items-center sm:p-6"
        onMouseDown={onBackdropMouseDown}
        onClick={onBackdropClick}
      >
        <div
          ref={panelRef}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={description ? descriptionId : undefined}
          tabIndex={-1}
          className={`relative flex max-h-[calc(100dvh-2rem)] w-full ${SIZES[size]} flex-col overflow-hidden rounded-2xl bg-white text-left shadow-2xl ring-1 ring-slate-900/10 outline-none transition duration-200 ease-out motion-safe:starting:translate-y-4 motion-safe:starting:scale-95 motion-safe:starting:opacity-0 dark:bg-slate-900 dark:shadow-black/50 dark:ring-blue-800/60`}
        >
          <div className="flex items-start gap-4 px-6 pt-6 pb-2">
            {icon ? (
              <div className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-blue-50 text-blue-600 ring-1 ring-blue-100 dark:bg-blue-950 dark:text-blue-300 dark:ring-blue-800/70">
                {icon}
              </div>
            ) : null}
            <div
              className={`flex min-h-11 min-w-0 flex-1 flex-col justify-center ${hideCloseButton ? '' : 'pr-8'}`}
            >
              <h2
                id={titleId}
                className="text-lg leading-7 font-semibold text-slate-900 sm:text-xl dark:text-white"
              >
                {title}
              </h2>
              {description ? (
                <p id={descriptionId} className="mt-1 text-sm text-slate-500 dark:text-slate-400">
                  {description}
                </p>
              ) : null}
            </div>
          </div>
          {hideCloseButton ? null : (
            <button
              type="button"
              onClick={() => onCloseRef.current()}
              aria-label={closeLabel}
              className="absolute top-4 right-4 rounded-lg p-2 text-slate-500 transition hover:bg-slate-100 hover:text-slate-700 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-200"
            >
              <X aria-hidden className="h-5 w-5" />
            </button>
          )}
          <div className="min-h-0 flex-1 overflow-y-auto px-6 py-4 text-slate-600 dark:text-slate-300">
            {children}
          </div>
          {footer ? (
            <div className="flex flex-col-reverse gap-3 border-t border-slate-100 bg-slate-50/80 px-6 py-4 sm:flex-row sm:justify-end dark:border-slate-800 dark:bg-slate-950/40">
              {footer}
            </div>
          ) : null}
        </div>
      </div>
    </div>,
    document.body,
  );
}
