import { Link } from 'react-router';
import { Menu } from 'lucide-react';
import { NAV_LINKS } from '../landing-content';
import { BrandLogo } from './BrandLogo';
import { SignupButton } from './shared';

/** Sticky top bar: brand, section anchors, 'Entrar' and the sign-up button (spec §2). */
export function LandingHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/70 bg-white/80 backdrop-blur-lg supports-[backdrop-filter]:bg-white/70 dark:border-blue-900/40 dark:bg-slate-950/80 dark:supports-[backdrop-filter]:bg-slate-950/70">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <BrandLogo />
        <nav aria-label="Navegação principal" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  className="rounded-lg px-3 py-2 text-sm font-medium text-slate-600 transition hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-blue-950/60 dark:hover:text-white"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2 sm:gap-3">
          <Link
            to="/login"
            className="rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 transition hover:bg-slate-100 hover:text-slate-900 dark:text-slate-200 dark:hover:bg-blue-950/60 dark:hover:text-white"
          >
            Entrar
          </Link>
          <SignupButton className="hidden px-4 py-2 text-sm sm:inline-flex" />
          <button
            type="button"
            aria-label="Abrir menu"
            className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-600 transition hover:bg-slate-100 md:hidden dark:text-slate-300 dark:hover:bg-blue-950/60"
          >
            <Menu aria-hidden className="h-5 w-5" />
          </button>
        </div>
      </div>
    </header>
  );
}
