import { all, fork } from 'redux-saga/effects';
import { authSaga } from '../features/auth/authSaga';
import { layoutSaga } from '../features/layout/layoutSaga';
import { themeSaga } from '../features/theme/themeSaga';

export function* rootSaga() {
  yield all([fork(authSaga), fork(themeSaga), fork(layoutSaga)]);
}
