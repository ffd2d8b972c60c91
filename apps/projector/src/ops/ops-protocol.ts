import { z } from 'zod';

/** One request per connection, one JSON object per line each way. */
export const opsRequestSchema = z.object({
  command: z.literal('replay'),
  projections: z.array(z.string().min(1)).min(1),
  dryRun: z.boolean().default(false),
});
export type OpsRequest = z.infer<typeof opsRequestSchema>;

export const opsMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('progress'), processed: z.number(), head: z.number(), position: z.number() }),
  z.object({ kind: z.literal('done'), report: z.unknown() }),
  z.object({ kind: z.literal('error'), message: z.string() }),
]);
export type OpsMessage = z.infer<typeof opsMessageSchema>;

export const OPS_SOCKET_NAME = 'ops.sock';
