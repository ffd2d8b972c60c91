import type { Me } from '@atende/api-contract';
import { getUser, getWorkspace } from '@atende/projector';
import type { GatewayDeps } from '../http/gateway-deps.js';
import { accountWorkspaces } from './account-workspaces.js';
import type { RequestContext } from './request-context.js';

const DAY = 86_400_000;

/** The signed-in user as the client shows it (the contract's meSchema: stored user record, role, trial…). */
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
