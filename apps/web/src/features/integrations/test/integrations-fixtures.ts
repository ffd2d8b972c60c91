import { configureStore, type Action, type Middleware } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { http, HttpResponse } from 'msw';
import type { Me } from '../../../api/types';
import { apiMiddleware, rootReducer, type RootState } from '../../../app/store';
import { authActions, authReducer } from '../../auth/authSlice';
import { INTEGRATIONS, SECRET_FIELDS, type IntegrationType } from '../catalog';
import type { IntegrationCard } from '../integrations-api';
import { integrationsSaga, type IntegrationsSagaOptions } from '../integrationsSaga';

export const owner: Me = {
  id: 'u_ana',
  name: 'Ana Souza',
  email: 'ana@empresa.com.br',
  company: 'Minha Empresa',
  role: 'Owner',
  workspaceId: 'w_1',
  workspaces: [{ id: 'w_1', name: 'Minha Empresa', role: 'Owner' }],
  trialStarted: '2025-01-02T03:04:05.000Z',
  trialDays: 7,
  trialDaysLeft: 5,
  theme: null,
  twoFactor: { enabled: false, required: false },
};

export const withRole = (role: Me['role']): Me => ({ ...owner, id: `u_${role.toLowerCase()}`, role });

/** A card as the server answers it. */
export function card(type: IntegrationType, overrides: Partial<IntegrationCard> = {}): IntegrationCard {
  const info = INTEGRATIONS.find((i) => i.type === type)!;
  return {
    type,
    name: info.name,
    status: 'disconnected',
    configFields: [...info.configFields],
    config: {},
    secretFields: info.configFields.filter((label) => SECRET_FIELDS.includes(label)),
    connectedAt: null,
    lastSync: null,
    serverErrors: [],
    ...overrides,
  };
}

export const allCards = (): IntegrationCard[] => INTEGRATIONS.map((info) => card(info.type));

/** The server's masking: '••••' plus the last 4 characters of a long secret. */
export const mask = (value: string) => (value.length > 8 ? `••••${value.slice(-4)}` : '••••');

/**
 * An in-memory /api/integrations like the gateway's: secrets masked, a masked value sent back
 * unchanged keeps the stored one. `bodies` records what PUT received.
 */
export function integrationsServer(initial: IntegrationCard[] = allCards()) {
  const stored = new Map<IntegrationType, Record<string, string>>();
  let cards = initial.map((c) => ({ ...c }));
  const bodies: { method: string; type: string; body: unknown }[] = [];
  const view = (c: IntegrationCard): IntegrationCard => {
    const raw = stored.get(c.type);
    if (!raw) return c;
    const config: Record<string, string> = {};
    for (const [label, value] of Object.entries(raw)) {
      config[label] = c.secretFields.includes(label) ? mask(value) : value;
    }
    return { ...c, config };
  };
  const handlers = [
    http.get('/api/integrations', () => HttpResponse.json({ success: true, integrations: cards.map(view) })),
    http.put('/api/integrations/:type', async ({ params, request }) => {
      const type = params.type as IntegrationType;
      const body = (await request.json()) as { config: Record<string, string> };
      bodies.push({ method: 'PUT', type, body });
      const old = stored.get(type) ?? {};
      const config: Record<string, string> = {};
      for (const [label, value] of Object.entries(body.config)) {
        config[label] =
          value.startsWith('••••') && old[label] && mask(old[label]) === value ? old[label] : value;
      }
      stored.set(type, config);
      const now = '2025-03-04T15:30:00.000Z';
      cards = cards.map((c) =>
        c.type === type ? { ...c, status: 'connected', connectedAt: now, lastSync: now } : c,
      );
      return HttpResponse.json({
        success: true,
        integration: view(cards.find((c) => c.type === type)!),
        message: 'Configuração salva com sucesso!',
      });
    }),
    http.delete('/api/integrations/:type', ({ params }) => {
      const type = params.type as IntegrationType;
      bodies.push({ method: 'DELETE', type, body: null });
      stored.delete(type);
      cards = cards.map((c) =>
        c.type === type ? { ...c, status: 'disconnected', connectedAt: null, config: {} } : c,
      );
      return HttpResponse.json({
        success: true,
        integration: view(cards.find((c) => c.type === type)!),
        message: 'Integração desconectada',
      });
    }),
  ];
  return { handlers, bodies, stored: () => stored, cards: () => cards };
}

const running: { cancel: () => void }[] = [];

/** The app's reducers with only the integrations saga running; every action is recorded. */
export function createIntegrationsStore(
  options: IntegrationsSagaOptions & { user?: Me | null; preloadedState?: Partial<RootState> } = {},
) {
  const user = options.user === undefined ? owner : options.user;
  const actions: Action[] = [];
  const sagaMiddleware = createSagaMiddleware();
  const record: Middleware = () => (next) => (action) => {
    actions.push(action as Action);
    return next(action);
  };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: {
      auth: authReducer(undefined, authActions.sessionChecked(user)),
      ...options.preloadedState,
    },
    middleware: (getDefault) =>
      getDefault({ immutableCheck: false, serializableCheck: false })
        .prepend(record)
        .concat(apiMiddleware, sagaMiddleware),
  });
  const task = sagaMiddleware.run(integrationsSaga, options);
  running.push({ cancel: () => task.cancel() });
  return Object.assign(store, {
    actions,
    dispatched: (type: string) => actions.filter((action) => action.type === type),
  });
}

export type IntegrationsStore = ReturnType<typeof createIntegrationsStore>;

export function stopIntegrationsStores() {
  for (const store of running.splice(0)) store.cancel();
}
