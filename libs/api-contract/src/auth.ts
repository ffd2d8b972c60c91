import { z } from 'zod';
import { doneAnswerSchema, ok } from './answer.js';
import { memberRoles } from '@atende/events/roles';

/** Team roles of the Equipe screen (spec §6): the domain's list. */
export const memberRoleSchema = z.enum(memberRoles);
export type MemberRole = z.infer<typeof memberRoleSchema>;

/** A company (workspace) the account may switch to, with its role there. */
export const accountWorkspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: memberRoleSchema,
});
export type AccountWorkspace = z.infer<typeof accountWorkspaceSchema>;

/** Two-factor sign-in: on for the account; required by the workspace (then it must enrol first). */
export const twoFactorStatusSchema = z.object({ enabled: z.boolean(), required: z.boolean() });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/**
 * The signed-in user as GET /api/auth/me (and every sign-in, workspace switch and sign-up) answers
 * it: spec §3's stored user record, plus role, workspaces, trial, theme and two-factor status.
 */
export const meSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** The current workspace's company name. */
  company: z.string(),
  role: memberRoleSchema,
  /** The workspace this session works in. */
  workspaceId: z.string(),
  /** Every workspace the account may switch to (the current one included). */
  workspaces: z.array(accountWorkspaceSchema),
  trialStarted: z.string(),
  trialDays: z.number(),
  trialDaysLeft: z.number(),
  theme: z.enum(['light', 'dark']).nullable(),
  twoFactor: twoFactorStatusSchema,
});
export type Me = z.infer<typeof meSchema>;

/** GET /api/auth/config: how to sign in, local accounts or Firebase (with the web SDK settings). */
export const authConfigSchema = z.object({
  mode: z.enum(['local', 'firebase']),
  /** Whether anyone may create a company (ATENDE_SIGNUP=open); false hides the sign-up. */
  signup: z.boolean(),
  firebase: z
    .object({ projectId: z.string(), apiKey: z.string().optional(), authDomain: z.string().optional() })
    .nullable(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

/** GET /api/auth/config. */
export const authConfigAnswerSchema = ok(authConfigSchema.shape);
export type AuthConfigAnswer = z.infer<typeof authConfigAnswerSchema>;

/** The signed-in user: GET /api/auth/me, every sign-in, POST /api/auth/workspace and POST /api/signup. */
export const userAnswerSchema = ok({ user: meSchema });
export type UserAnswer = z.infer<typeof userAnswerSchema>;

/** PUT /api/auth/me/theme: the account's own theme. */
export const themeAnswerSchema = ok({ theme: meSchema.shape.theme.unwrap() });
export type ThemeAnswer = z.infer<typeof themeAnswerSchema>;

/** POST /api/auth/password: the account's own password changed (its other sessions end). */
export const passwordChangedAnswerSchema = doneAnswerSchema;
