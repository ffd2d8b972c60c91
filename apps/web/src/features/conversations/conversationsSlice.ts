import { createEntityAdapter, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Conversation } from '../../api/types';

/** Conversations of the workspace the member sees, kept fresh by the socket (polling while it is down). */
export const conversationsAdapter = createEntityAdapter<Conversation>();

const conversationsSlice = createSlice({
  name: 'conversations',
  initialState: conversationsAdapter.getInitialState({
    /** true until the first list arrived ('Sincronizando...'). */
    loading: true,
    error: null as string | null,
  }),
  reducers: {
    /** Load (or refresh) the list: on start, on the refresh button, and by the polling fallback. */
    conversationsRequested(state) {
      state.error = null;
    },
    conversationsLoaded(state, action: PayloadAction<Conversation[]>) {
      conversationsAdapter.setAll(state, action.payload);
      state.loading = false;
    },
    conversationsFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    /** A row pushed by the server (socket `conversation:updated`, a new message's row, an action's answer). */
    conversationUpserted(state, action: PayloadAction<Conversation>) {
      conversationsAdapter.setOne(state, action.payload);
    },
  },
});

export const conversationsActions = conversationsSlice.actions;
export const conversationsReducer = conversationsSlice.reducer;
