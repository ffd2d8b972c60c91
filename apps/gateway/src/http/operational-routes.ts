import { timingSafeEqual } from 'node:crypto';
import express, { type Express, type Request, type Response, type Router } from 'express';
import type { z } from 'zod';
import {
  healthAnswerSchema,
  notReadyAnswerSchema,
  readyAnswerSchema,
  type HealthAnswer,
  type NotReadyAnswer,
  type ReadyAnswer,
} from '@atende/api-contract';
import type { Projector } from '@atende/projector';
import type { Registry } from 'prom-client';
import { checkAnswer } from './answer-check.js';
import { toErrorResponse } from './errors.js';
import type { GatewayDeps } from './gateway-deps.js';
import { roleLags, type ReadinessLimits, type RoleProgressProbe } from './role-lag.js';

export interface OperationalOptions {
  projectors: readonly Projector[];
  startedAt: Date;
  registry: Registry;
  /** METRICS_TOKEN: the bearer token /metrics and the detailed /healthz ask for. */
  metricsToken?: string;
  /** The roles following the log in other processes (distributed): /readyz reports and checks their lag. */
  roles?: { probe: RoleProgressProbe; limits: ReadinessLimits };
}

function bearerMatches(req: Request, token: string | undefined): boolean {
  if (!token) return false;
  const header = req.headers.authorization ?? '';
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * /healthz, /readyz and /metrics. `trusted`: every caller may read everything (the METRICS_PORT
 * listener, on loopback by default); otherwise /metrics and the details of /healthz need the bearer
 * METRICS_TOKEN, and anonymous callers get the status alone (no positions, projections or uptime).
 */
export function operationalRoutes(deps: GatewayDeps, options: OperationalOptions, trusted: boolean): Router {
  const router = express.Router();
  const allowed = (req: Request) => trusted || bearerMatches(req, options.metricsToken);
  router.get('/healthz', async (req, res) => {
    const answer: HealthAnswer = allowed(req)
      ? {
          status: 'ok',
          uptimeSeconds: Math.round((Date.now() - options.startedAt.getTime()) / 1000),
          eventStore: { lastGlobalPosition: await deps.store.lastGlobalPosition() },
          projections: options.projectors.flatMap((p) => p.status()),
        }
      : { status: 'ok' };
    send(res, 200, healthAnswerSchema, answer, 'GET /healthz');
  });
  router.get('/readyz', async (req, res) => {
    // Positions and lags only for those allowed the details (as /healthz).
    let lags: ReturnType<typeof roleLags>['roles'] | undefined;
    try {
      const lastPosition = await deps.store.lastGlobalPosition();
      await deps.readModels.ping();
      const failed = options.projectors.flatMap((p) => p.status()).filter((s) => s.state === 'failed');
      if (failed.length > 0) throw new Error(`projections failed: ${failed.map((f) => f.name).join(', ')}`);
      if (options.roles) {
        const checked = roleLags(lastPosition, await options.roles.probe(), options.roles.limits);
        lags = checked.roles;
        if (checked.problems.length > 0) throw new Error(checked.problems.join('; '));
      }
      const ready: ReadyAnswer = { status: 'ready', ...(lags && allowed(req) ? { roles: lags } : {}) };
      return send(res, 200, readyAnswerSchema, ready, 'GET /readyz');
    } catch (error) {
      // The reason stays in the log: callers learn only that it is not ready.
      deps.logger.warn({ err: error }, 'not ready');
      const notReady: NotReadyAnswer = {
        success: false,
        error: 'Serviço indisponível',
        code: 'NOT_READY',
        ...(lags && allowed(req) ? { roles: lags } : {}),
      };
      send(res, 503, notReadyAnswerSchema, notReady, 'GET /readyz');
    }
  });
  /** Answers as the contract says (checked in development, as every route's answer). */
  function send(res: Response, status: number, schema: z.ZodType, answer: unknown, route: string): void {
    try {
      checkAnswer(deps, schema, answer, route);
      res.status(status).json(answer);
    } catch (error) {
      const refused = toErrorResponse(error);
      res.status(refused.status).json(refused.body);
    }
  }
  router.get('/metrics', async (req, res) => {
    if (!allowed(req)) {
      return void res.status(options.metricsToken ? 401 : 404).json({
        success: false,
        error: options.metricsToken ? 'Token de métricas inválido' : 'Rota não encontrada',
        code: options.metricsToken ? 'UNAUTHENTICATED' : 'NOT_FOUND',
      });
    }
    res.type(options.registry.contentType).send(await options.registry.metrics());
  });
  return router;
}

/** The METRICS_PORT listener's app: the operational routes alone, readable without a token. */
export function operationalApp(deps: GatewayDeps, options: OperationalOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(operationalRoutes(deps, options, true));
  app.use(
    (_req, res) =>
      void res.status(404).json({ success: false, error: 'Rota não encontrada', code: 'NOT_FOUND' }),
  );
  return app;
}
