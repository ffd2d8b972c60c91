import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { FullScreenLoader } from '../../ui/FullScreenLoader';
import { selectAuthStatus, selectLoggingOut } from './selectors';

/** Dashboard routes need a signed-in user; otherwise the visitor goes to /login (spec §2, §5). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useAppSelector(selectAuthStatus);
  const loggingOut = useAppSelector(selectLoggingOut);
  const location = useLocation();

  if (status === 'unknown') return <FullScreenLoader />;
  if (status === 'anonymous') {
    if (loggingOut) return <FullScreenLoader label="Saindo..." />;
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={{ from }} />;
  }
  return children;
}
