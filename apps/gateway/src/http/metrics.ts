import type { RequestHandler } from 'express';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Prometheus metrics of one gateway: Node's defaults plus request durations by route and status. */
export function createMetrics(): { registry: Registry; middleware: RequestHandler } {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'atende_' });
  const duration = new Histogram({
    name: 'atende_http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const middleware: RequestHandler = (req, res, next) => {
    const end = duration.startTimer();
    res.on('finish', () => {
      const route = (req.route as { path?: string } | undefined)?.path ?? 'unmatched';
      end({ method: req.method, route, status: String(res.statusCode) });
    });
    next();
  };
  return { registry, middleware };
}
