import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Task } from 'redux-saga';
import type { Me } from '../../../api/types';
import { apiMiddleware, rootReducer } from '../../../app/store';
import { authActions, authReducer } from '../../auth/authSlice';
import { teamSaga } from '../teamSaga';

const tasks: Task[] = [];

/** The app's reducers signed in as `user`, with only the team saga running. */
export function createTeamStore(user: Me) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { auth: authReducer(undefined, authActions.sessionChecked(user)) },
    middleware: (getDefault) => getDefault().concat(apiMiddleware, sagaMiddleware),
  });
  tasks.push(sagaMiddleware.run(teamSaga));
  return store;
}

/** Stops the sagas of the stores made so far (afterEach). */
export function stopTeamStores() {
  for (const task of tasks.splice(0)) task.cancel();
}
