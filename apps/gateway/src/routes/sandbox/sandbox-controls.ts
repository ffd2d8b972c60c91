import type { Server } from 'node:http';
import express from 'express';
import type { Logger } from 'pino';
import { toErrorResponse } from '../../http/errors.js';
import type { GatewayDeps } from '../../http/gateway-deps.js';
import { listenHttp } from '../../http/listen.js';
import { mountRoutes } from '../../http/mount-routes.js';
import { sandboxRoutes, type SandboxPhone } from './sandbox-routes.js';
import { sandboxTokenGuard } from './sandbox-token.js';

export interface SandboxControlsOptions {
  sandbox: SandboxPhone;
  conversationIdOf: (sessionId: string, address: string) => Promise<string | undefined>;
  /** The x-sandbox-token every call must carry. */
  token: string;
  port: number;
  host: string;
  logger: Logger;
}

/**
 * The sandbox phone's controls (DESIGN §4) on their own HTTP server, for a channel worker that runs
 * apart from the gateways: the phone lives in that process, so its controls do too.
 */
export async function startSandboxControls(options: SandboxControlsOptions): Promise<Server> {
  const app = express();
  // Its answers are never cached (POSTs and live state): a hash of every body was ≈2 % of the worker.
  app.set('etag', false);
  app.disable('x-powered-by');
  app.use('/api/sandbox', sandboxTokenGuard(options.token));
  app.use(express.json({ limit: '100kb' }));
  // Only public, token-guarded routes: no session, member or rate-limit dependency is consulted.
  mountRoutes(app, sandboxRoutes(options.sandbox, options.conversationIdOf), {
    logger: options.logger,
  } as unknown as GatewayDeps);
  app.use(
    (_req, res) =>
      void res.status(404).json({ success: false, error: 'Rota não encontrada', code: 'NOT_FOUND' }),
  );
  app.use(((error, _req, res, _next) => {
    const { status, body } = toErrorResponse(error);
    res.status(status).json(body);
  }) as express.ErrorRequestHandler);
  return await listenHttp(app, options.port, options.host);
}
