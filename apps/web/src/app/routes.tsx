import { Outlet, type RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth/RequireAuth';
import DashboardLayout from '../features/layout/DashboardLayout';
import { screen } from './lazy-screen';
import { publicPages } from './public-routes';
import { rootRoute } from './root-route';

/** The spec's routes (§2). Dashboard and billing need a signed-in user. */
export const routes: RouteObject[] = rootRoute([
  ...publicPages,
  {
    element: (
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    ),
    children: [
      {
        // In the entry: every page of the whole app but the public ones (which have their own entry)
        // is shown in it, so it is not a second trip before the first screen.
        Component: DashboardLayout,
        children: [
          { path: 'dashboard', lazy: screen(() => import('../features/dashboard/OverviewPage')) },
          { path: 'dashboard/team', lazy: screen(() => import('../features/dashboard/TeamPage')) },
          { path: 'dashboard/analytics', lazy: screen(() => import('../features/dashboard/AnalyticsPage')) },
          {
            path: 'dashboard/integrations',
            lazy: screen(() => import('../features/dashboard/IntegrationsPage')),
          },
          { path: 'dashboard/settings', lazy: screen(() => import('../features/dashboard/SettingsPage')) },
          { path: 'billing', lazy: screen(() => import('../features/billing/BillingPage')) },
        ],
      },
    ],
  },
]);
