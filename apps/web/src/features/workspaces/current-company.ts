import type { Me } from '../../api/types';

/** The current company's name as the server gave it (`company`, else its entry in `workspaces`). */
export function currentCompanyName(user: Pick<Me, 'company' | 'workspaceId' | 'workspaces'>): string {
  if (user.company) return user.company;
  return (user.workspaces ?? []).find((workspace) => workspace.id === user.workspaceId)?.name ?? '';
}
