import { entitlementAt, type ConversationAllowance, type SeatAllowance } from '@atende/events';
import { conversationAllowance, getWorkspace, listMembers, workspacePlanOfDoc } from '@atende/projector';
import type { GatewayDeps } from '../../http/gateway-deps.js';
import { notFoundError } from './shared.js';

const WORKSPACE_NOT_FOUND = 'Empresa não encontrada';

/** The workspace's plan and its active members now, for the member decider's seat rule. */
export async function seatAllowance(
  deps: GatewayDeps,
  workspaceId: string,
  now = new Date(),
): Promise<SeatAllowance> {
  const [workspace, members] = await Promise.all([
    getWorkspace(deps.readModels.view('workspaces'), workspaceId),
    listMembers(deps.readModels.view('members'), workspaceId),
  ]);
  if (!workspace) throw notFoundError(WORKSPACE_NOT_FOUND);
  return {
    entitlement: entitlementAt(workspacePlanOfDoc(workspace), now),
    activeMembers: members.filter((m) => m.status === 'active').length,
  };
}

/** The workspace's standing for conversations now (trial, plan, this month's count). */
export async function sendAllowance(
  deps: GatewayDeps,
  workspaceId: string,
  now = new Date(),
): Promise<ConversationAllowance> {
  const allowance = await conversationAllowance(deps.readModels.view('workspaces'), workspaceId, now);
  if (!allowance) throw notFoundError(WORKSPACE_NOT_FOUND);
  return allowance;
}
