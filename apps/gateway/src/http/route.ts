import type { Request, Response } from 'express';
import { z } from 'zod';
import type { Permission } from '../auth/permissions.js';
import type { RequestContext } from '../auth/request-context.js';
import type { MemberRateLimit } from './member-rate-limit.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

export interface RouteInput<P, Q, B> {
  params: Infer<P>;
  query: Infer<Q>;
  body: Infer<B>;
  req: Request;
  res: Response;
}

/**
 * One API call: its schemas validate the request (unknown fields refused) and document it in
 * OpenAPI; `auth` says who may call it. Handlers return the JSON body (status 200 unless `status`).
 */
export interface RouteDefinition<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: HttpMethod;
  /** Express path, e.g. `/api/notes/:noteId`. */
  path: string;
  summary: string;
  tag: string;
  /** `public`: no session needed. Otherwise the permission the session's role must hold. */
  auth: 'public' | 'session' | Permission;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * A multipart/form-data call (read by the handler with receiveUpload, after authorisation): its
   * text parts, and the name of its one file part, for the OpenAPI document.
   */
  upload?: { fields: z.ZodObject; fileField: string };
  response: z.ZodType;
  status?: number;
  /** An expensive call: limited per member (429 beyond it). */
  rateLimit?: MemberRateLimit;
  handler: (input: RouteInput<P, Q, B>, ctx: RequestContext | undefined) => Promise<unknown>;
}

/** Keeps the handler's types tied to its schemas. */
export function defineRoute<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(route: RouteDefinition<P, Q, B>): RouteDefinition {
  return route as unknown as RouteDefinition;
}

export const errorResponseSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string(),
});
