import { z } from 'zod';
import { getUser, getWorkspace } from '@atende/projector';
import type { GatewayDeps } from '../http/gateway-deps.js';
import type { RequestContext } from './request-context.js';

export const meSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  role: z.enum(['Owner', 'Admin', 'Supervisor', 'Agente']),
  workspaceId: z.string(),
  trialStarted: z.string(),
  trialDays: z.number(),
  trialDaysLeft: z.number(),
  theme: z.enum(['light', 'dark']).nullable(),
});
export type Me = z.infer<typeof meSchema>;

const DAY = 86_400_000;

/** The signed-in user as the client shows it (spec §3's stored user record, plus role and trial). */
export async function describeMe(deps: GatewayDeps, ctx: RequestContext, now = Date.now()): Promise<Me> {
  const [workspace, user] = await Promise.all([
    getWorkspace(deps.readModels.view('workspaces'), ctx.workspaceId),
    getUser(deps.readModels.view('users'), ctx.userId),
  ]);
  const trialStarted = workspace?.trialStartedAt ?? new Date(now).toISOString();
  const trialDays = workspace?.trialDays ?? 7;
  const elapsedDays = Math.floor((now - Date.parse(trialStarted)) / DAY);
  return {
    id: ctx.userId,
    name: ctx.name,
    email: ctx.email,
    company: workspace?.name ?? 'Minha Empresa',
    role: ctx.role,
    workspaceId: ctx.workspaceId,
    trialStarted,
    trialDays,
    trialDaysLeft: Math.max(0, trialDays - elapsedDays),
    theme: user?.theme ?? null,
  };
}
