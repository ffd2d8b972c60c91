import type { Request, RequestHandler } from 'express';
import { HttpError } from './errors.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Keys that reach an object's prototype when code merges input into objects: refused everywhere. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export const FORBIDDEN_ORIGIN_MESSAGE = 'Origem não permitida';
export const APP_HEADER_REQUIRED_MESSAGE =
  'Requisição recusada: envie Content-Type application/json ou o cabeçalho X-Requested-With';
export const JSON_REQUIRED_MESSAGE = 'Envie os dados como application/json';
export const NUL_MESSAGE = 'Texto com caractere inválido (NUL)';

function originOf(value: string): string | undefined {
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether an origin is this server's own: the same host as the request (as the socket handshake
 * checks it; the scheme may differ behind a TLS-terminating proxy), or the configured WEB_ORIGIN.
 */
function sameSite(req: Request, origin: string | undefined, webOrigin: string | undefined): boolean {
  if (origin === undefined) return false;
  if (webOrigin !== undefined && origin === webOrigin) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

function isJson(req: Request): boolean {
  return /^application\/(?:[\w.+-]+\+)?json\b/i.test(req.headers['content-type'] ?? '');
}

/** A multipart/form-data body (a file upload). */
export function isMultipart(req: Request): boolean {
  return /^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '');
}

/**
 * Same-site request forgery: a state-changing call must come from this origin (or WEB_ORIGIN) when
 * the browser says where it comes from, carry JSON (415 otherwise when it has a body; a file upload
 * may be multipart/form-data with X-Requested-With, which a form of another site cannot add), and a
 * body-less one must carry JSON's content type or X-Requested-With, which a page of another site
 * cannot send without the CORS preflight this server refuses. Runs before the body is read.
 */
export function forgeryGuard(webOrigin: string | undefined): RequestHandler {
  return (req, _res, next) => {
    if (!STATE_CHANGING.has(req.method)) return next();
    const allowed = (origin: string | undefined) => sameSite(req, origin, webOrigin);
    const origin = req.headers.origin;
    const referer = req.headers.referer;
    if (
      origin !== undefined
        ? !allowed(origin === 'null' ? undefined : origin)
        : referer !== undefined && !allowed(originOf(referer))
    ) {
      return next(new HttpError(403, 'FORBIDDEN_ORIGIN', FORBIDDEN_ORIGIN_MESSAGE));
    }
    const appUpload = isMultipart(req) && req.headers['x-requested-with'] !== undefined;
    if (hasBody(req)) {
      if (!isJson(req) && !appUpload) {
        return next(new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', JSON_REQUIRED_MESSAGE));
      }
    } else if (!isJson(req) && req.headers['x-requested-with'] === undefined) {
      return next(new HttpError(403, 'APP_HEADER_REQUIRED', APP_HEADER_REQUIRED_MESSAGE));
    }
    next();
  };
}

/** The first thing of a parsed input no text field may hold: a NUL, or a prototype key. */
export function problemIn(value: unknown, depth = 0): HttpError | undefined {
  if (typeof value === 'string') {
    return value.includes('\u0000') ? new HttpError(400, 'INVALID_TEXT', NUL_MESSAGE) : undefined;
  }
  if (typeof value !== 'object' || value === null || depth > 32) return undefined;
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key)) return new HttpError(400, 'FORBIDDEN_KEY', `Campo não permitido: ${key}`);
    if (key.includes('\u0000')) return new HttpError(400, 'INVALID_TEXT', NUL_MESSAGE);
    const found = problemIn((value as Record<string, unknown>)[key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Refuses NUL characters and `__proto__` / `constructor` / `prototype` keys in the body and the query. */
export function inputGuard(): RequestHandler {
  return (req, _res, next) => {
    const found = problemIn(req.body) ?? problemIn(req.query);
    next(found);
  };
}
