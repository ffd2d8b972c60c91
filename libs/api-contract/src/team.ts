import { z } from 'zod';

/*
 * The contract imports no domain code: the roles and statuses below are the domain's memberRoles and
 * memberStatuses spelled out, and the gateway's team routes fail to compile if the two lists drift.
 */

/** A member as GET/POST/PUT /api/team answer it (spec §3 Team member). */
export const teamMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** From the most to the least powerful. */
  role: z.enum(['Owner', 'Admin', 'Supervisor', 'Agente']),
  status: z.enum(['active', 'inactive']),
  /** ISO instant of the member's last action in the workspace, or null (never). */
  lastActive: z.string().nullable(),
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
