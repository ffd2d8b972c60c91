import { Moon, Sun } from 'lucide-react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectTheme, themeActions } from './themeSlice';

/** The light / dark-blue switch fixed at the bottom-right of every screen (spec §2). */
export function ThemeToggle() {
  const theme = useAppSelector(selectTheme);
  const dispatch = useAppDispatch();
  const dark = theme === 'dark';
  const label = dark ? 'Usar tema claro' : 'Usar tema escuro';
  return (
    <button
      type="button"
      onClick={() => dispatch(themeActions.themeToggled())}
      aria-label={label}
      title={label}
      className="fixed right-5 bottom-5 z-50 flex h-12 w-12 items-center justify-center rounded-full bg-white text-slate-700 shadow-lg ring-1 ring-slate-200 transition hover:scale-105 hover:shadow-xl active:scale-95 dark:bg-blue-900 dark:text-yellow-300 dark:ring-blue-700 print:hidden"
    >
      {dark ? <Sun aria-hidden className="h-5 w-5" /> : <Moon aria-hidden className="h-5 w-5" />}
    </button>
  );
}
