import { FOOTER, FOOTER_COLUMNS } from '../landing-content';
import { BrandLogo } from './BrandLogo';

/** Footer: brand, the columns Produto / Empresa / Suporte and the copyright line (spec §2). */
export function LandingFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-blue-900/40 dark:bg-slate-950">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <div className="grid gap-10 md:grid-cols-4">
          <div>
            <BrandLogo />
            <p className="mt-4 max-w-xs text-sm text-slate-600 dark:text-slate-400">{FOOTER.tagline}</p>
          </div>
          {FOOTER_COLUMNS.map((column) => (
            <nav key={column.title} aria-labelledby={`footer-${column.title}`}>
              <h2
                id={`footer-${column.title}`}
                className="text-sm font-semibold tracking-wider text-slate-900 uppercase dark:text-white"
              >
                {column.title}
              </h2>
              <ul className="mt-4 space-y-3">
                {column.links.map((link) => (
                  <li key={link.label}>
                    <a
                      href={link.href}
                      className="text-sm text-slate-600 transition hover:text-blue-600 dark:text-slate-400 dark:hover:text-blue-400"
                    >
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <p className="mt-12 border-t border-slate-200 pt-8 text-center text-sm text-slate-500 dark:border-blue-900/40 dark:text-slate-400">
          {FOOTER.copyright}
        </p>
      </div>
    </footer>
  );
}
