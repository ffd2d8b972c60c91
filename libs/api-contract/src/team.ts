import { z } from 'zod';
import { doneAnswerSchema, ok } from './answer.js';
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

/** GET /api/team: earliest joined first. */
export const teamAnswerSchema = ok({ members: z.array(teamMemberSchema) });
export type TeamAnswer = z.infer<typeof teamAnswerSchema>;

/** POST /api/team: the new member; a new account's one-time password (shown once), null for an existing account. */
export const memberAddedAnswerSchema = ok({
  member: teamMemberSchema,
  oneTimePassword: z.string().nullable(),
  message: z.string(),
});
export type MemberAddedAnswer = z.infer<typeof memberAddedAnswerSchema>;

/** PUT /api/team/:userId. */
export const memberUpdatedAnswerSchema = ok({ member: teamMemberSchema, message: z.string() });
export type MemberUpdatedAnswer = z.infer<typeof memberUpdatedAnswerSchema>;

/**
 * POST /api/team/:userId/password-reset: the member's new one-time password (shown once; they set
 * their own at the next sign-in).
 */
export const passwordResetAnswerSchema = ok({ oneTimePassword: z.string(), message: z.string() });
export type PasswordResetAnswer = z.infer<typeof passwordResetAnswerSchema>;

/** DELETE /api/team/:userId: the member left the team (their sessions end). */
export const memberRemovedAnswerSchema = doneAnswerSchema;
