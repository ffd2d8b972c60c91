import { z } from 'zod';
import { defineEvent, type EventOf } from '../core/define-event.js';

/** Someone asked for something their role does not allow (stream `audit-{workspaceId}`). */
export const AccessDenied = defineEvent(
  'AccessDenied',
  z.object({
    userId: z.string().min(1),
    role: z.string().min(1),
    permission: z.string().min(1),
    method: z.string().min(1).max(10),
    path: z.string().min(1).max(500),
    /**
     * A summary: this many more refusals of the member on the same route came within a minute of
     * the first one (recorded alone, without `burst`); the last one's method and path are given.
     */
    burst: z.number().int().positive().optional(),
  }),
);

export const auditEventDefinitions = [AccessDenied] as const;
export type AuditEvent = EventOf<typeof AccessDenied>;
