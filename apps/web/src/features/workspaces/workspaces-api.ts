import { apiRequest } from '../../api/client';
import type { UserAnswer } from '@atende/api-contract';
import type { Me } from '../../api/types';

/**
 * POST /api/auth/workspace: a new session in another of the account's companies (the old session
 * ends). Refused with 403 WORKSPACE_FORBIDDEN when the account is not (or no longer) a member there.
 */
export async function switchWorkspace(workspaceId: string): Promise<Me> {
  const answer = await apiRequest<UserAnswer>('/api/auth/workspace', {
    method: 'POST',
    body: { workspaceId },
  });
  return answer.user;
}
