import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { authActions } from '../auth/authSlice';
import {
  DEFAULT_FILTERS,
  TEAM_TEXTS,
  type MemberFormValues,
  type TeamFilters,
  type TeamMember,
} from './types';

/** The add/edit modal: which one is open, and its save. */
export interface MemberEditor {
  mode: 'add' | 'edit';
  /** The member being edited (mode 'edit'). */
  memberId: string | null;
  saving: boolean;
  /** The server's text when the save failed (duplicate e-mail, invalid e-mail, ...). */
  error: string | null;
}

/** The confirmation before a removal. */
export interface PendingRemoval {
  memberId: string;
  removing: boolean;
  error: string | null;
}

/** The confirmation before a password reset. */
export interface PendingPasswordReset {
  memberId: string;
  resetting: boolean;
  /** The server's refusal (ACCOUNT_SHARED, FORBIDDEN, ...), shown in the confirmation. */
  error: string | null;
}

/** A one-time password (a new account's, or a reset's): shown once, then forgotten. */
export interface NewCredentials {
  /** 'added': a new member's account; 'reset': an existing member's password was replaced. */
  reason: 'added' | 'reset';
  name: string;
  email: string;
  password: string;
}

export type MemberSaveRequest =
  | { mode: 'add'; values: MemberFormValues }
  | { mode: 'edit'; memberId: string; changes: Partial<MemberFormValues> };

/**
 * Equipe's screen state: filters, the open dialogs and what the last change answered. The members
 * themselves are the server's (team-endpoints.ts's getTeam, in the server-state cache).
 */
const initialState = {
  filters: DEFAULT_FILTERS as TeamFilters,
  editor: null as MemberEditor | null,
  removal: null as PendingRemoval | null,
  passwordReset: null as PendingPasswordReset | null,
  credentials: null as NewCredentials | null,
  /** The server's last success text ('Membro adicionado com sucesso!'). */
  notice: null as string | null,
};

export type TeamState = typeof initialState;

const teamSlice = createSlice({
  name: 'team',
  initialState,
  reducers: {
    filtersChanged(state, action: PayloadAction<Partial<TeamFilters>>) {
      state.filters = { ...state.filters, ...action.payload };
    },
    filtersCleared(state) {
      state.filters = DEFAULT_FILTERS;
    },
    addOpened(state) {
      state.editor = { mode: 'add', memberId: null, saving: false, error: null };
      state.notice = null;
    },
    editOpened(state, action: PayloadAction<string>) {
      state.editor = { mode: 'edit', memberId: action.payload, saving: false, error: null };
      state.notice = null;
    },
    editorClosed(state) {
      if (!state.editor?.saving) state.editor = null;
    },
    memberSaveRequested(state, _action: PayloadAction<MemberSaveRequest>) {
      if (!state.editor) return;
      state.editor.saving = true;
      state.editor.error = null;
    },
    memberAdded(
      state,
      action: PayloadAction<{ member: TeamMember; oneTimePassword: string | null; message: string }>,
    ) {
      const { member, oneTimePassword, message } = action.payload;
      state.editor = null;
      // A former member comes back with the account (and password) they already had.
      state.notice = oneTimePassword
        ? message || null
        : [message, TEAM_TEXTS.existingAccount].filter(Boolean).join(' ');
      state.credentials = oneTimePassword
        ? { reason: 'added', name: member.name, email: member.email, password: oneTimePassword }
        : null;
    },
    memberUpdated(state, action: PayloadAction<{ member: TeamMember; message: string }>) {
      state.editor = null;
      state.notice = action.payload.message || null;
    },
    memberSaveFailed(state, action: PayloadAction<string>) {
      if (!state.editor) return;
      state.editor.saving = false;
      state.editor.error = action.payload;
    },
    removalOpened(state, action: PayloadAction<string>) {
      state.removal = { memberId: action.payload, removing: false, error: null };
      state.notice = null;
    },
    removalClosed(state) {
      if (!state.removal?.removing) state.removal = null;
    },
    memberRemoveRequested(state, _action: PayloadAction<string>) {
      if (!state.removal) return;
      state.removal.removing = true;
      state.removal.error = null;
    },
    memberRemoved(state, action: PayloadAction<{ memberId: string; message: string }>) {
      state.removal = null;
      state.notice = action.payload.message || null;
    },
    memberRemoveFailed(state, action: PayloadAction<string>) {
      if (!state.removal) return;
      state.removal.removing = false;
      state.removal.error = action.payload;
    },
    passwordResetOpened(state, action: PayloadAction<string>) {
      state.passwordReset = { memberId: action.payload, resetting: false, error: null };
      state.notice = null;
    },
    passwordResetClosed(state) {
      if (!state.passwordReset?.resetting) state.passwordReset = null;
    },
    passwordResetRequested(state, _action: PayloadAction<string>) {
      if (!state.passwordReset) return;
      state.passwordReset.resetting = true;
      state.passwordReset.error = null;
    },
    /** Reset: the confirmation closes and the one-time password is shown once. */
    passwordResetSucceeded(
      state,
      action: PayloadAction<{ member: TeamMember; oneTimePassword: string; message: string }>,
    ) {
      const { member, oneTimePassword, message } = action.payload;
      state.passwordReset = null;
      state.notice = message || null;
      state.credentials = {
        reason: 'reset',
        name: member.name,
        email: member.email,
        password: oneTimePassword,
      };
    },
    passwordResetFailed(state, action: PayloadAction<string>) {
      if (!state.passwordReset) return;
      state.passwordReset.resetting = false;
      state.passwordReset.error = action.payload;
    },
    /** The one-time password was read: it is forgotten and never shown again. */
    credentialsDismissed(state) {
      state.credentials = null;
    },
    noticeDismissed(state) {
      state.notice = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(authActions.loggedOut, () => initialState);
  },
});

export const teamActions = teamSlice.actions;
export const teamReducer = teamSlice.reducer;
