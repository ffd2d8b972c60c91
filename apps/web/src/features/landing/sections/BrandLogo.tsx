import { MessagesSquare } from 'lucide-react';
import { BRAND } from '../landing-content';

/** The brand mark: a gradient tile and the name. Links to the top of the page. */
export function BrandLogo({ inverted = false }: { inverted?: boolean }) {
  return (
    <a
      href="#top"
      className={`flex items-center gap-2.5 rounded-lg text-xl font-bold tracking-tight ${
        inverted ? 'text-white' : 'text-slate-900 dark:text-white'
      }`}
    >
      <span
        aria-hidden="true"
        className="flex h-9 w-9 items-center justify-center rounded-xl bg-linear-to-br from-blue-500 to-indigo-600 text-white shadow-md shadow-blue-600/30"
      >
        <MessagesSquare className="h-5 w-5" />
      </span>
      {BRAND}
    </a>
  );
}
