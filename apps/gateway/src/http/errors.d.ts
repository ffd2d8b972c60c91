/** An answer other than 2xx, with the readable text people see (pt-BR) and a stable code. */
export declare class HttpError extends Error {
    readonly status: number;
    readonly code: string;
    constructor(status: number, code: string, message: string);
}
export interface ErrorBody {
    success: false;
    error: string;
    code: string;
}
export declare const unauthenticated: () => HttpError;
export declare const forbidden: () => HttpError;
export declare const notFound: (what?: string) => HttpError;
/** Turns anything thrown by a handler into a status and the `{ success:false, error, code }` body. */
export declare function toErrorResponse(error: unknown): {
    status: number;
    body: ErrorBody;
};
