import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { authActions } from '../auth/authSlice';
import type { AppNotification, NotificationList } from './notifications-api';

export interface NotificationsState {
  /** Newest first (spec §4). */
  items: AppNotification[];
  unreadCount: number;
  /** False until the first answer. */
  loaded: boolean;
  /** Marked read here and not yet confirmed by a list: a stale poll must not show them unread again. */
  readPending: string[];
  /** Cleared here: a stale poll must not bring them back (the server no longer lists them). */
  clearedIds: string[];
  /** The new notification announced in a toast, if any. */
  toast: AppNotification | null;
}

const initialState: NotificationsState = {
  items: [],
  unreadCount: 0,
  loaded: false,
  readPending: [],
  clearedIds: [],
  toast: null,
};

const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    /** The bell is on screen (a signed-in page): poll every 30 s and on window focus. */
    watchStarted() {},
    watchStopped() {},
    /** Fetch now (after a note changed, on focus, or when the panel opens). */
    refreshRequested() {},
    loaded(state, action: PayloadAction<NotificationList>) {
      const { notifications } = action.payload;
      const pending = new Set(state.readPending);
      const cleared = new Set(state.clearedIds);
      let unreadCount = action.payload.unreadCount;
      state.items = notifications.flatMap((n) => {
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
      state.loaded = true;
    },
    /** 'Lembrete: …' clicked: read at once, the server told in the background. */
    readRequested(state, action: PayloadAction<string>) {
      const item = state.items.find((n) => n.id === action.payload);
      if (item && !item.read) {
        item.read = true;
        state.unreadCount = Math.max(0, state.unreadCount - 1);
      }
      if (!state.readPending.includes(action.payload)) state.readPending.push(action.payload);
      if (state.toast?.id === action.payload) state.toast = null;
    },
    readFailed(state, action: PayloadAction<string>) {
      state.readPending = state.readPending.filter((id) => id !== action.payload);
    },
    clearFailed(state) {
      state.clearedIds = [];
    },
    /** 'Limpar'. */
    clearRequested(state) {
      state.clearedIds = [...state.clearedIds, ...state.items.map((n) => n.id)];
      state.items = [];
      state.unreadCount = 0;
      state.readPending = [];
      state.toast = null;
    },
    toastShown(state, action: PayloadAction<AppNotification>) {
      state.toast = action.payload;
    },
    toastDismissed(state) {
      state.toast = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(authActions.loggedOut, () => initialState);
  },
});

export const notificationsActions = notificationsSlice.actions;
export const notificationsReducer = notificationsSlice.reducer;

type WithNotifications = { notifications: NotificationsState };
export const selectNotifications = (state: WithNotifications) => state.notifications.items;
export const selectUnreadNotifications = (state: WithNotifications) => state.notifications.unreadCount;
export const selectNotificationToast = (state: WithNotifications) => state.notifications.toast;
