import { ApiError } from './api-error';

/** The spec's request timeout (§7, §9). */
export const REQUEST_TIMEOUT_MS = 30_000;

export const NETWORK_ERROR_TEXT = 'Erro de conexão';

/**
 * The readable text of a failed call (the server's `error`, or 'Erro de conexão'): an Error's message,
 * or the `message` of a failure the server-state cache kept as plain data.
 */
export function errorText(reason: unknown): string {
  const message =
    typeof reason === 'object' && reason !== null ? (reason as { message?: unknown }).message : null;
  return typeof message === 'string' && message ? message : NETWORK_ERROR_TEXT;
}
export const TIMEOUT_TEXT = 'O servidor demorou demais para responder. Tente novamente.';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Same-origin URLs (the dev server proxies /api to the gateway); absolute so Node's fetch in tests takes them too. */
export const apiUrl = (path: string): string => new URL(path, window.location.href).toString();

/**
 * Calls the gateway and answers its JSON body when `success` is not false. Everything else
 * becomes an ApiError with a readable message: the server's `error` text, `HTTP {status}: {body}`
 * for a non-JSON answer (spec §8), 'Erro de conexão' without an answer, and a timeout after 30 s.
 */
export async function apiRequest<T = Record<string, unknown>>(
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      // X-Requested-With: the server refuses state changes without it or JSON (same-site forgery guard).
      headers:
        options.body === undefined
          ? { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' }
          : {
              Accept: 'application/json',
              'Content-Type': 'application/json',
              'X-Requested-With': 'XMLHttpRequest',
            },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
    });
  } catch (error) {
    if (timeout.aborted) throw new ApiError(TIMEOUT_TEXT, 0, 'TIMEOUT');
    if (options.signal?.aborted) throw error;
    throw new ApiError(NETWORK_ERROR_TEXT, 0, 'NETWORK_ERROR');
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? {} : JSON.parse(text);
  } catch {
    throw new ApiError(`HTTP ${response.status}: ${text.slice(0, 300)}`, response.status, 'INVALID_RESPONSE');
  }
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (!response.ok || record.success === false) {
    const message =
      typeof record.error === 'string' && record.error ? record.error : `HTTP ${response.status}`;
    const code = typeof record.code === 'string' ? record.code : `HTTP_${response.status}`;
    throw new ApiError(message, response.status, code);
  }
  return record as T;
}
