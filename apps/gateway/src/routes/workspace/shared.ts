import { z } from 'zod';
import type { WorkspaceTimezone } from '@atende/events';
import { getWorkspace } from '@atende/projector';
import type { RequestContext } from '../../auth/request-context.js';
import { HttpError } from '../../http/errors.js';
import type { GatewayDeps } from '../../http/gateway-deps.js';

/* Helpers shared by the workspace routes (notes, emails, team, settings, integrations, analytics). */

export const DEFAULT_TIMEZONE: WorkspaceTimezone = 'America/Sao_Paulo';

/** A text field with pt-BR messages (zod's own are English). */
export function text(max: number) {
  return z.string({ error: 'deve ser um texto' }).max(max, { error: `deve ter no máximo ${max} caracteres` });
}

export function bool() {
  return z.boolean({ error: 'deve ser verdadeiro ou falso' });
}

export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `deve ser um de: ${values.join(', ')}` });
}

/** A path id: letters, digits, '-', '_' and ':' (uuids and the seeded ids), at most 200 characters. */
export const idSchema = z.string().regex(/^[\w:.@-]{1,200}$/, { error: 'identificador inválido' });

/** `?limit=` of a list: 1–1000, as text in the query string. */
export const limitQuery = z
  .string({ error: 'deve ser um número' })
  .regex(/^\d{1,4}$/, { error: 'deve ser um número inteiro' })
  .transform(Number)
  .pipe(z.number().int().min(1, { error: 'deve ser no mínimo 1' }).max(1000, { error: 'máximo 1000' }))
  .optional();

/** No query parameters accepted (unknown ones are refused). */
export const noQuery = z.strictObject({});

/** No body fields accepted (an empty or missing body is fine). */
export const noBody = z.strictObject({});

export const successOnly = z.object({ success: z.literal(true), message: z.string().optional() });

/** A 404 with a readable text (the helper in http/errors.js only has the masculine form). */
export function notFoundError(message: string): HttpError {
  return new HttpError(404, 'NOT_FOUND', message);
}

export function badRequest(code: string, message: string): HttpError {
  return new HttpError(400, code, message);
}

/** The signed-in member: routes other than `public` always have one. */
export function requireCtx(ctx: RequestContext | undefined): RequestContext {
  if (!ctx) throw new HttpError(401, 'UNAUTHENTICATED', 'Sessão expirada. Entre novamente.');
  return ctx;
}

export { denyAccess } from '../../http/deny-access.js';

/** The workspace's timezone setting (spec §9 default America/Sao_Paulo). */
export async function workspaceTimezone(deps: GatewayDeps, workspaceId: string): Promise<string> {
  const workspace = await getWorkspace(deps.readModels.view('workspaces'), workspaceId);
  return workspace?.settings.appearance.timezone ?? DEFAULT_TIMEZONE;
}

/** The calendar day (YYYY-MM-DD) of an instant in a timezone. */
export function dayIn(timeZone: string, at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}
