import { buffers, eventChannel, type EventChannel } from 'redux-saga';
import { call, cancelled, delay, put, race, take, takeEvery } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { authActions } from '../auth/authSlice';
import {
  clearNotifications,
  fetchNotifications,
  markNotificationRead,
  type NotificationList,
} from './notifications-api';
import { notificationsActions } from './notificationsSlice';

/** How often the notifications are fetched while signed in. */
export const NOTIFICATIONS_POLL_INTERVAL_MS = 30_000;

export interface NotificationsSagaOptions {
  pollIntervalMs?: number;
}

/** Emits when the window gets focus back or the tab becomes visible. */
export function focusChannel(): EventChannel<true> {
  return eventChannel<true>((emit) => {
    const onFocus = () => emit(true);
    const onVisible = () => {
      if (document.visibilityState === 'visible') emit(true);
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, buffers.sliding(1));
}

/** Ids seen since the watch started; null before the first answer (what is there then gets no toast). */
interface Seen {
  ids: Set<string> | null;
}

/** One GET /api/notifications; an unread notification not seen before is announced in a toast. */
export function* fetchOnce(seen: Seen) {
  const controller = new AbortController();
  try {
    const list: NotificationList = yield call(fetchNotifications, controller.signal);
    yield put(notificationsActions.loaded(list));
    const known = seen.ids;
    seen.ids = new Set([...(known ?? []), ...list.notifications.map((n) => n.id)]);
    const fresh = known ? list.notifications.find((n) => !n.read && !known.has(n.id)) : undefined;
    if (fresh) yield put(notificationsActions.toastShown(fresh));
  } catch {
    // network or server failure: the bell keeps what it had; the next poll may work
  } finally {
    if ((yield cancelled()) as boolean) controller.abort();
  }
}

/** Fetches now, then every 30 s, on window focus, and when a refresh is asked (e.g. a note changed: notes-endpoints.ts). */
function* watchNotifications(options: NotificationsSagaOptions) {
  const focus: EventChannel<true> = yield call(focusChannel);
  const seen: Seen = { ids: null };
  try {
    while (true) {
      yield call(fetchOnce, seen);
      yield race({
        tick: delay(options.pollIntervalMs ?? NOTIFICATIONS_POLL_INTERVAL_MS),
        focus: take(focus),
        asked: take(notificationsActions.refreshRequested.type),
      });
    }
  } finally {
    focus.close();
  }
}

function* markRead(action: PayloadAction<string>) {
  try {
    yield call(markNotificationRead, action.payload);
  } catch {
    yield put(notificationsActions.readFailed(action.payload));
    yield put(notificationsActions.refreshRequested());
  }
}

function* clear() {
  try {
    yield call(clearNotifications);
  } catch {
    yield put(notificationsActions.clearFailed());
  }
  yield put(notificationsActions.refreshRequested());
}

/** Reminder notifications: polled while the signed-in layout (the bell) is on screen. */
export function* notificationsSaga(options: NotificationsSagaOptions = {}) {
  yield takeEvery(notificationsActions.readRequested.type, markRead);
  yield takeEvery(notificationsActions.clearRequested.type, clear);
  while (true) {
    yield take(notificationsActions.watchStarted.type);
    yield race({
      watch: call(watchNotifications, options),
      stop: take([notificationsActions.watchStopped.type, authActions.loggedOut.type]),
    });
  }
}
