import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthConfig, Me } from '../../api/types';

export type AuthStatus = 'unknown' | 'authenticated' | 'anonymous';

/** Where GET /api/auth/config stands: the login page needs it to enable the Google button. */
export type AuthConfigStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface AuthState {
  /** 'unknown' until the first answer of GET /api/auth/me (spec §4: loading until known). */
  status: AuthStatus;
  user: Me | null;
  /** How this server signs people in (local accounts or Firebase); null until GET /api/auth/config answered. */
  config: AuthConfig | null;
  configStatus: AuthConfigStatus;
  loginPending: boolean;
  loginError: string | null;
  /** The server asked for a new password before the session opens (its text), or null. */
  passwordChange: string | null;
  /**
   * The account has two-factor sign-in on: the server asked for the authenticator app's code (or a
   * recovery code) before the session opens (its text, TOTP_REQUIRED), or null.
   */
  secondFactor: string | null;
  /**
   * True from the logout request until the app has left the protected pages, so that RequireAuth
   * does not send the user to /login on the way to / (spec §2: sign-out goes to /).
   */
  loggingOut: boolean;
  logoutError: string | null;
  /** Alterar senha (Configurações > Segurança): the signed-in account's own password change. */
  ownPassword: OwnPasswordChange;
}

/** The own password's change: in flight, then the server's success text or its refusal. */
export interface OwnPasswordChange {
  /**
   * True while POST /api/auth/password runs: the server ends every session of the account (this
   * tab's socket closes too) before this browser gets its fresh cookie, so the socket waits for it.
   */
  changing: boolean;
  notice: string | null;
  error: string | null;
}

export interface OwnPasswordChangeRequest {
  currentPassword: string;
  newPassword: string;
}

const noOwnPasswordChange: OwnPasswordChange = { changing: false, notice: null, error: null };

const initialState: AuthState = {
  status: 'unknown',
  user: null,
  config: null,
  configStatus: 'idle',
  loginPending: false,
  loginError: null,
  passwordChange: null,
  secondFactor: null,
  loggingOut: false,
  logoutError: null,
  ownPassword: noOwnPasswordChange,
};

export interface LoginRequest {
  email: string;
  password: string;
  /** The protected page the visitor was sent away from; /dashboard when absent. */
  redirectTo?: string;
  /** Sent when the server asked for a new password (a one-time or expired one). */
  newPassword?: string;
  /** Sent when the server asked for the second factor: the authenticator app's 6 digits... */
  totp?: string;
  /** ...or one of the account's recovery codes instead. */
  recoveryCode?: string;
}

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    sessionChecked(state, action: PayloadAction<Me | null>) {
      state.user = action.payload;
      state.status = action.payload ? 'authenticated' : 'anonymous';
      if (action.payload) state.loggingOut = false;
    },
    /** The login page opened: forget an old error and make sure the sign-in mode is known. */
    loginPageOpened(state) {
      state.loginError = null;
      state.passwordChange = null;
      state.secondFactor = null;
    },
    /** The password was right, but a new one must be set first (PASSWORD_CHANGE_REQUIRED / EXPIRED). */
    passwordChangeAsked(state, action: PayloadAction<string>) {
      state.loginPending = false;
      state.loginError = null;
      state.passwordChange = action.payload;
    },
    /** The password was right, but the account has two-factor sign-in on: its code is asked (TOTP_REQUIRED). */
    secondFactorAsked(state, action: PayloadAction<string>) {
      state.loginPending = false;
      state.loginError = null;
      state.secondFactor = action.payload;
    },
    /** A public page (landing, sign-up) needs to know whether sign-up is open. */
    configNeeded() {},
    configRequested(state) {
      if (state.configStatus !== 'ready') state.configStatus = 'loading';
    },
    configLoaded(state, action: PayloadAction<AuthConfig>) {
      state.config = action.payload;
      state.configStatus = 'ready';
    },
    configFailed(state) {
      if (state.configStatus !== 'ready') state.configStatus = 'failed';
    },
    loginRequested(state, _action: PayloadAction<LoginRequest>) {
      state.loginPending = true;
      state.loginError = null;
    },
    googleLoginRequested: {
      reducer(state, _action: PayloadAction<{ redirectTo?: string }>) {
        state.loginPending = true;
        state.loginError = null;
      },
      prepare: (payload: { redirectTo?: string } = {}) => ({ payload }),
    },
    loginSucceeded(state, action: PayloadAction<Me>) {
      state.loginPending = false;
      state.loginError = null;
      state.passwordChange = null;
      state.secondFactor = null;
      state.user = action.payload;
      state.status = 'authenticated';
      state.loggingOut = false;
      state.logoutError = null;
    },
    loginFailed(state, action: PayloadAction<string>) {
      state.loginPending = false;
      state.loginError = action.payload;
    },
    logoutRequested(state) {
      state.logoutError = null;
      state.loggingOut = true;
    },
    /** `loggingOut` stays set: the dashboard's guard may render once more before the landing page shows. */
    loggedOut(state) {
      state.user = null;
      state.status = 'anonymous';
      state.loginPending = false;
      state.ownPassword = noOwnPasswordChange;
    },
    /**
     * The session ended elsewhere (a logout in another tab, an expiry, a removal): signed out here
     * too, so the dashboard's guard sends the visitor to /login. Unless this tab's own logout is
     * under way (its closed socket, or another tab that noticed first, said so): that one goes on to /.
     */
    sessionEnded(state) {
      state.user = null;
      state.status = 'anonymous';
      state.loginPending = false;
      state.ownPassword = noOwnPasswordChange;
    },
    /**
     * The signed-in account is asked again (GET /api/auth/me), e.g. after enrolling in two-factor
     * sign-in: what the server knows now replaces what the session check gave.
     */
    userRefreshRequested() {},
    userRefreshed(state, action: PayloadAction<Me>) {
      if (state.status === 'authenticated') state.user = action.payload;
    },
    /** A protected page was opened after a logout: guard it normally again. */
    logoutSettled(state) {
      state.loggingOut = false;
    },
    logoutFailed(state, action: PayloadAction<string>) {
      state.logoutError = action.payload;
      state.loggingOut = false;
    },
    ownPasswordChangeRequested(state, _action: PayloadAction<OwnPasswordChangeRequest>) {
      state.ownPassword = { changing: true, notice: null, error: null };
    },
    /** Done: this browser holds the fresh session; the server's text ('Senha alterada com sucesso!'). */
    ownPasswordChanged(state, action: PayloadAction<string>) {
      state.ownPassword = { changing: false, notice: action.payload, error: null };
    },
    ownPasswordChangeFailed(state, action: PayloadAction<string>) {
      state.ownPassword = { changing: false, notice: null, error: action.payload };
    },
    /** The form was left (or is checked again): its last answer is forgotten, a change in flight is not. */
    ownPasswordNoticeCleared(state) {
      state.ownPassword.notice = null;
      state.ownPassword.error = null;
    },
  },
});

export const authActions = authSlice.actions;
export const authReducer = authSlice.reducer;
