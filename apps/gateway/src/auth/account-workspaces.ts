import type { MemberRole } from '@atende/events';
import { getMember, getWorkspace, workspacesOf } from '@atende/projector';
import type { GatewayDeps } from '../http/gateway-deps.js';

/** A workspace an account may open: it is an active member there. */
export interface AccountWorkspace {
  id: string;
  name: string;
  role: MemberRole;
}

/** The workspaces an account is an active member of, by company name (pt-BR order). */
export async function accountWorkspaces(deps: GatewayDeps, userId: string): Promise<AccountWorkspace[]> {
  const members = deps.readModels.view('members');
  const workspaces = deps.readModels.view('workspaces');
  const found = await Promise.all(
    (await workspacesOf(members, userId)).map(async (workspaceId): Promise<AccountWorkspace | undefined> => {
      const [member, workspace] = await Promise.all([
        getMember(members, workspaceId, userId),
        getWorkspace(workspaces, workspaceId),
      ]);
      return member?.status === 'active' && workspace
        ? { id: workspaceId, name: workspace.name, role: member.role }
        : undefined;
    }),
  );
  return found
    .filter((w): w is AccountWorkspace => w !== undefined)
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR') || a.id.localeCompare(b.id));
}

/**
 * The workspace a sign-in opens: the one asked for, else the last one the account switched to, else
 * the first of its workspaces; undefined when the account may open none (or not the one asked for).
 */
export function chooseWorkspace(
  available: readonly AccountWorkspace[],
  lastWorkspaceId: string | undefined,
  requested?: string,
): AccountWorkspace | undefined {
  if (requested !== undefined) return available.find((w) => w.id === requested);
  return available.find((w) => w.id === lastWorkspaceId) ?? available[0];
}
