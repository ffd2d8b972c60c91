import { z } from 'zod';
import { memberRoles, memberStatuses } from '@atende/events/roles';

/** A member as GET/POST/PUT /api/team answer it (spec §3 Team member). */
export const teamMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** From the most to the least powerful. */
  role: z.enum(memberRoles),
  status: z.enum(memberStatuses),
  /** ISO instant of the member's last action in the workspace, or null (never). */
  lastActive: z.string().nullable(),
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
