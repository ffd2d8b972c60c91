import { CheckCircle2 } from 'lucide-react';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';

/** How long a success text ('Email enviado com sucesso!') stays on screen. */
export const EMAIL_TOAST_MS = 5_000;

/**
 * The e-mails' success alert: a live region on <body>, above the dialogs, announcing the text and
 * emptied after EMAIL_TOAST_MS (the region stays so the next text is announced too).
 */
export function EmailToast({
  toast,
  onDone,
}: {
  /** `id` changes with every new alert (the same text twice shows twice). */
  toast: { id: number; text: string } | null;
  onDone: () => void;
}) {
  const id = toast?.id;
  useEffect(() => {
    if (id === undefined) return;
    const timer = window.setTimeout(onDone, EMAIL_TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [id, onDone]);
  const text = toast?.text;

  return createPortal(
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className="pointer-events-none fixed inset-x-0 bottom-6 z-[70] flex justify-center px-4"
    >
      {text ? (
        <p className="pointer-events-auto flex items-center gap-2 rounded-xl bg-green-600 px-4 py-3 text-sm font-semibold text-white shadow-lg shadow-green-900/20 dark:bg-green-700">
          <CheckCircle2 aria-hidden className="h-5 w-5" />
          {text}
        </p>
      ) : null}
    </div>,
    document.body,
  );
}
