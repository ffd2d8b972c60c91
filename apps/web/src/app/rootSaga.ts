import { all, fork } from 'redux-saga/effects';
import { authSaga } from '../features/auth/authSaga';
import { chatSaga } from '../features/chat/chatSaga';
import { conversationsSaga } from '../features/conversations/conversationsSaga';
import { integrationsSaga } from '../features/integrations/integrationsSaga';
import { layoutSaga } from '../features/layout/layoutSaga';
import { messagesSaga } from '../features/messages/messagesSaga';
import { realtimeSaga } from '../features/realtime/realtimeSaga';
import { settingsSaga } from '../features/settings/settingsSaga';
import { signupSaga } from '../features/signup/signupSaga';
import { themeSaga } from '../features/theme/themeSaga';

export function* rootSaga() {
  yield all([
    fork(authSaga),
    fork(signupSaga),
    fork(themeSaga),
    fork(layoutSaga),
    fork(conversationsSaga),
    fork(realtimeSaga),
    fork(messagesSaga),
    fork(chatSaga),
    fork(settingsSaga),
    fork(integrationsSaga),
  ]);
}
