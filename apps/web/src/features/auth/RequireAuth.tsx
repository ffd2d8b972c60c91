import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { FullScreenLoader } from '../../ui/FullScreenLoader';
import { selectAuthStatus } from './selectors';

/** Dashboard routes need a signed-in user; otherwise the visitor goes to /login (spec §2, §5). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useAppSelector(selectAuthStatus);
  const location = useLocation();
  if (status === 'unknown') return <FullScreenLoader />;
  if (status === 'anonymous') return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children;
}
