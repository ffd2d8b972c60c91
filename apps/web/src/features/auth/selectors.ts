import type { RootState } from '../../app/store';
import { twoFactorEnrolmentPending } from './two-factor-status';

export const selectAuth = (state: RootState) => state.auth;
export const selectUser = (state: RootState) => state.auth.user;
export const selectAuthStatus = (state: RootState) => state.auth.status;
export const selectAuthConfig = (state: RootState) => state.auth.config;
export const selectAuthConfigStatus = (state: RootState) => state.auth.configStatus;
export const selectLoginPending = (state: RootState) => state.auth.loginPending;
export const selectLoginError = (state: RootState) => state.auth.loginError;
export const selectPasswordChange = (state: RootState) => state.auth.passwordChange;
export const selectSecondFactor = (state: RootState) => state.auth.secondFactor;
/** The workspace requires two-factor sign-in and this account has not enrolled yet. */
export const selectTwoFactorEnrolmentPending = (state: RootState) =>
  twoFactorEnrolmentPending(state.auth.user);
export const selectLoggingOut = (state: RootState) => state.auth.loggingOut;
export const selectLogoutError = (state: RootState) => state.auth.logoutError;
/** The Google button works only when the server signs people in through Firebase. */
export const selectGoogleLoginAvailable = (state: RootState) => state.auth.config?.mode === 'firebase';
/** Whether this server lets anyone create a company (GET /api/auth/config's `signup`); false until known. */
export const selectSignupOpen = (state: RootState) => state.auth.config?.signup === true;
/** Alterar senha: the own password's change (in flight, its success text or refusal). */
export const selectOwnPassword = (state: RootState) => state.auth.ownPassword;
export const selectChangingOwnPassword = (state: RootState) => state.auth.ownPassword.changing;
