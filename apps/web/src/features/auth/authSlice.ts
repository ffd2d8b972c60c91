import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Me } from '../../api/types';

export type AuthStatus = 'unknown' | 'authenticated' | 'anonymous';

export interface AuthState {
  /** 'unknown' until the first answer of GET /api/auth/me (spec §4: loading until known). */
  status: AuthStatus;
  user: Me | null;
  loginPending: boolean;
  loginError: string | null;
  logoutError: string | null;
}

const initialState: AuthState = {
  status: 'unknown',
  user: null,
  loginPending: false,
  loginError: null,
  logoutError: null,
};

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    sessionChecked(state, action: PayloadAction<Me | null>) {
      state.user = action.payload;
      state.status = action.payload ? 'authenticated' : 'anonymous';
    },
    loginRequested(state, _action: PayloadAction<{ email: string; password: string }>) {
      state.loginPending = true;
      state.loginError = null;
    },
    googleLoginRequested(state) {
      state.loginPending = true;
      state.loginError = null;
    },
    loginSucceeded(state, action: PayloadAction<Me>) {
      state.loginPending = false;
      state.user = action.payload;
      state.status = 'authenticated';
    },
    loginFailed(state, action: PayloadAction<string>) {
      state.loginPending = false;
      state.loginError = action.payload;
    },
    logoutRequested(state) {
      state.logoutError = null;
    },
    loggedOut(state) {
      state.user = null;
      state.status = 'anonymous';
    },
    logoutFailed(state, action: PayloadAction<string>) {
      state.logoutError = action.payload;
    },
  },
});

export const authActions = authSlice.actions;
export const authReducer = authSlice.reducer;
