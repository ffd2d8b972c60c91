import cors from 'cors';
import express, { type ErrorRequestHandler, type Express } from 'express';
import type { Projector } from '@atende/projector';
import { loginThrottle, signupThrottle, type LoginLimits } from '../auth/login-throttle.js';
import { apiRoutes } from '../routes/index.js';
import { toErrorResponse } from './errors.js';
import type { GatewayDeps } from './gateway-deps.js';
import { createMetrics } from './metrics.js';
import { mountRoutes } from './mount-routes.js';
import { openApiDocument } from './openapi.js';
import { operationalRoutes, type OperationalOptions } from './operational-routes.js';
import { forgeryGuard, inputGuard } from './request-guards.js';
import { sandboxTokenGuard } from '../routes/sandbox/sandbox-token.js';
import { requestLog } from './request-log.js';
import { securityHeaders } from './security-headers.js';
import { serveWebClient } from './web-client.js';

export interface AppOptions {
  projectors: readonly Projector[];
  startedAt: Date;
  /** Express `trust proxy` (behind an https proxy the session cookie is then Secure). */
  trustProxy?: boolean | number | string;
  /** The built web client to serve (apps/web/dist); nothing is served when it is missing. */
  webDistDir?: string;
  /** Login throttle limits (tests lower them). */
  loginLimits?: LoginLimits;
  /** METRICS_TOKEN: /metrics and the details of /healthz need it as a bearer token. */
  metricsToken?: string;
  /** Sign-ups per address an hour (tests raise it). */
  signupLimit?: number;
  /** See OperationalOptions.roles. */
  roles?: OperationalOptions['roles'];
}

/** The gateway's HTTP app: every error answers `{ success:false, error, code }` with a 4xx/5xx status. */
export function createApp(deps: GatewayDeps, options: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  // Live inbox data is not cached: no ETag (it would hash every answer) and no-store below.
  app.set('etag', false);
  if (options.trustProxy !== undefined) app.set('trust proxy', options.trustProxy);
  const metrics = createMetrics();
  app.use(requestLog(deps.logger));
  app.use(metrics.middleware);
  app.use(securityHeaders(deps));
  // Only the configured web origin may call with credentials; same-origin needs no CORS at all.
  app.use(cors({ origin: deps.webOrigin ? [deps.webOrigin] : false, credentials: true }));
  app.use('/api', forgeryGuard(deps.webOrigin));
  app.use(express.json({ limit: deps.bodyLimit ?? '100kb', strict: true }));
  app.use('/api', inputGuard());

  if (deps.sandbox) {
    if (!deps.sandboxToken) throw new Error('the WhatsApp sandbox needs a sandbox token');
    app.use('/api/sandbox', sandboxTokenGuard(deps.sandboxToken));
  }
  const routes = apiRoutes(deps);
  app.post('/api/auth/login', ...loginThrottle(options.loginLimits, deps.rateLimitStore));
  if (deps.signupOpen) app.post('/api/signup', signupThrottle(options.signupLimit, deps.rateLimitStore));
  const document = openApiDocument(routes, '0.1.0');
  app.get('/api/openapi.json', (_req, res) => void res.json(document));
  mountRoutes(app, routes, deps);

  const operational = {
    projectors: options.projectors,
    startedAt: options.startedAt,
    registry: metrics.registry,
    ...(options.metricsToken ? { metricsToken: options.metricsToken } : {}),
    ...(options.roles ? { roles: options.roles } : {}),
  };
  app.use(operationalRoutes(deps, operational, false));
  // For a METRICS_PORT listener: the same routes over the same registry (operationalApp).
  app.locals.operational = operational;

  if (options.webDistDir && !serveWebClient(app, options.webDistDir)) {
    deps.logger.warn(
      { webDistDir: options.webDistDir },
      'cliente web não compilado: rode `npm run build -w @atende/web` (só a API está disponível)',
    );
  }

  app.use((_req, res) => {
    res.status(404).json({ success: false, error: 'Rota não encontrada', code: 'NOT_FOUND' });
  });
  const onError: ErrorRequestHandler = (error, req, res, _next) => {
    const { status, body } = toErrorResponse(error);
    if (status >= 500) deps.logger.error({ err: error, reqId: req.id }, 'request failed');
    if (!res.headersSent) res.status(status).json(body);
  };
  app.use(onError);
  return app;
}
