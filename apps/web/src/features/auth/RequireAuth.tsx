import { useEffect, type ReactNode } from 'react';
import { useStore } from 'react-redux';
import { Navigate, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { FullScreenLoader } from '../../ui/FullScreenLoader';
import { authActions } from './authSlice';
import { selectAuthStatus, selectLoggingOut } from './selectors';

/** Dashboard routes need a signed-in user; otherwise the visitor goes to /login (spec §2, §5). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useAppSelector(selectAuthStatus);
  const loggingOut = useAppSelector(selectLoggingOut);
  const location = useLocation();
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();

  // A logout leads to /, not /login: while it is under way this guard waits (shows the loader)
  // instead of redirecting. Leaving the protected pages ends that; so does arriving on one later.
  useEffect(() => {
    if (store.getState().auth.loggingOut) dispatch(authActions.logoutSettled());
    return () => {
      if (store.getState().auth.loggingOut) dispatch(authActions.logoutSettled());
    };
  }, [dispatch, store]);

  if (status === 'unknown') return <FullScreenLoader />;
  if (status === 'anonymous') {
    if (loggingOut) return <FullScreenLoader label="Saindo..." />;
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={{ from }} />;
  }
  return children;
}
