import { z } from 'zod';
import { memberRoles } from '@atende/events';
import { getUser, getWorkspace } from '@atende/projector';
import type { GatewayDeps } from '../http/gateway-deps.js';
import { accountWorkspaces } from './account-workspaces.js';
import type { RequestContext } from './request-context.js';

export const accountWorkspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(memberRoles),
});

export const meSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** The current workspace's company name. */
  company: z.string(),
  role: z.enum(memberRoles),
  /** The workspace this session works in. */
  workspaceId: z.string(),
  /** Every workspace the account may switch to (the current one included). */
  workspaces: z.array(accountWorkspaceSchema),
  trialStarted: z.string(),
  trialDays: z.number(),
  trialDaysLeft: z.number(),
  theme: z.enum(['light', 'dark']).nullable(),
  /** Two-factor sign-in: on for the account; required by the workspace (then it must enrol first). */
  twoFactor: z.object({ enabled: z.boolean(), required: z.boolean() }),
});
export type Me = z.infer<typeof meSchema>;

const DAY = 86_400_000;

/** The signed-in user as the client shows it (spec §3's stored user record, plus role and trial). */
export async function describeMe(deps: GatewayDeps, ctx: RequestContext, now = Date.now()): Promise<Me> {
  const [workspace, user, workspaces] = await Promise.all([
    getWorkspace(deps.readModels.view('workspaces'), ctx.workspaceId),
    getUser(deps.readModels.view('users'), ctx.userId),
    accountWorkspaces(deps, ctx.userId),
  ]);
  const trialStarted = workspace?.trialStartedAt ?? new Date(now).toISOString();
  const trialDays = workspace?.trialDays ?? 7;
  const elapsedDays = Math.floor((now - Date.parse(trialStarted)) / DAY);
  return {
    id: ctx.userId,
    name: ctx.name,
    email: ctx.email,
    company: workspace?.name ?? '',
    role: ctx.role,
    workspaceId: ctx.workspaceId,
    workspaces,
    trialStarted,
    trialDays,
    trialDaysLeft: Math.max(0, trialDays - elapsedDays),
    theme: user?.theme ?? null,
    twoFactor: {
      enabled: user?.twoFactorEnabled === true,
      required: workspace?.settings.security.twoFactor === true,
    },
  };
}
