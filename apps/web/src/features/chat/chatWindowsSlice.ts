import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** One floating chat window (spec §3): position and size in px. */
export interface ChatWindowState {
  id: string;
  conversationId: string;
  isMinimized: boolean;
  isMaximized: boolean;
  position: { x: number; y: number };
  size: { width: number; height: number };
  /** Stacking order: the highest is in front. */
  z: number;
}

const chatWindowsSlice = createSlice({
  name: 'chatWindows',
  initialState: { windows: [] as ChatWindowState[], topZ: 0 },
  reducers: {
    /** Open the conversation's window, or bring the open one to the front (spec §4). */
    chatWindowOpened(_state, _action: PayloadAction<{ conversationId: string }>) {},
  },
});

export const chatWindowsActions = chatWindowsSlice.actions;
export const chatWindowsReducer = chatWindowsSlice.reducer;
