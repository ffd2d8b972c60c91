import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

declare module 'node:http' {
  interface IncomingMessage {
    /** Request id: the caller's `x-request-id` when well-formed, else a fresh UUID. */
    id: string;
  }
}

const REQUEST_ID = /^[\w-]{1,100}$/;

/**
 * One pino line per request (id, method, url, status, time) and the `x-request-id` header.
 * Deliberately small: no per-request child logger and no headers (they carry the session cookie),
 * so a busy gateway does not keep a logger object alive for every request in flight.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    req.id = id;
    res.setHeader('x-request-id', id);
    if (!logger.isLevelEnabled('info')) return next();
    const started = performance.now();
    const done = () => {
      res.removeListener('finish', done);
      res.removeListener('close', done);
      const line = {
        reqId: id,
        method: req.method,
        url: req.originalUrl,
        statusCode: res.statusCode,
        responseTime: Math.round((performance.now() - started) * 10) / 10,
      };
      if (!res.writableFinished) logger.warn(line, 'request aborted');
      else logger[res.statusCode >= 500 ? 'error' : 'info'](line, 'request completed');
    };
    res.on('finish', done);
    res.on('close', done);
    next();
  };
}
