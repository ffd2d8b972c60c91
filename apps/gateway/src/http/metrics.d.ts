import type { RequestHandler } from 'express';
import { Registry } from 'prom-client';
/** Prometheus metrics of one gateway: Node's defaults plus request durations by route and status. */
export declare function createMetrics(): {
    registry: Registry;
    middleware: RequestHandler;
};
