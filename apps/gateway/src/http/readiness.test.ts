import type { AddressInfo } from 'node:net';
import { Registry } from 'prom-client';
import { pino } from 'pino';
import { operationalApp, operationalRoutes, type OperationalOptions } from './operational-routes.js';
import type { GatewayDeps } from './gateway-deps.js';
import type { RoleProgress } from './role-lag.js';
import express from 'express';

// /readyz of a gateway whose relay and projector run elsewhere: it reports their lag and fails
// when the projector is down or too far behind.

let roles: RoleProgress[] = [];
const deps = {
  store: { lastGlobalPosition: async () => 1000 },
  readModels: { ping: async () => undefined },
  logger: pino({ level: 'silent' }),
} as unknown as GatewayDeps;
const options: OperationalOptions = {
  projectors: [],
  startedAt: new Date(),
  registry: new Registry(),
  roles: { probe: async () => roles, limits: { maxLag: 100, staleMs: 10_000 } },
};

async function get(
  app: express.Express,
  path: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  } finally {
    server.close();
  }
}

const publicApp = () => express().use(operationalRoutes(deps, options, false));

describe('/readyz with the relay and projector in another process', () => {
  it('is ready when they are alive and close to the log; lags only for the operator', async () => {
    roles = [
      { role: 'relay', position: 1000, aliveAt: Date.now() },
      { role: 'projector', position: 990, aliveAt: Date.now() },
    ];
    expect(await get(publicApp(), '/readyz')).toEqual({ status: 200, body: { status: 'ready' } });
    const detailed = await get(operationalApp(deps, options), '/readyz');
    expect(detailed.body.roles).toEqual([
      expect.objectContaining({ role: 'relay', lag: 0 }),
      expect.objectContaining({ role: 'projector', lag: 10 }),
    ]);
  });

  it('is not ready when the projector is silent, or behind by more than the threshold', async () => {
    roles = [{ role: 'projector', position: 1000, aliveAt: Date.now() - 60_000 }];
    expect(await get(publicApp(), '/readyz')).toEqual({
      status: 503,
      body: { success: false, error: 'Serviço indisponível', code: 'NOT_READY' },
    });
    roles = [{ role: 'projector', position: 500, aliveAt: Date.now() }];
    const behind = await get(operationalApp(deps, options), '/readyz');
    expect(behind.status).toBe(503);
    expect(behind.body.roles).toEqual([expect.objectContaining({ role: 'projector', lag: 500 })]);
  });
});

describe('/healthz and /readyz answer as the contract says', () => {
  const checked = { ...deps, validateAnswers: true } as GatewayDeps;

  it('checks each answer in development: one that strays from the contract is a 500, not sent', async () => {
    const bad = {
      ...options,
      roles: undefined,
      // A projection state the contract does not know.
      projectors: [{ status: () => [{ name: 'inbox', position: 1, state: 'paused' }] }],
    } as unknown as OperationalOptions;
    const health = await get(operationalApp(checked, bad), '/healthz');
    expect(health).toEqual({
      status: 500,
      body: expect.objectContaining({ success: false, code: 'INTERNAL_ANSWER_INVALID' }),
    });
    const good = {
      ...bad,
      projectors: [{ status: () => [{ name: 'inbox', position: 1, state: 'running' }] }],
    };
    expect(
      await get(operationalApp(checked, good as unknown as OperationalOptions), '/healthz'),
    ).toMatchObject({
      status: 200,
      body: { status: 'ok', projections: [{ name: 'inbox', state: 'running' }] },
    });
  });
});
