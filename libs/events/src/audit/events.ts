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
  }),
);

export const auditEventDefinitions = [AccessDenied] as const;
export type AuditEvent = EventOf<typeof AccessDenied>;
