import { useId, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** Spec §9: the overview's columns are 600 px high. */
export const PANEL_HEIGHT_PX = 600;

/** One column of the overview: a titled region of 600 px with its actions in the header. */
export function Panel({
  title,
  icon: Icon,
  actions,
  children,
}: {
  title: string;
  icon: LucideIcon;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      style={{ height: PANEL_HEIGHT_PX }}
      className="card flex min-w-0 flex-col overflow-hidden p-5"
    >
      <header className="mb-4 flex items-center justify-between gap-3">
        <h2
          id={headingId}
          className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white"
        >
          <Icon aria-hidden className="h-5 w-5 text-blue-600 dark:text-blue-400" />
          {title}
        </h2>
        {actions ? <div className="flex items-center gap-2">{actions}</div> : null}
      </header>
      <div className="flex min-h-0 flex-1 flex-col">{children}</div>
    </section>
  );
}

export const panelButtonClass =
  'inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-blue-600 transition hover:bg-blue-50 disabled:cursor-not-allowed disabled:opacity-50 dark:text-blue-400 dark:hover:bg-blue-950/60';
