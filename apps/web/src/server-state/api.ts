import type { Middleware } from '@reduxjs/toolkit';
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { isApiError } from '../api/api-error';
import { apiRequest, errorText, type RequestOptions } from '../api/client';
import { dynamicMiddleware, injectLazySlice } from '../app/lazy-slices';
import { authActions } from '../features/auth/authSlice';

/** A call as the endpoints describe it: the path and, for a change, its method and JSON body. */
export interface ApiCall {
  path: string;
  method?: RequestOptions['method'];
  body?: unknown;
}

/** A failed call, as the cache keeps it (plain data): the readable text, the HTTP status and the code. */
export interface ApiFailure {
  message: string;
  /** 0 when the request never got an answer (network error or timeout). */
  status: number;
  code: string;
}

/**
 * The one fetch helper (api/client.ts's `apiRequest`) as RTK Query's base query: the same headers
 * (`X-Requested-With`, JSON), the same 30 s timeout and the same pt-BR error texts
 * (`{ success:false, error, code }` → `{ message, status, code }`).
 */
export const apiBaseQuery: BaseQueryFn<ApiCall | string, unknown, ApiFailure> = async (call, { signal }) => {
  const { path, ...options } = typeof call === 'string' ? { path: call } : call;
  try {
    return { data: await apiRequest(path, { ...options, signal }) };
  } catch (reason) {
    return { error: failure(reason) };
  }
};

/**
 * A feature's call (its *-api.ts: the same requests and answers) as an endpoint's `queryFn`: its
 * answer is the data, what it throws the error (`toFailure`, by default as the base query reads it).
 */
export const queryFnOf =
  <A, R>(run: (arg: A, signal: AbortSignal) => Promise<R>, toFailure = failure) =>
  async (arg: A, { signal }: { signal: AbortSignal }) => {
    try {
      return { data: await run(arg, signal) };
    } catch (reason) {
      return { error: toFailure(reason) };
    }
  };

/** A failed call (an ApiError, or anything thrown) as the cache keeps it. */
export function failure(reason: unknown): ApiFailure {
  return isApiError(reason)
    ? { message: reason.message, status: reason.status, code: reason.code }
    : { message: errorText(reason), status: 0, code: 'NETWORK_ERROR' };
}

/**
 * The web client's server state (RTK Query): one slice; each feature adds its endpoints with
 * `api.injectEndpoints` (features/…/…-endpoints.ts) and says what a change makes stale with tags.
 * Like the hooks it replaces, a screen asks again each time it is shown (`refetchOnMountOrArgChange`),
 * showing what the cache has meanwhile.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  tagTypes: [
    'Note',
    'Email',
    'CannedReply',
    'Analytics',
    'Team',
    'Conversation',
    'Notification',
    'Integration',
  ],
  refetchOnMountOrArgChange: true,
  endpoints: () => ({}),
});

/** A sign-out forgets everything the cache holds (the next user of this tab must not see it). */
const resetOnSignOut: Middleware = (store) => (next) => (action) => {
  const result = next(action);
  if (authActions.loggedOut.match(action)) store.dispatch(api.util.resetApiState());
  return result;
};

// Loaded with the first screen that uses it: its reducer and middleware join the store(s) now.
injectLazySlice(api);
dynamicMiddleware.addMiddleware(resetOnSignOut);

/**
 * The cache key of a query kept per conversation (or any one id): the endpoint sets it as its
 * `serializeQueryArgs`, so selectors can read the entry by key (no selector made per id).
 */
export const entryKeyOf = (endpointName: string, id: string) => `${endpointName}(${JSON.stringify(id)})`;

/** A cached query as the store keeps it. */
export interface QueryEntry<T> {
  status: 'uninitialized' | 'pending' | 'fulfilled' | 'rejected';
  data?: T;
  error?: { message?: string };
  originalArgs?: unknown;
  endpointName?: string;
}

/** Every cached query by key (none before the api slice joined the store). */
export const queryEntriesOf = (state: unknown): Record<string, QueryEntry<unknown> | undefined> =>
  (state as { api?: { queries: Record<string, QueryEntry<unknown> | undefined> } }).api?.queries ?? {};

/**
 * A query's error as one shape: the base query's failure, or (an answer the client could not read)
 * RTK Query's serialized error, as 'Erro de conexão' or its message with status 0.
 */
export function failureOf(error: ApiFailure | { message?: string } | undefined): ApiFailure | null {
  if (!error) return null;
  if ('status' in error && 'code' in error) return error;
  return { message: errorText(error), status: 0, code: 'NETWORK_ERROR' };
}
