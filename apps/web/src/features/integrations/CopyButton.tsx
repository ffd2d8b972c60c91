import { useEffect, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { COPY_CONFIRMATION_MS, TEXTS } from './catalog';

/** Copies text: the Clipboard API, else a hidden textarea and execCommand (older or insecure pages). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* falls back below */
  }
  try {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const done = typeof document.execCommand === 'function' && document.execCommand('copy');
    area.remove();
    return done;
  } catch {
    return false;
  }
}

/** Copies a field's example; a tick replaces the icon for 2 s (spec §9), a new copy restarts it. */
export function CopyButton({ label, value }: { label: string; value: string }) {
  const [copiedAt, setCopiedAt] = useState<number | null>(null);
  useEffect(() => {
    if (copiedAt === null) return;
    const timer = setTimeout(() => setCopiedAt(null), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copiedAt]);

  const copied = copiedAt !== null;
  const onClick = async () => {
    if (await copyText(value)) setCopiedAt(Date.now());
  };

  return (
    <>
      <button
        type="button"
        onClick={() => void onClick()}
        aria-label={TEXTS.copyExample(label)}
        title={TEXTS.copyExample(label)}
        className={`inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg border transition ${
          copied
            ? 'border-green-300 bg-green-50 text-green-600 dark:border-green-700 dark:bg-green-950/50 dark:text-green-300'
            : 'border-slate-300 text-slate-500 hover:bg-slate-100 hover:text-slate-700 dark:border-slate-600 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-200'
        }`}
      >
        {copied ? (
          <Check role="img" aria-label={TEXTS.copied} className="h-4 w-4" />
        ) : (
          <Copy aria-hidden className="h-4 w-4" />
        )}
      </button>
      <span role="status" className="sr-only">
        {copied ? `${TEXTS.copied}: ${label}` : ''}
      </span>
    </>
  );
}
