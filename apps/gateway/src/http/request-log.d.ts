import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
declare module 'node:http' {
    interface IncomingMessage {
        /** Request id: the caller's `x-request-id` when well-formed, else a fresh UUID. */
        id: string;
    }
}
/**
 * One pino line per request (id, method, url, status, time) and the `x-request-id` header.
 * Deliberately small: no per-request child logger and no headers (they carry the session cookie),
 * so a busy gateway does not keep a logger object alive for every request in flight.
 */
export declare function requestLog(logger: Logger): RequestHandler;
