import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SignupForm } from './signup-api';

export interface SignupState {
  pending: boolean;
  /** The text of the last refusal, shown in the form. */
  error: string | null;
}

const initialState: SignupState = { pending: false, error: null };

const signupSlice = createSlice({
  name: 'signup',
  initialState,
  reducers: {
    /** The sign-up page opened: forget an old error. */
    signupPageOpened(state) {
      if (!state.pending) state.error = null;
    },
    signupRequested(state, _action: PayloadAction<SignupForm>) {
      state.pending = true;
      state.error = null;
    },
    signupSucceeded(state) {
      state.pending = false;
      state.error = null;
    },
    signupFailed(state, action: PayloadAction<string>) {
      state.pending = false;
      state.error = action.payload;
    },
  },
});

export const signupActions = signupSlice.actions;
export const signupReducer = signupSlice.reducer;

export const selectSignup = (state: { signup: SignupState }) => state.signup;
