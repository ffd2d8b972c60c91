import { api, queryFnOf } from '../../server-state/api';
import {
  clearNotifications,
  fetchNotifications,
  markNotificationRead,
  type AppNotification,
  type NotificationList,
} from './notifications-api';

/** How often the bell asks again while it is on screen. */
export const NOTIFICATIONS_POLL_INTERVAL_MS = 30_000;

/**
 * The bell's list as the cache keeps it: newest first (spec §4), plus what this tab changed and the
 * server may not show yet, so that a stale poll does not undo it.
 */
export interface NotificationsCache extends NotificationList {
  /** Marked read here and not yet confirmed by a list: a stale poll must not show them unread again. */
  readPending: string[];
  /** Cleared here: a stale poll must not bring them back (the server no longer lists them). */
  clearedIds: string[];
}

const NOTIFICATIONS = ['Notification' as const];

/** A list from the server over what this tab changed meanwhile (the query's merge). */
export function mergeLoaded(state: NotificationsCache, list: NotificationList): void {
  const { notifications } = list;
  const pending = new Set(state.readPending);
  const cleared = new Set(state.clearedIds);
  let unreadCount = list.unreadCount;
  state.notifications = notifications.flatMap((n) => {
    if (cleared.has(n.id)) {
      if (!n.read) unreadCount -= 1;
      return [];
    }
    if (n.read || !pending.has(n.id)) return [n];
    unreadCount -= 1;
    return [{ ...n, read: true }];
  });
  state.unreadCount = Math.max(0, unreadCount);
  // What the server already shows as read, or no longer lists, needs no more care.
  state.readPending = state.readPending.filter((id) => notifications.some((n) => n.id === id && !n.read));
  state.clearedIds = state.clearedIds.filter((id) => notifications.some((n) => n.id === id));
}

type Dispatch = (action: unknown) => unknown;
const change = (dispatch: Dispatch, recipe: (state: NotificationsCache) => void) =>
  dispatch(notificationsApi.util.updateQueryData('getNotifications', undefined, recipe));

/** One of notifications-api.ts's calls (it answers nothing) as a `queryFn`. */
const run = <A>(call: (arg: A) => Promise<void>) =>
  queryFnOf(async (arg: A) => {
    await call(arg);
    return null;
  });

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/notifications: the bell polls it every 30 s, on focus and when its panel opens. */
    getNotifications: build.query<NotificationsCache, undefined>({
      queryFn: queryFnOf(async (_arg: undefined, signal) => ({
        ...(await fetchNotifications(signal)),
        readPending: [],
        clearedIds: [],
      })),
      merge: (kept, loaded) => mergeLoaded(kept, loaded),
      providesTags: NOTIFICATIONS,
    }),
    /** 'Lembrete: …' opened: read at once, the server told in the background (asked again if it failed). */
    markNotificationRead: build.mutation<null, string>({
      queryFn: run(markNotificationRead),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        change(dispatch, (state) => {
          const item = state.notifications.find((n) => n.id === id);
          if (item && !item.read) {
            item.read = true;
            state.unreadCount = Math.max(0, state.unreadCount - 1);
          }
          if (!state.readPending.includes(id)) state.readPending.push(id);
        });
        try {
          await queryFulfilled;
        } catch {
          change(dispatch, (state) => {
            state.readPending = state.readPending.filter((pending) => pending !== id);
          });
        }
      },
      invalidatesTags: (_result, error) => (error ? NOTIFICATIONS : []),
    }),
    /** 'Limpar': the list empties at once; then it is asked again (it comes back if the server refused). */
    clearNotifications: build.mutation<null, undefined>({
      queryFn: run(clearNotifications),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        change(dispatch, (state) => {
          state.clearedIds = [...state.clearedIds, ...state.notifications.map((n) => n.id)];
          state.notifications = [];
          state.unreadCount = 0;
          state.readPending = [];
        });
        try {
          await queryFulfilled;
        } catch {
          change(dispatch, (state) => {
            state.clearedIds = [];
          });
        }
      },
      invalidatesTags: NOTIFICATIONS,
    }),
  }),
});

export const { useGetNotificationsQuery } = notificationsApi;

/** The notifications shown (newest first), none before the first answer. */
export const notificationsOf = (data: NotificationsCache | undefined): AppNotification[] =>
  data?.notifications ?? [];
