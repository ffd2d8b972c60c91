import { useState } from 'react';
import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { settingsActions } from '../settings/settingsSlice';
import type { Me } from '../../api/types';
import { currentCompanyName } from '../workspaces/current-company';
import { WorkspaceSwitcher } from '../workspaces/WorkspaceSwitcher';

const cx = (...classes: (string | false | null | undefined)[]) => classes.filter(Boolean).join(' ');

/** The first letter of the name (or e-mail) for the avatar. */
export const initialOf = (text: string | null | undefined): string =>
  (text ?? '').trim().charAt(0).toLocaleUpperCase('pt-BR') || '?';

/**
 * The sidebar's user block: avatar, name and the current company (the server's name for it); with
 * more than one company, the 'Trocar de empresa' switcher, and its error under the block.
 */
export function UserBlock({ user, collapsed }: { user: Me; collapsed: boolean }) {
  const [switchError, setSwitchError] = useState<string | null>(null);
  const dispatch = useAppDispatch();
  const company = currentCompanyName(user);
  const canSwitch = (user.workspaces?.length ?? 0) > 1;
  return (
    <div className="relative">
      <div
        className={cx(
          'flex items-center gap-3 rounded-xl bg-slate-50 p-2.5 dark:bg-white/5',
          collapsed &&
            'md:flex-col md:justify-center md:gap-1 md:bg-transparent md:p-1.5 md:dark:bg-transparent',
        )}
        title={collapsed ? `${user.name} · ${company}` : undefined}
      >
        <span
          aria-hidden
          className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-blue-500 to-indigo-600 text-sm font-bold text-white shadow-sm"
        >
          {initialOf(user.name || user.email)}
        </span>
        <div className={cx('min-w-0 flex-1 leading-tight', collapsed && 'md:sr-only')}>
          <p className="truncate text-sm font-semibold text-slate-900 dark:text-white">{user.name}</p>
          <p className="truncate text-xs text-slate-500 dark:text-slate-400" data-testid="current-company">
            {company}
          </p>
        </div>
        {canSwitch ? <WorkspaceSwitcher user={user} collapsed={collapsed} onError={setSwitchError} /> : null}
        {/* The account's own security (password, two-factor sign-in): Configurações → Segurança. */}
        <Link
          to="/dashboard/settings"
          onClick={() => dispatch(settingsActions.tabSelected('security'))}
          aria-label="Senha e verificação em duas etapas"
          title="Senha e verificação em duas etapas"
          className="shrink-0 rounded-lg p-1.5 text-slate-500 hover:bg-slate-200 hover:text-slate-800 dark:text-slate-400 dark:hover:bg-white/10 dark:hover:text-white"
        >
          <ShieldCheck aria-hidden className="h-4 w-4" />
        </Link>
      </div>
      {switchError ? (
        <p
          role="alert"
          className={cx(
            'mt-1 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/15 dark:text-red-200',
            collapsed &&
              'md:absolute md:bottom-0 md:left-full md:mt-0 md:ml-3 md:w-60 md:bg-red-600 md:text-white md:shadow-lg md:dark:bg-red-600 md:dark:text-white',
          )}
        >
          {switchError}
        </p>
      ) : null}
    </div>
  );
}
