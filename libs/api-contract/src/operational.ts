import { z } from 'zod';

/** A role following the log in another process (distributed mode), as /readyz reports it. */
export const roleLagSchema = z.object({
  role: z.string(),
  position: z.number().int(),
  /** Events of the log it has not handled yet. */
  lag: z.number().int(),
  /** Milliseconds since its last heartbeat, when it has one. */
  silentMs: z.number().optional(),
});
export type RoleLag = z.infer<typeof roleLagSchema>;

/** A projection of this process, as the detailed /healthz reports it. */
export const projectionStatusSchema = z.object({
  name: z.string(),
  position: z.number().int(),
  state: z.enum(['running', 'failed']),
  error: z.string().optional(),
});
export type ProjectionStatus = z.infer<typeof projectionStatusSchema>;

/** GET /healthz: the status alone, or (METRICS_TOKEN, METRICS_PORT) with the details. */
export const healthAnswerSchema = z.object({
  status: z.literal('ok'),
  uptimeSeconds: z.number().int().nonnegative().optional(),
  eventStore: z.object({ lastGlobalPosition: z.number().int().nonnegative() }).optional(),
  projections: z.array(projectionStatusSchema).optional(),
});
export type HealthAnswer = z.infer<typeof healthAnswerSchema>;

/** GET /readyz when ready; the roles' lags only for callers allowed the details. */
export const readyAnswerSchema = z.object({
  status: z.literal('ready'),
  roles: z.array(roleLagSchema).optional(),
});
export type ReadyAnswer = z.infer<typeof readyAnswerSchema>;

/** GET /readyz when not ready (503): why stays in the server's log. */
export const notReadyAnswerSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.literal('NOT_READY'),
  roles: z.array(roleLagSchema).optional(),
});
export type NotReadyAnswer = z.infer<typeof notReadyAnswerSchema>;
