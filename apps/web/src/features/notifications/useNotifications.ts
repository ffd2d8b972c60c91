import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { AppNotification } from './notifications-api';
import {
  NOTIFICATIONS_POLL_INTERVAL_MS,
  notificationsApi,
  notificationsOf,
  useGetNotificationsQuery,
} from './notifications-endpoints';

/**
 * The bell's notifications while it is on screen: asked every 30 s, when the window gets the focus
 * back (or the tab becomes visible) and on request; a new unread one (not one there at the start) is
 * announced in a toast. Marking read and 'Limpar' show at once (notifications-endpoints.ts).
 */
export function useNotifications() {
  const dispatch = useAppDispatch();
  // Signed out (the page is leaving): nothing more is asked.
  const signedIn = useAppSelector((state) => state.auth.status === 'authenticated');
  const { data, refetch } = useGetNotificationsQuery(undefined, {
    pollingInterval: NOTIFICATIONS_POLL_INTERVAL_MS,
    skip: !signedIn,
  });
  const [toast, setToast] = useState<AppNotification | null>(null);
  /** Ids seen since the bell appeared; null before the first answer (what is there then gets no toast). */
  const seen = useRef<Set<string> | null>(null);

  useEffect(() => {
    if (!data) return;
    const known = seen.current;
    seen.current = new Set([...(known ?? []), ...data.notifications.map((n) => n.id)]);
    const fresh = known ? data.notifications.find((n) => !n.read && !known.has(n.id)) : undefined;
    if (fresh) setToast(fresh);
  }, [data]);

  useEffect(() => {
    if (!signedIn) return undefined;
    const onFocus = () => void refetch();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refetch();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refetch, signedIn]);

  const markRead = useCallback(
    (id: string) => {
      void dispatch(notificationsApi.endpoints.markNotificationRead.initiate(id, { track: false }));
      setToast((shown) => (shown?.id === id ? null : shown));
    },
    [dispatch],
  );
  const clear = useCallback(() => {
    void dispatch(notificationsApi.endpoints.clearNotifications.initiate(undefined, { track: false }));
    setToast(null);
  }, [dispatch]);

  return {
    items: notificationsOf(data),
    unread: data?.unreadCount ?? 0,
    toast,
    dismissToast: useCallback(() => setToast(null), []),
    refresh: useCallback(() => {
      if (signedIn) void refetch();
    }, [refetch, signedIn]),
    markRead,
    clear,
  };
}
