import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { TWO_FACTOR_TEXTS } from './texts';

const t = TWO_FACTOR_TEXTS;

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Enrolment's last step: two-factor sign-in is on, and the 10 single-use recovery codes are shown
 * this once, with a button that copies them all; 'Concluir' ends the enrolment.
 */
export function RecoveryCodesStep({
  message,
  codes,
  onDone,
}: {
  message: string;
  codes: string[];
  onDone: () => void;
}) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  // The form that had focus is gone: the codes' heading takes it (screen readers read on from there).
  useEffect(() => heading.current?.focus(), []);

  const copyAll = () => {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    if (!clipboard) {
      setCopy('failed');
      return;
    }
    clipboard.writeText(codes.join('\n')).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );
  };

  return (
    <div className="grid gap-4">
      <p className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-200">
        {message}
      </p>
      <div>
        <h3
          ref={heading}
          id={headingId}
          tabIndex={-1}
          className="text-base font-semibold text-slate-900 outline-none dark:text-white"
        >
          {t.recoveryHeading}
        </h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t.keepCodes}</p>
      </div>
      <ul
        aria-labelledby={headingId}
        className="grid grid-cols-2 gap-2 rounded-xl bg-slate-50 p-4 font-mono text-sm text-slate-900 select-all dark:bg-slate-950/60 dark:text-slate-100"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className="btn-secondary" onClick={copyAll}>
          {copy === 'copied' ? (
            <Check aria-hidden className="h-4 w-4" />
          ) : (
            <Copy aria-hidden className="h-4 w-4" />
          )}
          {t.copy}
        </button>
        <button type="button" className="btn-primary" onClick={onDone}>
          {t.done}
        </button>
        <span role="status" className="text-sm text-slate-600 dark:text-slate-300">
          {copy === 'copied' ? t.copied : copy === 'failed' ? t.copyFailed : ''}
        </span>
      </div>
    </div>
  );
}
