import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { authActions } from '../auth/authSlice';

/** What GET /api/conversations/stats answers (the workspace's conversations this user may see). */
export interface ConversationStats {
  totalConversations: number;
  activeConversations: number;
  unreadTotal: number;
  channels: string[];
}

export interface LayoutState {
  /** The latest stats for the menu badges; null until the first answer. */
  stats: ConversationStats | null;
}

const initialState: LayoutState = { stats: null };

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
  },
  extraReducers: (builder) => {
    builder.addCase(authActions.loggedOut, (state) => {
      state.stats = null;
    });
  },
});

export const layoutActions = layoutSlice.actions;
export const layoutReducer = layoutSlice.reducer;

export const selectUnreadTotal = (state: { layout: LayoutState }): number =>
  state.layout.stats?.unreadTotal ?? 0;
