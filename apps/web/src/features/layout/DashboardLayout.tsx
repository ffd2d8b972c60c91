import { CreditCard, LogOut, Menu, MessagesSquare, PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { NavLink, Outlet } from 'react-router';
import { LazyChatWindows } from '../chat/LazyChatWindows';
import { NotificationsBell } from '../notifications/NotificationsBell';
import type { LucideIcon } from 'lucide-react';
import { can } from '../../api/permissions';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { authActions } from '../auth/authSlice';
import { selectTwoFactorEnrolmentPending, selectUser } from '../auth/selectors';
import { FullScreenLoader } from '../../ui/FullScreenLoader';
import { dropStartupFrame } from '../../ui/startup-frame';
import { formatBadgeCount } from './badge';
import { layoutActions, selectUnreadTotal } from './layoutSlice';
import { menuItemsFor } from './menu';
import { NewMessageAnnouncer } from './NewMessageAnnouncer';
import { readSidebarCollapsed, writeSidebarCollapsed } from './sidebarPreference';
import { UserBlock } from './UserBlock';

/** Shown instead of the dashboard until the account enrols in the two-factor sign-in its workspace requires. */
const TwoFactorRequiredScreen = lazy(() => import('../two-factor/TwoFactorRequiredScreen'));
// The Owner's plan warnings come with the server-state cache (RTK Query), after the first paint:
// they show once GET /api/billing answered anyway.
const PlanBanner = lazy(() => import('../billing/PlanBanner').then((m) => ({ default: m.PlanBanner })));

const cx = (...classes: (string | false | null | undefined)[]) => classes.filter(Boolean).join(' ');

/**
 * The dashboard frame (spec §2): a sidebar with the main menu, the user block, the billing link and
 * 'Sair', and the content area. The sidebar collapses to icons on wide screens (remembered) and is
 * an off-canvas drawer on small ones. While the workspace requires two-factor sign-in and the
 * account has not enrolled, the enrolment shows instead (with 'Sair'), and nothing is polled.
 */
export default function DashboardLayout() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const logoutError = useAppSelector((state) => state.auth.logoutError);
  const unreadTotal = useAppSelector(selectUnreadTotal);
  const enrolmentPending = useAppSelector(selectTwoFactorEnrolmentPending);
  const [collapsed, setCollapsed] = useState(readSidebarCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const sidebarId = useId();
  const openButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  // The real frame is on: later loading screens are spinners, not the page's pre-rendered frame.
  useEffect(dropStartupFrame, []);

  // The menu badges follow GET /api/conversations/stats while the layout is on screen.
  // Not while the enrolment is pending: the server would refuse them.
  useEffect(() => {
    if (enrolmentPending) return;
    dispatch(layoutActions.statsPollingStarted());
    return () => {
      dispatch(layoutActions.statsPollingStopped());
    };
  }, [dispatch, enrolmentPending]);

  const toggleCollapsed = () =>
    setCollapsed((was) => {
      writeSidebarCollapsed(!was);
      return !was;
    });

  // Focus moves into the drawer when it opens and back to the menu button when it is dismissed.
  const restoreFocus = useRef(false);
  useEffect(() => {
    if (drawerOpen) closeButton.current?.focus();
    else if (restoreFocus.current) {
      restoreFocus.current = false;
      openButton.current?.focus();
    }
  }, [drawerOpen]);
  const openDrawer = () => setDrawerOpen(true);
  const closeDrawer = useCallback((refocus: boolean) => {
    restoreFocus.current = refocus;
    setDrawerOpen(false);
  }, []);

  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeDrawer(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen, closeDrawer]);

  if (enrolmentPending) {
    return (
      <Suspense fallback={<FullScreenLoader />}>
        <TwoFactorRequiredScreen />
      </Suspense>
    );
  }

  const items = menuItemsFor(user?.role);
  const unreadBadge = formatBadgeCount(unreadTotal);

  return (
    <div className="min-h-screen bg-slate-50 md:flex dark:bg-slate-950">
      <a
        href="#conteudo-principal"
        className="sr-only z-[60] rounded-lg bg-blue-600 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Pular para o conteúdo
      </a>

      {/* Small screens: a top bar with the menu button. */}
      <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-200 bg-white/90 px-4 backdrop-blur md:hidden dark:border-blue-900/60 dark:bg-slate-900/90">
        <button
          ref={openButton}
          type="button"
          onClick={openDrawer}
          aria-label="Abrir menu"
          aria-expanded={drawerOpen}
          aria-controls={sidebarId}
          className="-ml-2 flex h-10 w-10 items-center justify-center rounded-lg text-slate-600 transition hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-white/10"
        >
          <Menu aria-hidden className="h-5 w-5" />
        </button>
        <Brand />
      </header>

      {drawerOpen ? (
        <div
          aria-hidden
          onClick={() => closeDrawer(true)}
          className="fixed inset-0 z-40 bg-slate-950/50 backdrop-blur-sm md:hidden"
        />
      ) : null}

      <aside
        id={sidebarId}
        aria-label="Menu lateral"
        data-collapsed={collapsed}
        className={cx(
          'fixed inset-y-0 left-0 z-50 flex w-72 flex-col border-r border-slate-200 bg-white shadow-xl transition-[transform,width,visibility] duration-200 ease-out',
          'dark:border-blue-900/60 dark:bg-slate-900',
          'md:sticky md:top-0 md:z-20 md:h-screen md:shrink-0 md:translate-x-0 md:shadow-none',
          drawerOpen ? 'translate-x-0' : 'max-md:invisible max-md:-translate-x-full',
          collapsed ? 'md:w-[4.5rem]' : 'md:w-64',
        )}
      >
        <div
          className={cx(
            'flex h-16 shrink-0 items-center gap-2 px-4',
            collapsed && 'md:justify-center md:px-0',
          )}
        >
          <Brand compact={collapsed} />
          <button
            ref={closeButton}
            type="button"
            onClick={() => closeDrawer(true)}
            aria-label="Fechar menu"
            className="ml-auto flex h-9 w-9 items-center justify-center rounded-lg text-slate-500 transition hover:bg-slate-100 md:hidden dark:text-slate-400 dark:hover:bg-white/10"
          >
            <X aria-hidden className="h-5 w-5" />
          </button>
        </div>

        <button
          type="button"
          onClick={toggleCollapsed}
          aria-label={collapsed ? 'Expandir menu' : 'Recolher menu'}
          title={collapsed ? 'Expandir menu' : 'Recolher menu'}
          aria-expanded={!collapsed}
          aria-controls={sidebarId}
          className="absolute top-5 -right-3.5 z-10 hidden h-7 w-7 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-500 shadow-sm transition hover:border-blue-300 hover:text-blue-600 md:flex dark:border-blue-800 dark:bg-slate-800 dark:text-slate-300 dark:hover:text-white"
        >
          {collapsed ? (
            <PanelLeftOpen aria-hidden className="h-4 w-4" />
          ) : (
            <PanelLeftClose aria-hidden className="h-4 w-4" />
          )}
        </button>

        <nav
          aria-label="Menu principal"
          className={cx('flex-1 overflow-y-auto px-3 py-2', collapsed && 'md:overflow-visible md:px-2')}
        >
          <p
            className={cx(
              'px-3 pb-2 text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400',
              collapsed && 'md:sr-only',
            )}
          >
            Menu
          </p>
          <ul className="space-y-1">
            {items.map((item) => (
              <li key={item.to}>
                <SidebarLink
                  to={item.to}
                  end={item.end}
                  icon={item.icon}
                  label={item.label}
                  collapsed={collapsed}
                  onNavigate={() => closeDrawer(false)}
                  badge={item.badge === 'unread' ? unreadBadge : null}
                  badgeLabel="não lidas"
                />
              </li>
            ))}
          </ul>
        </nav>

        <div
          className={cx(
            'relative shrink-0 space-y-1 border-t border-slate-200 p-3 dark:border-blue-900/60',
            collapsed && 'md:px-2',
          )}
        >
          <NotificationsBell collapsed={collapsed} />
          <SidebarLink
            to="/billing"
            icon={CreditCard}
            label="Assinatura"
            collapsed={collapsed}
            onNavigate={() => closeDrawer(false)}
          />

          {user ? <UserBlock user={user} collapsed={collapsed} /> : null}

          <button
            type="button"
            onClick={() => dispatch(authActions.logoutRequested())}
            className={cx(
              'group relative flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-600 transition hover:bg-red-50 hover:text-red-700 dark:text-slate-300 dark:hover:bg-red-500/10 dark:hover:text-red-300',
              collapsed && 'md:justify-center md:px-0',
            )}
          >
            <LogOut aria-hidden className="h-5 w-5 shrink-0" />
            <span className={cx(collapsed && 'md:sr-only')}>Sair</span>
            {collapsed ? <Tooltip>Sair</Tooltip> : null}
          </button>

          {logoutError ? (
            <p
              role="alert"
              className={cx(
                'rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/15 dark:text-red-200',
                collapsed &&
                  'md:absolute md:bottom-3 md:left-full md:ml-3 md:w-60 md:bg-red-600 md:text-white md:shadow-lg md:dark:bg-red-600 md:dark:text-white',
              )}
            >
              {logoutError}
            </p>
          ) : null}
        </div>
      </aside>

      <main
        id="conteudo-principal"
        tabIndex={-1}
        className="min-w-0 flex-1 px-4 pt-6 pb-24 outline-none sm:px-6 lg:px-10 lg:pt-8"
      >
        {can(user?.role, 'billing:manage') ? (
          <Suspense fallback={null}>
            <PlanBanner />
          </Suspense>
        ) : null}
        <Outlet />
      </main>
      <LazyChatWindows />
      <NewMessageAnnouncer />
    </div>
  );
}

function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <span className="flex items-center gap-2.5">
      <span
        aria-hidden
        className="flex h-9 w-9 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-blue-600 to-indigo-600 text-white shadow-md shadow-blue-600/25"
      >
        <MessagesSquare className="h-5 w-5" />
      </span>
      <span
        className={cx(
          'text-lg font-bold tracking-tight text-slate-900 dark:text-white',
          compact && 'md:sr-only',
        )}
      >
        Atende
      </span>
    </span>
  );
}

/** Shown beside an icon-only item of the collapsed sidebar (the accessible name is the item's own text). */
function Tooltip({ children }: { children: ReactNode }) {
  return (
    <span
      aria-hidden
      className="pointer-events-none absolute top-1/2 left-full z-50 ml-3 hidden -translate-y-1/2 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium whitespace-nowrap text-white opacity-0 shadow-lg transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100 md:block dark:bg-slate-700"
    >
      {children}
    </span>
  );
}

function SidebarLink({
  to,
  end,
  icon: Icon,
  label,
  collapsed,
  onNavigate,
  badge = null,
  badgeLabel,
}: {
  to: string;
  end?: boolean;
  icon: LucideIcon;
  label: string;
  collapsed: boolean;
  onNavigate: () => void;
  badge?: string | null;
  badgeLabel?: string;
}) {
  return (
    <NavLink
      to={to}
      end={end}
      onClick={onNavigate}
      className={({ isActive }) =>
        cx(
          'group relative flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors',
          collapsed && 'md:justify-center md:px-0',
          isActive
            ? 'bg-blue-50 text-blue-700 dark:bg-blue-500/15 dark:text-blue-200'
            : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-white/5 dark:hover:text-white',
        )
      }
    >
      {({ isActive }) => (
        <>
          {isActive ? (
            <span
              aria-hidden
              className="absolute top-1.5 bottom-1.5 left-0 w-1 rounded-r-full bg-blue-600 dark:bg-blue-400"
            />
          ) : null}
          <Icon aria-hidden className="h-5 w-5 shrink-0" />
          <span className={cx('truncate', collapsed && 'md:sr-only')}>{label}</span>
          {badge ? (
            <span
              className={cx(
                'ml-auto inline-flex min-w-5 items-center justify-center rounded-full bg-blue-600 px-1.5 py-0.5 text-[11px] leading-none font-semibold text-white tabular-nums dark:bg-blue-500',
                collapsed &&
                  'md:absolute md:-top-0.5 md:right-0.5 md:ml-0 md:ring-2 md:ring-white md:dark:ring-slate-900',
              )}
            >
              {badge}
              {badgeLabel ? <span className="sr-only"> {badgeLabel}</span> : null}
            </span>
          ) : null}
          {collapsed ? <Tooltip>{label}</Tooltip> : null}
        </>
      )}
    </NavLink>
  );
}
