import { useId, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** A titled card region of the Analytics screen (its heading names it for assistive technology). */
export function Section({
  title,
  icon: Icon,
  aside,
  className = '',
  children,
}: {
  title: string;
  icon: LucideIcon;
  /** Shown at the right of the heading (e.g. a short summary). */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`card min-w-0 p-5 ${className}`}>
      <header className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2
          id={headingId}
          className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white"
        >
          <Icon aria-hidden className="h-5 w-5 text-blue-600 dark:text-blue-400" />
          {title}
        </h2>
        {aside ? <div className="text-sm text-slate-500 dark:text-slate-400">{aside}</div> : null}
      </header>
      {children}
    </section>
  );
}

/** A friendly message where a section has nothing to show for the period. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
      {children}
    </p>
  );
}
