import { z } from 'zod';
import type { WorkspaceTimezone } from '@atende/events';
import type { RequestContext } from '../../auth/request-context.js';
import { HttpError } from '../../http/errors.js';
import type { GatewayDeps } from '../../http/gateway-deps.js';
export declare const DEFAULT_TIMEZONE: WorkspaceTimezone;
/** A text field with pt-BR messages (zod's own are English). */
export declare function text(max: number): z.ZodString;
export declare function bool(): z.ZodBoolean;
export declare function oneOf<const T extends readonly [string, ...string[]]>(values: T): z.ZodEnum<{ [k_1 in T[number]]: k_1; } extends infer T_1 ? { [k in keyof T_1]: T_1[k]; } : never>;
/** A path id: letters, digits, '-', '_' and ':' (uuids and the seeded ids), at most 200 characters. */
export declare const idSchema: z.ZodString;
/** `?limit=` of a list: 1–1000, as text in the query string. */
export declare const limitQuery: z.ZodOptional<z.ZodPipe<z.ZodPipe<z.ZodString, z.ZodTransform<number, string>>, z.ZodNumber>>;
/** No query parameters accepted (unknown ones are refused). */
export declare const noQuery: z.ZodObject<{}, z.core.$strict>;
/** No body fields accepted (an empty or missing body is fine). */
export declare const noBody: z.ZodObject<{}, z.core.$strict>;
export declare const successOnly: z.ZodObject<{
    success: z.ZodLiteral<true>;
    message: z.ZodOptional<z.ZodString>;
}, z.core.$strip>;
/** A 404 with a readable text (the helper in http/errors.js only has the masculine form). */
export declare function notFoundError(message: string): HttpError;
export declare function badRequest(code: string, message: string): HttpError;
/** The signed-in member: routes other than `public` always have one. */
export declare function requireCtx(ctx: RequestContext | undefined): RequestContext;
export { denyAccess } from '../../http/deny-access.js';
/** The workspace's timezone setting (spec §9 default America/Sao_Paulo). */
export declare function workspaceTimezone(deps: GatewayDeps, workspaceId: string): Promise<string>;
/** The calendar day (YYYY-MM-DD) of an instant in a timezone. */
export declare function dayIn(timeZone: string, at?: Date): string;
