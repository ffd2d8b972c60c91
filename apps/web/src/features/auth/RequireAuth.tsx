import { useDeferredValue, useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { FullScreenLoader } from '../../ui/FullScreenLoader';
import { authActions } from './authSlice';
import { selectAuthStatus, selectLoggingOut } from './selectors';

/** Dashboard routes need a signed-in user; otherwise the visitor goes to /login (spec §2, §5). */
export function RequireAuth({ children }: { children: ReactNode }) {
  // Deferred: the session's answer mounts the whole dashboard; as a deferred render React yields to
  // the browser between components instead of one long task (Lighthouse's total blocking time).
  const status = useDeferredValue(useAppSelector(selectAuthStatus));
  const loggingOut = useAppSelector(selectLoggingOut);
  const location = useLocation();
  const dispatch = useAppDispatch();

  // After a logout the guard that was showing keeps a loader (the app is on its way to /, and React
  // may render it once more before the landing page); a protected page opened later guards again.
  useEffect(() => {
    if (loggingOut && status === 'anonymous') dispatch(authActions.logoutSettled());
    // Only on mount: a guard that is already showing must not redirect on the way out.
  }, []);

  if (status === 'unknown') return <FullScreenLoader />;
  if (status === 'anonymous') {
    if (loggingOut) return <FullScreenLoader label="Saindo..." />;
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={{ from }} />;
  }
  return children;
}
