import type { ComponentType } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth/RequireAuth';
import { RouteErrorPage } from '../features/errors/RouteErrorPage';
import { FullScreenLoader } from '../ui/FullScreenLoader';

/** Each screen is its own chunk, so /dashboard does not download the landing page (and the reverse). */
const screen = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** The spec's routes (§2). Dashboard and billing need a signed-in user. */
export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteErrorPage />,
    // Shown while the first screen's chunk loads (without it the router renders nothing and warns).
    hydrateFallbackElement: <FullScreenLoader />,
    element: <Outlet />,
    children: [
      { index: true, lazy: screen(() => import('../features/landing/LandingPage')) },
      { path: 'login', lazy: screen(() => import('../features/auth/LoginPage')) },
      { path: 'signup', lazy: screen(() => import('../features/signup/SignupPage')) },
      {
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        children: [
          {
            lazy: screen(() => import('../features/layout/DashboardLayout')),
            children: [
              { path: 'dashboard', lazy: screen(() => import('../features/dashboard/OverviewPage')) },
              { path: 'dashboard/team', lazy: screen(() => import('../features/dashboard/TeamPage')) },
              {
                path: 'dashboard/analytics',
                lazy: screen(() => import('../features/dashboard/AnalyticsPage')),
              },
              {
                path: 'dashboard/integrations',
                lazy: screen(() => import('../features/dashboard/IntegrationsPage')),
              },
              {
                path: 'dashboard/settings',
                lazy: screen(() => import('../features/dashboard/SettingsPage')),
              },
              { path: 'billing', lazy: screen(() => import('../features/billing/BillingPage')) },
            ],
          },
        ],
      },
    ],
  },
];
