import express, { type Express } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { randomUUID } from 'node:crypto';
import type { EventStore, ReadModels } from '@atende/events';
import type { Projector } from '@atende/projector';

export interface AppDeps {
  store: EventStore;
  readModels: ReadModels;
  projectors: readonly Projector[];
  logger: Logger;
  startedAt: Date;
}

/** The gateway's HTTP app. Routes grow with each issue; errors always answer `{ success:false, error, code }`. */
export function createApp({ store, projectors, logger, startedAt }: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = (req.headers['x-request-id'] as string | undefined) ?? randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
    }),
  );

  app.get('/healthz', async (_req, res) => {
    try {
      const lastGlobalPosition = await store.lastGlobalPosition();
      res.json({
        status: 'ok',
        uptimeSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
        eventStore: { status: 'ok', lastGlobalPosition },
        projections: projectors.flatMap((p) => p.status()),
      });
    } catch (error) {
      logger.error({ err: error }, 'health check failed');
      res
        .status(503)
        .json({ success: false, error: 'Armazenamento de eventos indisponível', code: 'STORE_UNAVAILABLE' });
    }
  });

  app.use((_req, res) => {
    res.status(404).json({ success: false, error: 'Rota não encontrada', code: 'NOT_FOUND' });
  });
  return app;
}
