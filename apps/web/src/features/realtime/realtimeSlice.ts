import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type SocketStatus = 'idle' | 'connecting' | 'connected' | 'disconnected';

/** The live socket: its state (polling is the fallback while it is not connected) and the last position seen. */
const realtimeSlice = createSlice({
  name: 'realtime',
  initialState: { status: 'idle' as SocketStatus, lastPosition: 0 },
  reducers: {
    socketStatusChanged(state, action: PayloadAction<SocketStatus>) {
      state.status = action.payload;
    },
    /** Every pushed change carries its global position; a reconnect resumes after the highest one. */
    positionSeen(state, action: PayloadAction<number>) {
      if (action.payload > state.lastPosition) state.lastPosition = action.payload;
    },
  },
});

export const realtimeActions = realtimeSlice.actions;
export const realtimeReducer = realtimeSlice.reducer;
