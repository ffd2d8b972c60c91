/** A failed API call: the server's `{ success:false, error, code }` (or a network/timeout failure) as one error. */
export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when the request never got an answer (network error or timeout). */
    readonly status: number,
    /** The server's stable code, or NETWORK_ERROR / TIMEOUT / INVALID_RESPONSE. */
    readonly code: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
