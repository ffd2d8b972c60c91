import { Building2, Check, ChevronsUpDown, Loader2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { errorText } from '../../api/client';
import type { Me } from '../../api/types';
import { fullPageLoad } from './full-page-load';
import { switchWorkspace } from './workspaces-api';
import { menuKeyDown } from '../../ui/menu-keyboard';

export const SWITCHER_LABEL = 'Trocar de empresa';

const cx = (...classes: (string | false | null | undefined)[]) => classes.filter(Boolean).join(' ');

/**
 * The company switcher of the sidebar's user block, for accounts in more than one company: a menu
 * button listing each company (the current one checked). Choosing another POSTs
 * /api/auth/workspace and then loads /dashboard from scratch, so nothing of the old company stays
 * in memory. Arrow keys, Home and End move between companies; Escape closes (focus back on the
 * button); a click elsewhere closes too. A refusal goes to `onError` (null when trying again).
 * The menu is placed against the nearest positioned ancestor (the user block).
 */
export function WorkspaceSwitcher({
  user,
  collapsed,
  onError,
}: {
  user: Me;
  collapsed: boolean;
  onError: (text: string | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const [switchingTo, setSwitchingTo] = useState<string | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const workspaces = user.workspaces ?? [];

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const items = menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]');
    const checked = menuRef.current?.querySelector<HTMLElement>('[aria-checked="true"]');
    (checked ?? items?.[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (menuRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const choose = async (workspaceId: string) => {
    if (switchingTo) return;
    if (workspaceId === user.workspaceId) {
      close(true);
      return;
    }
    onError(null);
    setSwitchingTo(workspaceId);
    try {
      await switchWorkspace(workspaceId);
      fullPageLoad.to('/dashboard');
    } catch (reason) {
      setSwitchingTo(null);
      onError(errorText(reason));
      close(true);
    }
  };

  const onMenuKeyDown = menuKeyDown(menuRef, '[role="menuitemradio"]', close);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={SWITCHER_LABEL}
        title={SWITCHER_LABEL}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={switchingTo !== null}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={onButtonKeyDown}
        className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg text-slate-500 transition hover:bg-slate-200/70 hover:text-slate-900 disabled:opacity-60 dark:text-slate-400 dark:hover:bg-white/10 dark:hover:text-white"
      >
        {switchingTo ? (
          <Loader2 aria-hidden className="h-4 w-4 animate-spin" />
        ) : (
          <ChevronsUpDown aria-hidden className="h-4 w-4" />
        )}
      </button>
      {switchingTo ? (
        <span role="status" className="sr-only">
          Trocando de empresa...
        </span>
      ) : null}
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="Empresas"
          onKeyDown={onMenuKeyDown}
          className={cx(
            'absolute right-0 bottom-full left-0 z-50 mb-2 max-h-80 overflow-y-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg dark:border-blue-900/60 dark:bg-slate-900',
            collapsed && 'md:right-auto md:bottom-0 md:left-full md:mb-0 md:ml-3 md:w-64',
          )}
        >
          <p
            aria-hidden
            className="px-3 pt-1.5 pb-1 text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400"
          >
            Empresas
          </p>
          {workspaces.map((workspace) => {
            const current = workspace.id === user.workspaceId;
            return (
              <button
                key={workspace.id}
                type="button"
                role="menuitemradio"
                aria-checked={current}
                tabIndex={-1}
                onClick={() => void choose(workspace.id)}
                className="flex w-full items-center gap-2.5 px-3 py-2 text-left text-sm text-slate-700 outline-none hover:bg-slate-100 focus:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus:bg-slate-800"
              >
                <Building2 aria-hidden className="h-4 w-4 shrink-0 text-slate-400" />
                <span className="min-w-0 flex-1">
                  <span className={cx('block truncate', current && 'font-semibold')}>{workspace.name}</span>
                  <span className="block text-xs text-slate-500 dark:text-slate-400">
                    {workspace.role}
                    {current ? <span className="sr-only"> (empresa atual)</span> : null}
                  </span>
                </span>
                {current ? (
                  <Check aria-hidden className="h-4 w-4 shrink-0 text-blue-600 dark:text-blue-400" />
                ) : null}
              </button>
            );
          })}
        </div>
      ) : null}
    </>
  );
}
