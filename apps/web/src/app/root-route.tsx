import { Outlet, type RouteObject } from 'react-router';
import { RouteErrorPage } from '../features/errors/RouteErrorPage';
import { FullScreenLoader } from '../ui/FullScreenLoader';

/** The root route both entries share: the error page, and a loader while a screen's chunk arrives. */
export const rootRoute = (children: RouteObject[]): RouteObject[] => [
  {
    path: '/',
    errorElement: <RouteErrorPage />,
    // Shown while the first screen's chunk loads (without it the router renders nothing and warns).
    hydrateFallbackElement: <FullScreenLoader />,
    element: <Outlet />,
    children,
  },
];
