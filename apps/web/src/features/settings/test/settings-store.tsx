import { configureStore, type Action, type Middleware } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import createSagaMiddleware from 'redux-saga';
import type { Me } from '../../../api/types';
import { apiMiddleware, rootReducer } from '../../../app/store';
import { authActions, authReducer } from '../../auth/authSlice';
import { ownPasswordSaga } from '../../auth/own-password-saga';
import { userRefreshSaga } from '../../auth/session-saga';
import SettingsPage from '../SettingsPage';
import type { WorkspaceSettings } from '../settings-model';
import { settingsSaga } from '../settingsSaga';

export const member = (role: Me['role'], overrides: Partial<Me> = {}): Me => ({
  id: `u-${role.toLowerCase()}`,
  name: `Pessoa ${role}`,
  email: `${role.toLowerCase()}@minha.empresa`,
  company: 'Minha Empresa',
  role,
  workspaceId: 'minha-empresa',
  workspaces: [{ id: 'minha-empresa', name: 'Minha Empresa', role }],
  trialStarted: '2026-01-10T12:00:00.000Z',
  trialDays: 7,
  trialDaysLeft: 7,
  theme: 'light',
  twoFactor: { enabled: false, required: false },
  ...overrides,
});

/** Spec §9's defaults, as the server answers them for a new workspace. */
export const serverDefaults = (): WorkspaceSettings => ({
  company: { name: 'Minha Empresa', email: '', phone: '', website: '' },
  appearance: { theme: 'auto', language: 'pt-BR', timezone: 'America/Sao_Paulo' },
  notifications: { email: true, push: true, sound: false, desktop: true },
  security: { twoFactor: false, sessionTimeout: 30, passwordExpiry: 90 },
});

const tasks: { cancel(): void }[] = [];

/**
 * The app's reducers with only the settings saga (and Alterar senha's, and the user's refresh after
 * the two-factor sign-in changed); every action is recorded.
 */
export function renderSettings(user: Me) {
  const actions: Action[] = [];
  const record: Middleware = () => (next) => (action) => {
    actions.push(action as Action);
    return next(action);
  };
  const saga = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { auth: authReducer(undefined, authActions.sessionChecked(user)) },
    middleware: (getDefault) =>
      getDefault({ serializableCheck: false, immutableCheck: false })
        .prepend(record)
        .concat(apiMiddleware, saga),
  });
  tasks.push(saga.run(settingsSaga), saga.run(ownPasswordSaga), saga.run(userRefreshSaga));
  const view = render(
    <Provider store={store}>
      <SettingsPage />
    </Provider>,
  );
  return { store, view, dispatched: (type: string) => actions.filter((a) => a.type === type) };
}

export function stopSettingsSagas() {
  for (const task of tasks.splice(0)) task.cancel();
}
