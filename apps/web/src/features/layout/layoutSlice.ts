import type { Stats as ConversationStats } from '@atende/api-contract';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { authActions } from '../auth/authSlice';

/** What GET /api/conversations/stats answers (the workspace's conversations this user may see): the contract's. */
export type { ConversationStats };

/** A customer's new message, read out by the dashboard's polite live region (`id` tells repeats apart). */
export interface NewMessageAnnouncement {
  id: number;
  name: string;
}

export interface LayoutState {
  /** The latest stats for the menu badges; null until the first answer. */
  stats: ConversationStats | null;
  /** The last new message announced; null until one arrives live. */
  announcement: NewMessageAnnouncement | null;
}

const initialState: LayoutState = { stats: null, announcement: null };

/** What the live region says for a customer's new message (issue 31). */
export const newMessageText = (name: string): string => `Nova mensagem de ${name}`;

const layoutSlice = createSlice({
  name: 'layout',
  initialState,
  reducers: {
    /** The dashboard layout mounted: start polling the stats (every 5 s). */
    statsPollingStarted() {},
    /** The dashboard layout unmounted: stop polling. */
    statsPollingStopped() {},
    statsLoaded(state, action: PayloadAction<ConversationStats>) {
      state.stats = action.payload;
    },
    /** The live list's unread messages moved (a socket push, a read): the badge follows before the next poll. */
    unreadShifted(state, action: PayloadAction<number>) {
      if (state.stats) state.stats.unreadTotal = Math.max(0, state.stats.unreadTotal + action.payload);
    },
    /** A customer's message arrived live (not a replay): announced politely, the focus stays put. */
    newMessageAnnounced(state, action: PayloadAction<{ name: string }>) {
      state.announcement = { id: (state.announcement?.id ?? 0) + 1, name: action.payload.name };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(authActions.loggedOut, (state) => {
      state.stats = null;
      state.announcement = null;
    });
  },
});

export const layoutActions = layoutSlice.actions;
export const layoutReducer = layoutSlice.reducer;

export const selectUnreadTotal = (state: { layout: LayoutState }): number =>
  state.layout.stats?.unreadTotal ?? 0;

export const selectAnnouncement = (state: { layout: LayoutState }): NewMessageAnnouncement | null =>
  state.layout.announcement;
