import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, takeLeading } from 'redux-saga/effects';
import type { Me } from '../../api/types';
import type { Navigate } from '../../app/store';
import { authActions } from '../auth/authSlice';
import { DEFAULT_AFTER_LOGIN } from '../auth/redirect';
import { postSignup } from './signup-api';
import { signupErrorText } from './signup-errors';
import { signupActions } from './signupSlice';

/** Creates the company; on success the Owner is signed in exactly as after a login (record kept, /dashboard). */
function* signUp(action: ReturnType<typeof signupActions.signupRequested>): SagaIterator {
  let user: Me;
  try {
    user = yield call(postSignup, action.payload);
  } catch (error) {
    yield put(signupActions.signupFailed(signupErrorText(error)));
    return;
  }
  yield put(signupActions.signupSucceeded());
  yield put(authActions.loginSucceeded(user));
  const navigate: Navigate = yield getContext('navigate');
  yield call(navigate, DEFAULT_AFTER_LOGIN);
}

export function* signupSaga(): SagaIterator {
  yield takeLeading(signupActions.signupRequested.type, signUp);
}
