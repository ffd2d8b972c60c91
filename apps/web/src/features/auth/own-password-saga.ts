import type { DoneAnswer } from '@atende/api-contract';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, takeLeading } from 'redux-saga/effects';
import { apiRequest, errorText } from '../../api/client';
import { authActions, type OwnPasswordChangeRequest } from './authSlice';

/** The server's text on success, should an answer come without one. */
export const OWN_PASSWORD_CHANGED = 'Senha alterada com sucesso!';

/**
 * POST /api/auth/password: the signed-in account's new password. The server ends every session of
 * the account and answers this one with a fresh cookie; its refusals (WRONG_PASSWORD,
 * PASSWORD_TOO_SHORT, PASSWORD_UNCHANGED, PASSWORD_NOT_LOCAL) come back as its pt-BR text.
 */
export function* changeOwnPassword(action: PayloadAction<OwnPasswordChangeRequest>): SagaIterator {
  try {
    const answer: Partial<DoneAnswer> = yield call(apiRequest<Partial<DoneAnswer>>, '/api/auth/password', {
      method: 'POST',
      body: action.payload,
    });
    yield put(authActions.ownPasswordChanged(answer.message || OWN_PASSWORD_CHANGED));
  } catch (error) {
    yield put(authActions.ownPasswordChangeFailed(errorText(error)));
  }
}

/** One change at a time: a double click does not send twice. */
export function* ownPasswordSaga(): SagaIterator {
  yield takeLeading(authActions.ownPasswordChangeRequested.type, changeOwnPassword);
}
