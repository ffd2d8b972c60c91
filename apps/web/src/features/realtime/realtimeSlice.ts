import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import { authActions } from '../auth/authSlice';

/**
 * idle: nobody signed in; connecting: the first connection is being opened; connected: live;
 * disconnected: down (reconnecting in the background) — the polling fallbacks key on `!== 'connected'`.
 */
export type SocketStatus = 'idle' | 'connecting' | 'connected' | 'disconnected';

/** The WhatsApp session as the socket last reported it (`whatsapp:connected` / `whatsapp:disconnected`). */
export interface ChannelState {
  connected: boolean;
  sessionId: string;
  phoneNumber: string;
}

export interface RealtimeState {
  status: SocketStatus;
  /** The highest global position seen; a reconnect resumes after it (0: none yet, start live). */
  lastPosition: number;
  channel: ChannelState | null;
}

const initialState: RealtimeState = { status: 'idle', lastPosition: 0, channel: null };

/** The live socket: its state (polling is the fallback while it is not connected) and the last position seen. */
const realtimeSlice = createSlice({
  name: 'realtime',
  initialState,
  reducers: {
    socketStatusChanged(state, action: PayloadAction<SocketStatus>) {
      state.status = action.payload;
    },
    /** Every pushed change carries its global position; a reconnect resumes after the highest one. */
    positionSeen(state, action: PayloadAction<number>) {
      if (action.payload > state.lastPosition) state.lastPosition = action.payload;
    },
    /** The server's log is behind what this tab saw (it was reset): follow it from its position. */
    positionReset(state, action: PayloadAction<number>) {
      state.lastPosition = Math.max(0, action.payload);
    },
    channelStatusChanged(state, action: PayloadAction<ChannelState>) {
      state.channel = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(authActions.loggedOut, () => initialState);
  },
});

export const realtimeActions = realtimeSlice.actions;
export const realtimeReducer = realtimeSlice.reducer;

export const selectSocketStatus = (state: RootState): SocketStatus => state.realtime.status;
export const selectLastPosition = (state: RootState): number => state.realtime.lastPosition;
export const selectSocketConnected = (state: RootState): boolean => state.realtime.status === 'connected';
export const selectChannelState = (state: RootState): ChannelState | null => state.realtime.channel;
