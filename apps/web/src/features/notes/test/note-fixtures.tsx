import { configureStore, type Middleware } from '@reduxjs/toolkit';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import createSagaMiddleware, { type Saga } from 'redux-saga';
import type { Me } from '../../../api/types';
import { apiMiddleware, rootReducer } from '../../../app/store';
import { authActions, authReducer } from '../../auth/authSlice';
import type { Note } from '../notes-api';
import { ENHANCER_OPTIONS } from '../../../app/store-factory';

export const me: Me = {
  id: 'u_ana',
  name: 'Ana Souza',
  email: 'ana@loja.com',
  company: 'Minha Empresa',
  role: 'Owner',
  workspaceId: 'w1',
  workspaces: [{ id: 'w1', name: 'Minha Empresa', role: 'Owner' }],
  trialStarted: '2025-03-10T12:00:00.000Z',
  trialDays: 7,
  trialDaysLeft: 5,
  theme: 'light',
  twoFactor: { enabled: false, required: false },
};

export const note = (n: number, overrides: Partial<Note> = {}): Note => ({
  id: `n${n}`,
  authorId: 'u_ana',
  title: `Anotação ${n}`,
  content: `Texto ${n}`,
  createdAt: '2025-03-10T12:00:00.000Z',
  updatedAt: '2025-03-10T12:00:00.000Z',
  reminder: null,
  isPinned: false,
  tags: [],
  ...overrides,
});

const running: { cancel: () => void }[] = [];

/** The app's reducers (and the server-state cache's middleware), signed in, with only the given saga running; every action is recorded. */
export function createTestStore(saga?: Saga) {
  const actions: { type: string; payload?: unknown }[] = [];
  const sagaMiddleware = createSagaMiddleware();
  const record: Middleware = () => (next) => (action) => {
    actions.push(action as { type: string });
    return next(action);
  };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { auth: authReducer(undefined, authActions.sessionChecked(me)) },
    middleware: (getDefault) =>
      getDefault({ serializableCheck: false }).prepend(record).concat(apiMiddleware, sagaMiddleware),
    enhancers: (getDefault) => getDefault(ENHANCER_OPTIONS),
  });
  if (saga) {
    const task = sagaMiddleware.run(saga);
    running.push({ cancel: () => task.cancel() });
  }
  return Object.assign(store, {
    actions,
    dispatched: (type: string) => actions.filter((a) => a.type === type),
  });
}

export type TestStore = ReturnType<typeof createTestStore>;

/** Stops the sagas started so far (afterEach). */
export function stopTestStores() {
  for (const task of running.splice(0)) task.cancel();
}

export function renderWithStore(
  ui: ReactElement,
  store: TestStore = createTestStore(),
): RenderResult & { user: UserEvent; store: TestStore } {
  const user = userEvent.setup();
  const view = render(<Provider store={store}>{ui}</Provider>);
  return { ...view, user, store };
}
